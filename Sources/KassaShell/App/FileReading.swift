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
        return bytes(from: descriptor)
    }

    static func bytes(from descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
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
