// ListCommand: `:list [today|yesterday|all|N] [--from D] [--to D] [--category C] [--account A]
// [--text T] [--type T]` and `kassa list …`: the session shows the latest 20 by default, the
// command line everything. The listing is lazy: rows are materialized as they are printed.

import KassaCore
import KassaStore

public struct ListCommand: Command {
    public static let name = "list"
    public static let forms = CommandForms.both
    public static let options = ListFilter.options
    public static let surface = CommandSurface(ListFilter.span)
    let filter: ListFilter

    public init(_ arguments: CommandArguments) throws(UsageError) {
        filter = try ListFilter(arguments, defaultSpan: arguments.form == .session ? .latest(ListFilter.defaultCount) : .all)
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in [.listing(journal.listing(query))] }
    }
}
