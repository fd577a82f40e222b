// BudgetListing: what `:budget` / `kassa budget` (and `report budgets`) show — every budget's
// state — and how: text with progress bars (Unicode blocks, or `#` when the locale is not
// UTF-8), names aligned; or one JSON object per budget (BudgetJSON), in a session too.

import KassaCore
import KassaLedger

public struct BudgetListing: CommandOutput, Hashable {
    public let statuses: [BudgetStatus]
    public let json: Bool
    public let ascii: Bool

    public init(statuses: [BudgetStatus], json: Bool, ascii: Bool = false) {
        self.statuses = statuses
        self.json = json
        self.ascii = ascii
    }

    public var textIsData: Bool { json }

    public func textLines(_ renderer: TextRenderer) -> [String] {
        if json { return statuses.map { BudgetJSON.object($0).result } }
        if statuses.isEmpty { return [renderer.catalog.text("budget.empty")] }
        let names = statuses.map { renderer.budgetCategory($0.budget.category) }
        let width = names.map(DisplayWidth.of).max() ?? 0
        var lines: [String] = []
        for (status, name) in zip(statuses, names) {
            let used = status.available.minorUnits > 0
                ? Double(status.spent.minorUnits) / Double(status.available.minorUnits)
                : status.spent.minorUnits > 0 ? 1 : 0
            let bar = BarChart.bar(used, width: TextRenderer.budgetBarWidth, ascii: ascii)
            let track = DisplayWidth.padRight(bar, to: TextRenderer.budgetBarWidth)
            lines.append("  " + DisplayWidth.padRight(name, to: width) + "  "
                + renderer.budgetColoured(track, status) + "  " + renderer.budgetColoured(renderer.budgetSummary(status), status))
            lines += renderer.budgetMissingRates(status, indent: "    ").map(\.text)
        }
        return lines
    }

    /// One object per budget, a line of its own (DESIGN.md §8), as reports are.
    public func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        statuses.map(BudgetJSON.object)
    }
}
