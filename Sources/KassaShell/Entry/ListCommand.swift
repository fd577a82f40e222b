// ListCommand: `:list [today|yesterday|all|N] [--from D] [--to D] [--category C] [--account A]
// [--text T] [--type T] [--uncleared]` and `kassa list …`: the session shows the latest 20 by
// default, the command line everything. The listing is lazy: rows are materialized as they are
// printed. Each row says whether the bank confirmed it (cleared, with its bank note: ClearedSet);
// --uncleared lists only the ones it has not.

import KassaCore
import KassaStore

public struct ListCommand: Command {
    public static let name = "list"
    public static let forms = CommandForms.both
    public static let options = ListFilter.options + [.flag("--uncleared")]
    public static let surface = CommandSurface(ListFilter.span)
    let filter: ListFilter
    let uncleared: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        filter = try ListFilter(arguments, defaultSpan: arguments.form == .session ? .latest(ListFilter.defaultCount) : .all)
        uncleared = arguments.flags.contains("--uncleared")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in
            let cleared = ClearedSet(journal.objects(Clearance.kind))
            var query = query
            if uncleared { query.leavingOut = cleared }
            var listing = journal.listing(query)
            listing.cleared = cleared
            return [.listing(listing)]
        }
    }
}
