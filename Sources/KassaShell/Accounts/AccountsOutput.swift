// AccountsOutput: what `:accounts` / `kassa accounts` show, and the one row an `account add` or
// `account set` made — one row per account: kind, balance, currency, planned, a deposit's rate,
// a loan's payment and term, aliases, the default marked. JSON: {"event": "accounts", "default",
// "accounts": [JSONEncoding.account]}.

import KassaCore
import KassaLedger

struct AccountsOutput: CommandOutput {
    let rows: [AccountSummary]
    let defaultAccount: String

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog, style = renderer.style
        let money = renderer.money(_:)
        func pad(_ text: String, to width: Int) -> String { renderer.pad(text, to: width) }
        let kinds = rows.map { $0.profile.map { catalog.text("account.kind.\($0.kind.rawValue)") } ?? "" }
        let balances = rows.map { row -> String in
            let current = row.balances.filter(\.isCurrent).map { money($0.amount) }
            if !current.isEmpty { return current.joined(separator: ", ") }
            return row.account.currency.map { money(Money(minorUnits: 0, currency: $0)) } ?? "—"
        }
        let nameWidth = rows.map { renderer.shown($0.account.name).count }.max() ?? 4
        let kindWidth = kinds.map(\.count).max() ?? 0
        let balanceWidth = balances.map(\.count).max() ?? 0
        return rows.indices.map { index in
            let row = rows[index]
            var text = "  " + pad(renderer.shown(row.account.name), to: nameWidth)
            if kindWidth > 0 { text += "  " + pad(kinds[index], to: kindWidth) }
            text += "  " + pad(balances[index], to: balanceWidth)
            if let currency = row.account.currency { text += "  " + currency.code }
            let planned = row.balances.filter { $0.plannedCount > 0 }.map { money($0.planned) }
            if !planned.isEmpty { text += "  " + catalog.text("account.row.planned", ["amount": planned.joined(separator: ", ")]) }
            if let profile = row.profile { text += details(profile, renderer) }
            if !row.account.aliases.isEmpty {
                text += "  " + catalog.text("account.aliases", ["aliases": row.account.aliases.joined(separator: ", ")])
            }
            if row.account.name.lowercased() == defaultAccount.lowercased() { text += "  " + style.dim(catalog.text("card.default")) }
            if row.archived { text += "  " + style.dim(catalog.text("account.row.archived")) }
            return text.trimmingTrailingSpaces
        }
    }

    /// A deposit's rate (capitalised or not, posting day), a loan's payment and term.
    private func details(_ profile: AccountProfile, _ renderer: TextRenderer) -> String {
        let catalog = renderer.catalog, money = renderer.money(_:)
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

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "accounts")
        json.add("default", defaultAccount)
        json.add("accounts", raw: JSONWriter.array(rows.map(JSONEncoding.account)))
        return [json]
    }
}
