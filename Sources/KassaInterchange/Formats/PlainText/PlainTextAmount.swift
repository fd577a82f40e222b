// PlainTextAmount: an hledger or ledger amount — a number with a commodity before or after it,
// with or without a space ("$1,000.00", "-$5", "$ -5", "500.00€", "10 AAPL", "KZT 1 500",
// "\"VANGUARD 500\" 2") — read from the text after a posting's account. What follows it (`@`,
// `@@`, `{…}`, `=`) is the posting's business (PlainTextPosting).

enum PlainTextAmount {
    /// Reads one amount from the whole of `text` (already trimmed); nil when it is not one.
    static func read(_ text: Substring, decimalComma: Bool?) -> JournalAmount? {
        // Scanned as UTF-8 bytes: every delimiter is ASCII, and a Character walk was a seventh of
        // an import's time.
        var rest = text[...]
        var negative = false
        if let sign = rest.utf8.first, sign == minus || sign == plus {
            negative = sign == minus
            rest = dropSpaces(rest, from: rest.utf8.index(after: rest.startIndex))
        }
        var commodity = ""
        var numberText: Substring
        // A quoted commodity may hold anything but a quote ("VANGUARD 500"); a bare one no digit or space.
        var quoted = false
        if rest.utf8.first == quote {
            quoted = true
            // A quoted commodity first.
            let body = rest.utf8.dropFirst()
            guard let close = body.firstIndex(of: quote) else { return nil }
            commodity = String(rest[body.startIndex..<close])
            numberText = dropSpaces(rest, from: body.index(after: close))
        } else if let first = rest.utf8.first, !isNumberStart(first) {
            let end = rest.utf8.firstIndex { isNumberStart($0) || $0 == space } ?? rest.endIndex
            commodity = String(rest[..<end])
            numberText = dropSpaces(rest, from: end)
        } else {
            // The number first, then an optional commodity.
            let end = rest.utf8.firstIndex { !isDigitLike($0) } ?? rest.endIndex
            numberText = rest[..<end]
            var after = dropSpaces(rest, from: end)
            if after.utf8.first == quote {
                quoted = true
                let body = after.utf8.dropFirst()
                guard let close = body.firstIndex(of: quote) else { return nil }
                commodity = String(after[body.startIndex..<close])
                after = after[body.index(after: close)...]
            } else {
                commodity = String(after)
                after = after[after.endIndex...]
            }
            guard after.utf8.allSatisfy({ $0 == space }) else { return nil }
        }
        if numberText.utf8.first == minus && !negative {
            negative = true
            numberText = numberText[numberText.utf8.index(after: numberText.startIndex)...]
        }
        // Trailing spaces inside the number part ("1 500 " before nothing) are no part of it.
        while let last = numberText.utf8.last, last == space { numberText = numberText[..<numberText.utf8.index(before: numberText.endIndex)] }
        guard !numberText.isEmpty, numberText.utf8.allSatisfy(isDigitLike),
              quoted || !commodity.contains(where: { $0.isNumber || $0 == " " || $0 == "-" }),
              var number = JournalNumber.read(numberText, decimalComma: decimalComma) else { return nil }
        if negative { number = number.negated }
        return JournalAmount(number: number, commodity: commodity)
    }

    /// `s` from `index` on, without the spaces there.
    private static func dropSpaces(_ s: Substring, from index: Substring.Index) -> Substring {
        let bytes = s.utf8[index...]
        return s[(bytes.firstIndex { $0 != space } ?? s.endIndex)...]
    }

    private static func isNumberStart(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || c == minus || c == dot }
    private static func isDigitLike(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || c == dot || c == comma || c == minus }
    private static let space = UInt8(ascii: " "), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    private static let dot = UInt8(ascii: "."), comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
}
