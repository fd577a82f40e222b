// AtomicFile: writes a small file kassa owns (the config file, an installed binary, a man page)
// so that a crash leaves the old file or the new one, never half of one: a temporary file
// beside it, written whole, fsynced, then renamed over the old one. Missing folders are made.

#if canImport(Glibc)
import Glibc
#endif

enum AtomicFile {
    /// Writes `bytes` to `path` with `mode`, making missing folders with `folderMode`.
    /// Returns errno on failure (and leaves nothing behind).
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, folderMode: mode_t) -> Int32? {
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            makeDirectories(String(path[..<slash]), mode: folderMode)
        }
        let temporary = path + ".tmp.\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard descriptor >= 0 else { return errno }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                unlink(temporary)
                return failure
            }
            written += count
        }
        fchmod(descriptor, mode)
        if fsync(descriptor) != 0 || close(descriptor) != 0 || rename(temporary, path) != 0 {
            let failure = errno
            unlink(temporary)
            return failure
        }
        return nil
    }

    /// Makes every missing folder of `path` with `mode`.
    static func makeDirectories(_ path: String, mode: mode_t) {
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + part
            mkdir(current, mode)
        }
    }
}
