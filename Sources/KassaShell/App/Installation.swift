// Installation: what `kassa install` puts under a prefix (default ~/.local) and `kassa uninstall`
// takes away: the running binary, the man page (English, and Russian under man/ru), and the
// bash, zsh and fish completion scripts, each in the folder its tool looks in. Every file is
// written beside its place and renamed over it, so an interrupted install leaves no half file.
// The journal and the config file are never touched, and uninstall removes only a file whose
// content shows kassa wrote it (isOurs: the binary's mark, the man page's mark line, the
// completion scripts' first line): a person's own file at one of these paths stays.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

struct Installation {
    let prefix: String

    enum Item: CaseIterable {
        case binary, manual, manualRussian, bash, zsh, fish
    }

    func path(_ item: Item) -> String {
        switch item {
        case .binary: prefix + "/bin/kassa"
        case .manual: prefix + "/share/man/man1/kassa.1"
        case .manualRussian: prefix + "/share/man/ru/man1/kassa.1"
        case .bash: prefix + "/share/bash-completion/completions/kassa"
        case .zsh: prefix + "/share/zsh/site-functions/_kassa"
        case .fish: prefix + "/share/fish/vendor_completions.d/kassa.fish"
        }
    }

    /// The prefix asked for (made absolute), else ~/.local; nil without a home.
    static func prefix(_ option: String?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty {
            guard !option.hasPrefix("/") else { return option }
            var buffer = [CChar](repeating: 0, count: 4096)
            guard getcwd(&buffer, buffer.count) != nil else { return option }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + option
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local"
    }

    /// Writes `bytes` to `path` (shared folders such as share/man made 0755) with `mode`; errno on failure.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) -> Int32? {
        AtomicFile.write(bytes, to: path, mode: mode, folderMode: 0o755)
    }

    /// Bytes every kassa binary carries (this literal is in its read-only data), looked for in a
    /// file at bin/kassa before it is removed. Kept the same across versions.
    static let binaryMark = "kassa-installed-binary-mark:4f1c9e"

    /// True when the regular file at `path` (not a link) holds what kassa writes for `item`: its
    /// binary (carrying binaryMark), its man page, its completion script.
    static func isOurs(_ item: Item, at path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        switch item {
        case .binary: return contains(descriptor, Array(binaryMark.utf8))
        case .manual, .manualRussian: return secondLine(descriptor, is: manualMark)
        case .bash: return starts(descriptor, with: "# bash completion for kassa: made by `kassa completions bash`")
        case .zsh: return starts(descriptor, with: "#compdef kassa\n# zsh completion for kassa: made by `kassa completions zsh`")
        case .fish: return starts(descriptor, with: "# fish completion for kassa: made by `kassa completions fish`")
        }
    }

    /// A comment line (roff `.\"`) every man page kassa writes carries right after its `.TH`
    /// line: a page of the person's own that starts `.TH KASSA 1` is not kassa's.
    static let manualMark = ".\\\" written by kassa: kassa-installed-manual-mark:4f1c9e"

    /// Whether the file's second line is `mark` (its first at most 4 KiB, as a `.TH` line is).
    private static func secondLine(_ descriptor: Int32, is mark: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096 + mark.utf8.count + 2)
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        let head = buffer[0..<filled]
        guard let firstEnd = head.firstIndex(of: 10) else { return false }
        let rest = head[(firstEnd + 1)...]
        let expected = Array(mark.utf8) + [10]
        return rest.starts(with: expected)
    }

    private static func starts(_ descriptor: Int32, with text: String) -> Bool {
        let expected = Array(text.utf8)
        var buffer = [UInt8](repeating: 0, count: expected.count)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == expected.count && buffer == expected
    }

    /// Whether the file holds `mark`, read in blocks (a block keeps the previous block's tail, so
    /// a mark across a boundary is found).
    private static func contains(_ descriptor: Int32, _ mark: [UInt8]) -> Bool {
        var carried: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            let window = carried + block[0..<count]
            if window.count >= mark.count {
                var index = 0
                while index + mark.count <= window.count {
                    if window[index] == mark[0], window[index..<index + mark.count].elementsEqual(mark) { return true }
                    index += 1
                }
            }
            carried = Array(window.suffix(mark.count - 1))
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
