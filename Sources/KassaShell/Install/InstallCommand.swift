// InstallCommand: `kassa install [--prefix DIR]` copies the running kassa, its man pages and its
// completion scripts under DIR (default ~/.local: bin/, share/man/, share/bash-completion/,
// share/zsh/site-functions/, share/fish/vendor_completions.d/) and says what it wrote and what
// the shell may still need (PATH, zsh's fpath). The binary carries its data, so nothing else is
// needed. `kassa uninstall` (UninstallCommand) takes the same files away.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct InstallCommand: Command {
    public static let name = "install"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let options: [CommandOption] = [.value("--prefix", .directory)]
    let prefix: String?

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
        prefix = arguments.values["--prefix"]
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        guard let prefix = Installation.prefix(prefix, environment: app.environment) else {
            return context.usage(UsageError(key: "install.no-prefix"))
        }
        guard let executable = app.executablePath, let binary = FileReading.bytes(atPath: executable) else {
            return context.reject(SessionError("install.no-binary"))
        }
        let installation = Installation(prefix: prefix)
        func catalog(_ language: Language) -> Catalog {
            (try? ResourceLocator(dataDirectory: nil, environment: [:]).load(languages: [language]))?.catalog(language) ?? app.catalog
        }
        func manual(_ language: Language) -> [UInt8] {
            Array((ManualPage(catalog: catalog(language), version: KassaApp.version).lines().joined(separator: "\n") + "\n").utf8)
        }
        let scripts = CompletionScripts(catalog: catalog(.en), words: context.words)
        var lines = [app.catalog.text("install.installing", ["version": KassaApp.version, "prefix": prefix])]
        for item in Installation.Item.allCases {
            let path = installation.path(item)
            let bytes: [UInt8] = switch item {
            case .binary: binary
            case .manual: manual(.en)
            case .manualRussian: manual(.ru)
            case .bash: Array(scripts.bash().utf8)
            case .zsh: Array(scripts.zsh().utf8)
            case .fish: Array(scripts.fish().utf8)
            }
            if let failure = Installation.write(bytes, to: path, mode: item == .binary ? 0o755 : 0o644) {
                context.hadStoreError = true
                return [.output(TextOutput(lines: lines)), .error(SessionError("install.failed", ["path": path, "reason": String(cString: strerror(failure))]))]
            }
            lines.append("  " + path)
        }
        let bin = prefix + "/bin"
        let onPath = (app.environment["PATH"] ?? "").split(separator: ":").contains { $0 == bin }
        if !onPath { lines.append(app.catalog.text("install.path-hint", ["directory": bin])) }
        lines.append(app.catalog.text("install.zsh-hint", ["directory": prefix + "/share/zsh/site-functions"]))
        lines.append(app.catalog.text("install.uninstall-hint", ["command": "kassa uninstall" + (self.prefix.map { " --prefix " + $0 } ?? "")]))
        return [.output(TextOutput(lines: lines))]
    }
}
