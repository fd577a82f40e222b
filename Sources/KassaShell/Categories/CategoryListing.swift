// CategoryListing: one row of `:categories` — the category with its names, whether it takes
// income or expenses, and whether it is the person's own (`:category add`) or the built-in tree's.

import KassaCore

public struct CategoryListing: Sendable, Hashable {
    public var info: CategoryInfo
    public var type: TransactionType
    public var own: Bool

    public init(info: CategoryInfo, type: TransactionType, own: Bool) {
        self.info = info
        self.type = type
        self.own = own
    }

    public var slug: String { info.slug }
}
