// QuitCommand: `:quit` (also bare `quit`, `exit`, `выход`): leaves the session, saying if a
// waiting draft was not saved.

public struct QuitCommand: Command {
    public static let name = "quit"
    public static let forms = CommandForms.session
    public static let readsJournal = false

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let session = context.session else { return [] }
        return session.quit()
    }
}
