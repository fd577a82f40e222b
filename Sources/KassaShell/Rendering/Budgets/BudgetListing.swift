// BudgetListing: what `:budget` shows — every budget's state — and how: text with progress
// bars (Unicode blocks, or `#` when the locale is not UTF-8), or one JSON object per budget.

import KassaLedger

public struct BudgetListing: Sendable, Hashable {
    public let statuses: [BudgetStatus]
    public let json: Bool
    public let ascii: Bool

    public init(statuses: [BudgetStatus], json: Bool, ascii: Bool = false) {
        self.statuses = statuses
        self.json = json
        self.ascii = ascii
    }
}
