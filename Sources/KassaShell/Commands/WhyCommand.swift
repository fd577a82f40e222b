// WhyCommand: `:why`: which words of the session's last entry gave which field, by which rule.

public struct WhyCommand: Command {
    public static let name = "why"
    public static let forms = CommandForms.session

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let result = context.session?.lastResult else { return [.notice("why.nothing")] }
        return [.explanation(result)]
    }
}
