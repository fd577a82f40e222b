// BudgetChange: what `budget set` / `budget remove` (or "budget groceries 100k a month") say —
// the budget set or removed. JSON: {"event": "budget", "code": "budget.set"|"budget.removed",
// "category", "removed"} and, when set, its period, limit, currency, reset day, rollover and
// start, then the sentence as "message".

import KassaCore
import KassaLedger

struct BudgetChange: CommandOutput {
    let budget: Budget
    let removed: Bool

    func textLines(_ renderer: TextRenderer) -> [String] {
        [renderer.style.good(renderer.budgetChangeText(budget, removed: removed))]
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "budget")
        json.add("code", removed ? "budget.removed" : "budget.set")
        json.add("category", budget.category)
        json.add("removed", removed)
        if !removed {
            json.add("period", budget.frequency.rawValue)
            json.add("limit", budget.limit.decimalString)
            json.add("currency", budget.limit.currency.code)
            json.add("reset_day", budget.resetDay)
            json.add("rollover", budget.rollover)
            json.add("since", budget.since.iso)
        }
        json.add("message", renderer.budgetChangeText(budget, removed: removed))
        return [json]
    }
}
