// PlainTextAmount: an hledger or ledger amount — a number with a commodity before or after it,
// with or without a space ("$1,000.00", "-$5", "$ -5", "500.00€", "10 AAPL", "KZT 1 500",
// "\"VANGUARD 500\" 2") — read from the text after a posting's account. What follows it (`@`,
// `@@`, `{…}`, `=`) is the posting's business (PlainTextPosting).

enum PlainTextAmount {
    /// Reads one amount from the whole of `text` (already trimmed); nil when it is not one.
    static func read(_ text: Substring, decimalComma: Bool?) -> JournalAmount? {
        var rest = text[...]
        var negative = false
        if rest.first == "-" || rest.first == "+" {
            negative = rest.first == "-"
            rest = rest.dropFirst().drop { $0 == " " }
        }
        var commodity = ""
        var numberText: Substring
        // A quoted commodity may hold anything but a quote ("VANGUARD 500"); a bare one no digit or space.
        var quoted = false
        if rest.first == "\"" {
            quoted = true
            // A quoted commodity first.
            let body = rest.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { return nil }
            commodity = String(body[..<close])
            numberText = body[body.index(after: close)...].drop { $0 == " " }
        } else if let first = rest.first, !isNumberStart(first) {
            let end = rest.firstIndex { isNumberStart($0) || $0 == " " } ?? rest.endIndex
            commodity = String(rest[..<end])
            numberText = rest[end...].drop { $0 == " " }
        } else {
            // The number first, then an optional commodity.
            let end = rest.firstIndex { !(isDigitLike($0)) } ?? rest.endIndex
            numberText = rest[..<end]
            var after = rest[end...].drop { $0 == " " }
            if after.first == "\"" {
                quoted = true
                let body = after.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { return nil }
                commodity = String(body[..<close])
                after = body[body.index(after: close)...]
            } else {
                commodity = String(after)
                after = after[after.endIndex...]
            }
            guard after.allSatisfy({ $0 == " " }) else { return nil }
        }
        if numberText.first == "-" && !negative {
            negative = true
            numberText = numberText.dropFirst()
        }
        // Trailing spaces inside the number part ("1 500 " before nothing) are no part of it.
        while numberText.last == " " { numberText = numberText.dropLast() }
        guard !numberText.isEmpty, numberText.allSatisfy(isDigitLike),
              quoted || !commodity.contains(where: { $0.isNumber || $0 == " " || $0 == "-" }),
              var number = JournalNumber.read(numberText, decimalComma: decimalComma) else { return nil }
        if negative { number = number.negated }
        return JournalAmount(number: number, commodity: commodity)
    }

    private static func isNumberStart(_ c: Character) -> Bool { c.isASCII && c.isNumber || c == "-" || c == "." }
    private static func isDigitLike(_ c: Character) -> Bool { c.isASCII && c.isNumber || c == "." || c == "," || c == "-" }
}
