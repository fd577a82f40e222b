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
        // Every delimiter is ASCII, so the line is scanned as UTF-8 bytes (a Character walk was
        // half of an import's time); the byte indices slice the text at scalar boundaries.
        var text = trim(raw, trailing: false)
        if let first = text.utf8.first, first == star || first == bang { text = trim(text.dropFirst(), trailing: false) }
        guard let lead = text.utf8.first, lead != semicolon else { return nil }
        // The account: up to two spaces, a tab, or the end (or a comment right after it).
        let bytes = text.utf8
        var end = bytes.endIndex
        var i = bytes.startIndex
        var previous: UInt8 = 0
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == tab { end = i; break }
            if c == semicolon, i == bytes.startIndex || previous == space { end = i; break }
            let next = bytes.index(after: i)
            if c == space, next < bytes.endIndex, bytes[next] == space || bytes[next] == tab { end = i; break }
            previous = c
            i = next
        }
        let account = String(trim(text[..<end]))
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

    static func trim(_ s: Substring) -> Substring { trim(s, trailing: true) }

    /// `s` without leading (and trailing) spaces and tabs.
    static func trim(_ s: Substring, trailing: Bool) -> Substring {
        let bytes = s.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == space || bytes[start] == tab { bytes.formIndex(after: &start) }
        if trailing {
            while start < end {
                let before = bytes.index(before: end)
                guard bytes[before] == space || bytes[before] == tab else { break }
                end = before
            }
        }
        return s[start..<end]
    }

    /// Where a `;` comment starts (outside quotes).
    static func commentStart(_ s: Substring) -> Substring.Index? { indexOutsideQuotes(s, ";") }

    static func indexOutsideQuotes(_ s: Substring, _ target: Unicode.Scalar) -> Substring.Index? {
        let wanted = UInt8(truncatingIfNeeded: target.value)
        precondition(target.isASCII, "delimiters are ASCII")
        let bytes = s.utf8
        var quoted = false
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == quote { quoted.toggle() } else if c == wanted && !quoted { return i }
            bytes.formIndex(after: &i)
        }
        return nil
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), semicolon = UInt8(ascii: ";")
    private static let star = UInt8(ascii: "*"), bang = UInt8(ascii: "!"), quote = UInt8(ascii: "\"")
}
