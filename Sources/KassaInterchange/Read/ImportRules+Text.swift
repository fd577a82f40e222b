// ImportRules+Text: a rules file written back (`kassa import --save-rules FILE`): the rules an
// import used — the file it was given, and what kassa settled on its own (the delimiter it
// detected, the day/month order the rows decided or the person chose, the account and currency
// given on the command line) — in the syntax ImportRules reads, so the next statement of the
// same bank needs no flags. Reading the text back gives the same rules.

import KassaCore

extension ImportRules {
    /// These rules with what an import settled filled in where the rules said nothing.
    public func settling(separator: UInt8?, dateOrder: DateText.Order?, currency: Currency?, account: String?) -> ImportRules {
        var settled = self
        settled.separator = self.separator ?? separator
        settled.dateOrder = self.dateOrder ?? dateOrder
        settled.currency = self.currency ?? currency
        settled.account = self.account ?? account
        return settled
    }

    /// The rules in the file syntax, directives in a fixed order, then the `if` rules in theirs.
    public var text: String {
        var lines: [String] = []
        switch separator {
        case 59?: lines.append("separator ;")
        case 9?: lines.append("separator tab")
        case 44?: lines.append("separator ,")
        default: break
        }
        if skip > 0 { lines.append("skip \(skip)") }
        // An ignored column reads back as an empty name: it is written as `_`, as a person writes it.
        if let fields { lines.append("fields " + fields.map { $0.isEmpty ? "_" : $0 }.joined(separator: ", ")) }
        switch dateOrder {
        case .dmy?: lines.append("date-format dd/mm/yyyy")
        case .mdy?: lines.append("date-format mm/dd/yyyy")
        case .ymd?: lines.append("date-format yyyy-mm-dd")
        case nil: break
        }
        if let currency { lines.append("currency " + currency.code) }
        if let account { lines.append("account " + account) }
        if let encoding { lines.append("encoding " + encoding.rawValue) }
        for rule in rules {
            switch (rule.category, rule.account) {
            case (let category?, nil): lines.append("if \(rule.source) then category \(category)")
            case (nil, let account?): lines.append("if \(rule.source) then account \(account)")
            case (let category?, let account?): lines += ["if \(rule.source)", "  category \(category)", "  account \(account)"]
            case (nil, nil): break
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
