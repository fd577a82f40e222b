// JSONEncoding+Accounts: one account of `:accounts --json`: the fields it always had (name,
// aliases, currency) and its profile and balances: kind, archived, opening, rate history,
// capitalisation, posting day, loan payment and term, balance and planned per currency.

import KassaCore
import KassaLedger

extension JSONEncoding {
    static func account(_ summary: AccountSummary) -> String {
        var item = JSONWriter()
        item.add("name", summary.account.name)
        item.add("aliases", strings: summary.account.aliases)
        item.add("currency", summary.account.currency?.code)
        let profile = summary.profile
        item.add("kind", profile?.kind.rawValue)
        item.add("archived", summary.archived)
        item.add("opening", profile?.opening?.decimalString)
        item.add("opening_currency", profile?.opening?.currency.code)
        item.add("opening_date", profile?.openingDate?.iso)
        item.add("balances", raw: JSONWriter.array(summary.balances.map { line in
            var money = JSONWriter()
            money.add("amount", line.amount.decimalString)
            money.add("currency", line.amount.currency.code)
            money.add("planned", line.planned.decimalString)
            money.add("planned_count", line.plannedCount)
            return money.result
        }))
        item.add("rates", raw: JSONWriter.array((profile?.rates ?? []).map { change in
            var rate = JSONWriter()
            rate.add("from", change.from.iso)
            rate.add("rate", change.rate.text)
            return rate.result
        }))
        item.add("capitalize", profile?.capitalize ?? false)
        if let day = profile?.postingDay { item.add("posting_day", day) }
        item.add("payment", profile?.payment?.decimalString)
        if let term = profile?.term { item.add("term", term) }
        return item.result
    }
}
