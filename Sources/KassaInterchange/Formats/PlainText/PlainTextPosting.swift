// PlainTextPosting: one posting line of an hledger or ledger entry —
//     [*|!] ACCOUNT  AMOUNT [@ PRICE | @@ TOTAL] [{LOT}] [= ASSERTION] [; comment]
// The account ends at two spaces or a tab; `(account)` and `[account]` are virtual; a balance
// assertion is `=`, `==`, `=*` or `==*` (the starred ones count subaccounts); a lot price `{…}`
// is read as the posting's cost, `[date]` and `(note)` lot annotations are let be. An amount kassa
// cannot read (an expression, a number in no known form) is a problem naming the line.

enum PlainTextPosting {
    enum Failure: Error { case amount(String) }

    /// `costWins`: a lot's `{cost}` balances the entry even with an `@ price` beside it (a lot's cost, as some journals write it);
    /// hledger and ledger balance with the `@` price.
    static func read(_ raw: Substring, line: Int, decimalComma: Bool?, costWins: Bool = false) throws(Failure) -> JournalPosting? {
        var text = raw.drop { $0 == " " || $0 == "\t" }
        if text.first == "*" || text.first == "!" { text = text.dropFirst().drop { $0 == " " || $0 == "\t" } }
        guard !text.isEmpty, text.first != ";" else { return nil }
        // The account: up to two spaces, a tab, or the end (or a comment right after it).
        var end = text.endIndex
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\t" { end = i; break }
            if c == ";" , i == text.startIndex || text[text.index(before: i)] == " " { end = i; break }
            if c == " " {
                let next = text.index(after: i)
                if next < text.endIndex, text[next] == " " || text[next] == "\t" { end = i; break }
            }
            i = text.index(after: i)
        }
        var account = String(text[..<end])
        while account.last == " " { account.removeLast() }
        var posting = JournalPosting(account: account, line: line)
        if let first = account.first, let last = account.last,
           (first == "(" && last == ")") || (first == "[" && last == "]") {
            posting.virtual = true
            posting.account = String(account.dropFirst().dropLast())
        }
        var rest = text[end...]
        if let comment = commentStart(rest) { rest = rest[..<comment] }
        rest = trim(rest)
        guard !rest.isEmpty else { return posting }
        guard rest.first != "(" else { throw .amount(String(rest)) }   // an amount expression
        // The assertion: from the first '=' outside quotes.
        if let eq = indexOutsideQuotes(rest, "=") {
            var assertion = rest[rest.index(after: eq)...]
            if assertion.first == "=" { assertion = assertion.dropFirst() }
            if assertion.first == "*" { assertion = assertion.dropFirst(); posting.assertionInclusive = true }
            assertion = trim(assertion)
            if !assertion.isEmpty {
                // An assertion's own `@ price` is no part of the balance.
                let amountText = indexOutsideQuotes(assertion, "@").map { trim(assertion[..<$0]) } ?? assertion
                guard let amount = PlainTextAmount.read(amountText, decimalComma: decimalComma) else { throw .amount(String(assertion)) }
                posting.assertion = amount
            }
            rest = trim(rest[..<eq])
        }
        // The price: `@@ TOTAL` or `@ UNIT`.
        if let at = indexOutsideQuotes(rest, "@") {
            var price = rest[rest.index(after: at)...]
            if price.first == "@" { price = price.dropFirst(); posting.priceIsTotal = true }
            price = trim(price)
            if price.first == "(" , price.last == ")" { price = trim(price.dropFirst().dropLast()) }
            guard let amount = PlainTextAmount.read(price, decimalComma: decimalComma) else { throw .amount(String(price)) }
            posting.price = amount
            rest = trim(rest[..<at])
        }
        // Lot annotations: `{price}` / `{{total}}` is the cost; `[date]` and `(note)` are let be.
        if let brace = indexOutsideQuotes(rest, "{") {
            var lot = rest[rest.index(after: brace)...]
            var total = false
            if lot.first == "{" { lot = lot.dropFirst(); total = true }
            if lot.first == "=" { lot = lot.dropFirst() }
            guard let close = lot.firstIndex(of: "}") else { throw .amount(String(rest)) }
            if posting.price == nil || costWins {
                guard let amount = PlainTextAmount.read(trim(lot[..<close]), decimalComma: decimalComma) else { throw .amount(String(rest)) }
                posting.price = amount
                posting.priceIsTotal = total
            }
            rest = trim(rest[..<brace])
        }
        if let bracket = indexOutsideQuotes(rest, "[") { rest = trim(rest[..<bracket]) }
        if let paren = indexOutsideQuotes(rest, "("), paren > rest.startIndex { rest = trim(rest[..<paren]) }
        guard !rest.isEmpty else { return posting }
        guard let amount = PlainTextAmount.read(rest, decimalComma: decimalComma) else { throw .amount(String(rest)) }
        posting.amount = amount
        return posting
    }

    static func trim(_ s: Substring) -> Substring {
        var s = s.drop { $0 == " " || $0 == "\t" }
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return s
    }

    /// Where a `;` comment starts (outside quotes).
    static func commentStart(_ s: Substring) -> Substring.Index? { indexOutsideQuotes(s, ";") }

    static func indexOutsideQuotes(_ s: Substring, _ target: Character) -> Substring.Index? {
        var quoted = false
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "\"" { quoted.toggle() } else if c == target && !quoted { return i }
            i = s.index(after: i)
        }
        return nil
    }
}
