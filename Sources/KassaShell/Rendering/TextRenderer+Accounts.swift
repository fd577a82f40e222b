// TextRenderer+Accounts: `:balance` (balances today, then the planned transactions' totals
// apart) and `:accounts` (one row per account: kind, balance, currency, planned, a deposit's
// rate, a loan's payment) as localized text.

import KassaCore
import KassaLedger

extension TextRenderer {
    func balanceLines(_ lines: [BalanceLine]) -> [OutputLine] {
        if lines.isEmpty { return [OutputLine(catalog.text("list.empty"))] }
        let width = lines.map { ($0.account ?? "—").count }.max() ?? 4
        var out: [OutputLine] = []
        for line in lines where line.isCurrent {
            var text = "  " + pad(line.account ?? "—", to: width) + "  " + money(line.amount)
            if line.count > 0 { text += "  " + style.dim(catalog.text("list.count", count: line.count)) }
            if !line.opening.isZero { text += "  " + style.dim(catalog.text("balance.opening", ["amount": money(line.opening)])) }
            out.append(OutputLine(text))
        }
        let planned = lines.filter { $0.plannedCount > 0 }
        if !planned.isEmpty {
            out.append(OutputLine(style.note(catalog.text("balance.planned-header"))))
            for line in planned {
                out.append(OutputLine("  " + pad(line.account ?? "—", to: width) + "  " + money(line.planned) + "  "
                    + style.dim(catalog.text("list.count", count: line.plannedCount))))
            }
        }
        return out
    }

    func accountRows(_ rows: [AccountSummary], defaultAccount: String) -> [OutputLine] {
        let kinds = rows.map { $0.profile.map { catalog.text("account.kind.\($0.kind.rawValue)") } ?? "" }
        let balances = rows.map { row -> String in
            let current = row.balances.filter(\.isCurrent).map { money($0.amount) }
            if !current.isEmpty { return current.joined(separator: ", ") }
            return row.account.currency.map { money(Money(minorUnits: 0, currency: $0)) } ?? "—"
        }
        let nameWidth = rows.map(\.account.name.count).max() ?? 4
        let kindWidth = kinds.map(\.count).max() ?? 0
        let balanceWidth = balances.map(\.count).max() ?? 0
        return rows.indices.map { index in
            let row = rows[index]
            var text = "  " + pad(row.account.name, to: nameWidth)
            if kindWidth > 0 { text += "  " + pad(kinds[index], to: kindWidth) }
            text += "  " + pad(balances[index], to: balanceWidth)
            if let currency = row.account.currency { text += "  " + currency.code }
            let planned = row.balances.filter { $0.plannedCount > 0 }.map { money($0.planned) }
            if !planned.isEmpty { text += "  " + catalog.text("account.row.planned", ["amount": planned.joined(separator: ", ")]) }
            if let profile = row.profile { text += details(profile) }
            if !row.account.aliases.isEmpty {
                text += "  " + catalog.text("account.aliases", ["aliases": row.account.aliases.joined(separator: ", ")])
            }
            if row.account.name.lowercased() == defaultAccount.lowercased() { text += "  " + style.dim(catalog.text("card.default")) }
            if row.archived { text += "  " + style.dim(catalog.text("account.row.archived")) }
            return OutputLine(text.trimmingTrailingSpaces)
        }
    }

    /// A deposit's rate (capitalised or not, posting day), a loan's payment and term.
    private func details(_ profile: AccountProfile) -> String {
        var parts: [String] = []
        if let rate = profile.rates.last?.rate, profile.kind == .deposit || profile.kind == .loan {
            // The language's decimal mark (14,5 % in Russian), as money is written.
            let text = rate.text.split(separator: ".").joined(separator: catalog.template("number.decimal") ?? ".")
            parts.append(catalog.text("account.row.rate", ["rate": text]))
            if profile.kind == .deposit {
                if profile.capitalize { parts.append(catalog.text("account.row.capitalized")) }
                if let day = profile.postingDay ?? profile.openingDate?.day {
                    parts.append(catalog.text("account.row.posting-day", ["day": String(day)]))
                }
            }
        }
        if let payment = profile.payment { parts.append(catalog.text("account.row.payment", ["amount": money(payment)])) }
        if let term = profile.term { parts.append(catalog.text("account.row.term", count: term)) }
        return parts.isEmpty ? "" : "  " + parts.joined(separator: ", ")
    }
}

