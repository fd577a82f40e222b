// GrammarCommand: `kassa grammar check` validates every rule file (the dialog's dialog.replies
// too); `kassa grammar test` runs the corpora, the dialog's dialog.exchanges included
// (GrammarCommands holds both as pure functions).

import KassaCore

public struct GrammarCommand: Command {
    public static let name = "grammar"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let surface = CommandSurface(verbs: [CommandVerb("check"), CommandVerb("test")])
    let test: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count == 1, let action = arguments.verb(of: Self.surface) else {
            throw UsageError(key: "usage.grammar")
        }
        test = action == "test"
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let sources: [GrammarSource]
        var dialog: (lines: [String], status: Int32)
        var questions = app.resources.questionSources
        if test {
            guard let withCorpora = try? app.locator.load(languages: [app.language], corpora: true) else {
                context.hadUsageError = true
                return []
            }
            sources = withCorpora.grammarSources
            dialog = GrammarCommands.testDialog(sources: withCorpora.dialogSources, grammarSources: withCorpora.grammarSources,
                                                words: withCorpora.commandWords, catalog: app.catalog)
            questions = withCorpora.questionSources
        } else {
            sources = app.resources.grammarSources
            dialog = GrammarCommands.checkDialog(sources: app.resources.dialogSources, catalog: app.catalog)
        }
        let (lines, status) = test
            ? GrammarCommands.test(sources: sources, questions: questions, catalog: app.catalog)
            : GrammarCommands.check(sources: sources, questions: questions, catalog: app.catalog)
        if status != 0 || dialog.status != 0 { context.hadInputError = true }
        return [.output(TextOutput(lines: lines + dialog.lines))]
    }
}
