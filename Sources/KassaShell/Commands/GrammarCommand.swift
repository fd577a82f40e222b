// GrammarCommand: `kassa grammar check` validates every rule file; `kassa grammar test` runs
// the corpora (GrammarCommands holds both as pure functions).

import KassaCore

public struct GrammarCommand: Command {
    public static let name = "grammar"
    public static let forms = CommandForms.oneShot
    let test: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count == 1, let action = arguments.words.first, action == "check" || action == "test" else {
            throw UsageError(key: "usage.grammar")
        }
        test = action == "test"
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let sources: [GrammarSource]
        var questions = app.resources.questionSources
        if test {
            guard let withCorpora = try? app.locator.load(languages: [app.language], corpora: true) else {
                context.hadUsageError = true
                return []
            }
            sources = withCorpora.grammarSources
            questions = withCorpora.questionSources
        } else {
            sources = app.resources.grammarSources
        }
        let (lines, status) = test
            ? GrammarCommands.test(sources: sources, questions: questions, catalog: app.catalog)
            : GrammarCommands.check(sources: sources, questions: questions, catalog: app.catalog)
        if status != 0 { context.hadInputError = true }
        return [.text(lines)]
    }
}
