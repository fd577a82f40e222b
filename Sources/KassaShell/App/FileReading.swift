// FileReading: whole files and streams as bytes through open/read(2): no Foundation on the
// start-up path, EINTR retried, nil on failure.

#if canImport(Glibc)
import Glibc
#endif

enum FileReading {
    static func bytes(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A regular file's size up front: a 100 MB import is read without regrowing copies.
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        return bytes(from: descriptor, expected: size)
    }

    static func bytes(from descriptor: Int32, expected: Int = 0) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
