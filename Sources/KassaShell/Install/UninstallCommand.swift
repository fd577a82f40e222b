// UninstallCommand: `kassa uninstall [--prefix DIR]` removes what `kassa install` put under DIR
// (default ~/.local) and says so file by file. The journal, the history and the config file stay,
// and so does any file at those paths kassa did not write (Installation.isOurs): it is named, kept.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct UninstallCommand: Command {
    public static let name = "uninstall"
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
        let installation = Installation(prefix: prefix)
        var lines: [String] = []
        for item in Installation.Item.allCases {
            let path = installation.path(item)
            guard Installation.exists(path) else { continue }
            guard Installation.isOurs(item, at: path) else {
                lines.append(app.catalog.text("install.not-ours", ["path": path]))
                continue
            }
            if unlink(path) != 0 {
                context.hadStoreError = true
                return [.output(TextOutput(lines: lines)), .error(SessionError("install.remove-failed", ["path": path, "reason": String(cString: strerror(errno))]))]
            }
            lines.append(app.catalog.text("install.removed", ["path": path]))
        }
        if lines.isEmpty { lines.append(app.catalog.text("install.nothing", ["prefix": prefix])) }
        lines.append(app.catalog.text("install.kept", ["journal": app.ownJournal]))
        return [.output(TextOutput(lines: lines))]
    }
}
