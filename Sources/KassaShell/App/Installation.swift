// Installation: what `kassa install` puts under a prefix (default ~/.local) and `kassa uninstall`
// takes away: the running binary, the man page (English, and Russian under man/ru), and the
// bash, zsh and fish completion scripts, each in the folder its tool looks in. Every file is
// written beside its place and renamed over it, so an interrupted install leaves no half file.
// The journal and the config file are never touched.

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

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
