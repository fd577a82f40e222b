// WhyCommand: `:why`: which words of the session's last entry gave which field, by which rule;
// after a question, how the question was read (Ask/AskText).

public struct WhyCommand: Command {
    public static let name = "why"
    public static let forms = CommandForms.session

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        // After a question (Ask/), how the question was read; after an entry, the entry.
        if context.session?.lastResult == nil, let question = context.session?.lastQuestion { return [.askExplanation(question)] }
        guard let result = context.session?.lastResult else { return [.notice("why.nothing")] }
        return [.explanation(result)]
    }
}
