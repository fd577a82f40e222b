// BudgetText: budgets as lines for a person — the one line under "Saved" for each budget a
// save touched ("Groceries: ₸82,300.00 of ₸100,000.00 this month · 82% · 22 days left"), the
// `:budget` listing with a progress bar per budget, and what was set or removed. Colour says
// the level: the warning colour at 80% used or a projected overspend, the error colour when
// over. A rate that was missing is named on its own line (those expenses are not counted).

import KassaCore
import KassaLedger

extension TextRenderer {
    /// Cells of a budget's progress bar.
    static let budgetBarWidth = 20

    /// The display name of a category: its name in the interface language, else its slug.
    func budgetCategory(_ slug: String) -> String {
        categoryNames.name(slug, language: catalog.language) ?? slug
    }

    /// "₸82,300.00 of ₸100,000.00 this month · 82% · 22 days left" and what more there is to say.
    func budgetSummary(_ status: BudgetStatus) -> String {
        let money = MoneyFormatter(catalog: catalog)
        var parts = [catalog.text("budget.spent-of", [
            "spent": money.format(status.spent), "limit": money.format(status.available),
            "period": catalog.text("budget.this.\(status.budget.frequency.rawValue)"),
        ])]
        parts.append(status.percent.map { catalog.text("budget.percent", ["percent": String($0)]) } ?? "—")
        parts.append(catalog.text("budget.days-left", count: status.daysLeft))
        if status.over {
            parts.append(catalog.text("budget.over-by", ["amount": money.format(status.remaining.negated)]))
        } else if status.projectedOver {
            parts.append(catalog.text("budget.on-pace", ["amount": money.format(status.projected)]))
        }
        if status.budget.rollover, !status.carried.isZero {
            let key = status.carried.minorUnits > 0 ? "budget.carried-in" : "budget.carried-over"
            let amount = status.carried.minorUnits > 0 ? status.carried : status.carried.negated
            parts.append(catalog.text(key, ["amount": money.format(amount)]))
        }
        return parts.joined(separator: " · ")
    }

    /// The text in the colour of the budget's level.
    func budgetColoured(_ text: String, _ status: BudgetStatus) -> String {
        switch status.level {
        case .fine: return text
        case .warning: return style.note(text)
        case .over: return style.bad(text)
        }
    }

    /// One line per missing rate: those expenses are not in the sum.
    func budgetMissingRates(_ status: BudgetStatus, indent: String) -> [OutputLine] {
        status.missingRates.map { missing in
            OutputLine(indent + style.note(catalog.text("budget.not-counted", [
                "category": budgetCategory(status.budget.category),
                "reason": catalog.text(missing.messageKey, missing.messageArguments),
            ])))
        }
    }

    /// The lines under "Saved" for the budgets a save touched.
    func budgetLinesAfterSave(_ statuses: [BudgetStatus]) -> [OutputLine] {
        statuses.flatMap { status in
            [OutputLine(budgetColoured(budgetCategory(status.budget.category) + ": " + budgetSummary(status), status))]
                + budgetMissingRates(status, indent: "")
        }
    }

    /// What `budget set` / `budget remove` (or "budget groceries 100k a month") did, without colour.
    func budgetChangeText(_ budget: Budget, removed: Bool) -> String {
        let category = budgetCategory(budget.category)
        if removed { return catalog.text("budget.removed", ["category": category]) }
        var details = ""
        if budget.frequency == .monthly, budget.resetDay != 1 {
            details += catalog.text("budget.detail.reset-day", ["day": String(budget.resetDay)])
        }
        if budget.rollover {
            details += catalog.text("budget.detail.rollover", ["since": formatDate(budget.since)])
        }
        return catalog.text("budget.set", [
            "category": category, "limit": MoneyFormatter(catalog: catalog).format(budget.limit),
            "per": catalog.text("budget.per.\(budget.frequency.rawValue)"), "details": details,
        ])
    }
}
