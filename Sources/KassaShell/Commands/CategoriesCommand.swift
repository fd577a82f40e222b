// CategoriesCommand: `:categories` and `kassa categories`: every category slug with its name in
// the interface language.

public struct CategoriesCommand: Command {
    public static let name = "categories"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        [.categories(context.parser.grammar.categories.sorted { $0.slug < $1.slug })]
    }
}
