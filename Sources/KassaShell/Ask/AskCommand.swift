// AskCommand: `kassa ask [--json] TEXT...` and `:ask TEXT...`: a question about the journal,
// answered (DESIGN.md §9). A line that is not a question is "kind": "unknown" with exit status 1;
// so is a question kassa cannot answer, which says what it understood and what it did not.

import KassaCore
import KassaLedger
import KassaStore

public struct AskCommand: Command {
    public static let name = "ask"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.flag("--json"), .flag("--ascii")]
    public static let surface = CommandSurface(.required(.text), .repeated(.text))

    let text: String
    let ascii: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard !arguments.words.isEmpty else { throw UsageError(key: "usage.ask") }
        text = arguments.words.joined(separator: " ")
        ascii = arguments.flags.contains("--ascii")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let reader = QuestionReader(grammar: Asking.grammar(context.app), parser: context.parser)
        return context.storeChange(readOnly: true) { journal in
            let parseContext = context.parseContext(journal)
            let ascii = self.ascii || ChartStyle.localeIsASCII(context.app?.environment ?? [:])
            guard let query = reader.read(text, context: parseContext) else {
                // Not a question: the JSON still says so ("kind": "unknown"), exit status 1.
                context.hadInputError = true
                var result = AskResult(question: text, query: Query(), answer: QueryAnswer())
                result.today = context.configuration.today
                return [.output(AnswerOutput(result: result, notQuestion: true))]
            }
            var result = try Asking.answer(query, question: text, journal: journal, configuration: context.configuration,
                                           app: context.app, budgets: context.session?.budgets)
            result.ascii = ascii
            result.today = context.configuration.today
            if !result.sure { context.hadInputError = true }
            context.session?.lastQuestion = result
            context.session?.lastResult = nil
            return [.output(AnswerOutput(result: result, notQuestion: false))]
        }
    }
}
