// AtomicFile: writes a small file kassa owns (the config file, an installed binary, a man page)
// so that a crash leaves the old file or the new one, never half of one: SafeFile's temporary
// beside it (made exclusively, never through a link), written whole, fsynced, renamed over the
// old one, the folder fsynced. Missing folders are made.

#if canImport(Glibc)
import Glibc
#endif
import KassaStore

enum AtomicFile {
    /// Writes `bytes` to `path` with `mode`, making missing folders with `folderMode`.
    /// Returns errno on failure (and leaves nothing behind).
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, folderMode: mode_t) -> Int32? {
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            makeDirectories(String(path[..<slash]), mode: folderMode)
        }
        return SafeFile.write(bytes, to: path, mode: mode)?.code
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
