// WhyCommand: `:why`: which words of the session's last entry gave which field, by which rule;
// after a reply to waiting drafts, which reading of it won (correction, confirmation, entry …) and
// why; after a question, how the question was read (Ask/AskText). Whichever came last is shown.

public struct WhyCommand: Command {
    public static let name = "why"
    public static let forms = CommandForms.session
    public static let readsJournal = false

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        // After a question (Ask/), how the question was read; after an entry, the entry.
        if context.session?.lastResult == nil, let question = context.session?.lastQuestion { return [.output(AskExplanationOutput(result: question))] }
        // After a reply to waiting drafts: which reading won and why, then (for an entry) its parse.
        if let reply = context.session?.lastReply {
            var events: [SessionEvent] = [.dialog(.explained(reply))]
            if reply.reading == "entry", let result = context.session?.lastResult { events.append(.output(ExplanationOutput(result: result))) }
            return events
        }
        guard let result = context.session?.lastResult else { return [.notice("why.nothing")] }
        return [.output(ExplanationOutput(result: result))]
    }
}
