// CategoriesCommand: `:categories` and `kassa categories`: every category slug with its name in
// the interface language — the built-in tree and the person's own (`:category add`); in JSON
// also each one's type (income or expense) and whether it is the person's own.

import KassaStore

public struct CategoriesCommand: Command {
    public static let name = "categories"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            return [.output(CategoriesOutput(categories: CategoryDirectory(grammar: context.parser.grammar, journal: journal).listing))]
        }
    }
}
