// GrammarCommand: `kassa grammar check` validates every rule file (each directive by its own
// table: the entry grammar, session words, replies, questions); `kassa grammar test` runs every
// corpus (entries, replies through real sessions, questions). GrammarCommands holds both as pure
// functions.

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
        let output: (lines: [String], status: Int32)
        if test {
            guard let withCorpora = try? app.locator.load(languages: [app.language], corpora: true) else {
                context.hadUsageError = true
                return []
            }
            output = GrammarCommands.test(sources: withCorpora.grammarSources, words: withCorpora.commandWords, catalog: app.catalog)
        } else {
            output = GrammarCommands.check(sources: app.resources.grammarSources, catalog: app.catalog)
        }
        if output.status != 0 { context.hadInputError = true }
        return [.output(TextOutput(lines: output.lines))]
    }
}
