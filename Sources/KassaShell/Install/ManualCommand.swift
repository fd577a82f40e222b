// ManualCommand: `kassa manual` prints the man page (ManualPage) in the interface language:
// `kassa manual | man -l -` reads it, `kassa install` puts it where man finds it.

public struct ManualCommand: Command {
    public static let name = "manual"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        app.console.write(ManualPage(catalog: app.catalog, version: KassaApp.version).lines().map { OutputLine($0) })
        return []
    }
}
