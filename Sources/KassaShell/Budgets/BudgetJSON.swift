// BudgetJSON: one budget's state as the contract's JSON object (DESIGN.md §8): category,
// period, limit, currency, spent, remaining, percent, period_start, period_end, projected,
// over — amounts as decimal strings — and more: carried, available, days_left, level,
// rollover, reset_day, since, and the rates that were missing (those expenses not counted).

import KassaCore
import KassaLedger

enum BudgetJSON {
    static func object(_ status: BudgetStatus) -> JSONWriter {
        var json = JSONWriter()
        let budget = status.budget
        json.add("category", budget.category)
        json.add("period", budget.frequency.rawValue)
        json.add("limit", budget.limit.decimalString)
        json.add("currency", budget.limit.currency.code)
        json.add("spent", status.spent.decimalString)
        json.add("remaining", status.remaining.decimalString)
        if let percent = status.percent { json.add("percent", percent) } else { json.add("percent", nil as String?) }
        json.add("period_start", status.period.start.iso)
        json.add("period_end", status.period.end.iso)
        json.add("projected", status.projected.decimalString)
        json.add("over", status.over)
        json.add("projected_over", status.projectedOver)
        json.add("level", status.level.rawValue)
        json.add("days_left", status.daysLeft)
        json.add("rollover", budget.rollover)
        json.add("carried", status.carried.decimalString)
        json.add("available", status.available.decimalString)
        json.add("reset_day", budget.resetDay)
        json.add("since", budget.since.iso)
        json.add("missing_rates", raw: JSONWriter.array(status.missingRates.map { missing in
            var item = JSONWriter()
            item.add("currency", missing.currency.code)
            item.add("from", missing.date.iso)
            return item.result
        }))
        return json
    }
}
