// JournalIncludeFiles: the files an imported journal's `include` may name — only regular files
// inside the imported file's folder (or below it), found by their real path, so neither `../`,
// an absolute path elsewhere nor a symbolic link leads out of it; a pattern (`*.journal`) is
// refused, since kassa reads the files named, not a folder's listing. The readers find cycles by
// the real paths given back.

#if canImport(Glibc)
import Glibc
#endif
import KassaInterchange

enum JournalIncludeFiles {
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The imported file's real path (its key) and the includer for it; nil for stdin or an unreadable path.
    static func make(for source: String?) -> (key: String, include: JournalIncluder)? {
        guard let source, let top = realPath(source) else { return nil }
        let root = folder(of: top)
        let include: JournalIncluder = { written, from in
            if written.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) { return .refused("glob") }
            let base = from.isEmpty ? root : folder(of: from)
            let candidate = written.hasPrefix("/") ? written : base + "/" + written
            guard let real = realPath(candidate) else { return .refused("unreadable") }
            guard real.hasPrefix(root == "/" ? "/" : root + "/") else { return .refused("outside") }
            var status = stat()
            guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  let bytes = FileReading.bytes(atPath: real) else { return .refused("unreadable") }
            return .file(key: real, name: String(real.dropFirst(root.count + 1)), bytes: LineEnds.unified(bytes))
        }
        return (top, include)
    }
}
