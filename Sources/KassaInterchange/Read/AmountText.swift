// AmountText: an amount as people and banks write it — "1500", "-1 234,56", "1,234.56",
// "1.234,56", "+ 450 000,00 ₸", "12.99 USD", "(250.00)" — read into a sign, minor units and an
// optional currency word. The decimal mark is the last '.' or ',' followed by 1–3 digits at
// the end (and not a thousands group of three after another mark); spaces, no-break spaces,
// apostrophes and the other mark group thousands — and a grouped number's groups are checked
// (1–3 digits, then threes, one kind of separator: "1.2.3", "1,2,3" and "1 2 3" are no number).
// No character is dropped to make a number: a letter between digits ("1e3", "12a34") is none.
// Never a Double.

import KassaCore

public enum AmountText {
    public struct Reading: Sendable, Equatable {
        public var negative: Bool
        /// The digits before and after the decimal mark.
        public var whole: String
        public var fraction: String
        /// Letters or a sign around the number ("₸", "USD", "тг"), if any.
        public var currencyWord: String?

        /// Minor units of `currency`; nil when it has more decimals than the currency or overflows.
        public func money(_ currency: Currency) -> Money? {
            guard fraction.utf8.count <= currency.minorDigits else { return nil }
            var value: Int64 = 0
            func push(_ digit: UInt8) -> Bool {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int64(digit))
                value = plus
                return !o1 && !o2
            }
            for byte in whole.utf8 { guard push(byte &- 48) else { return nil } }
            for byte in fraction.utf8 { guard push(byte &- 48) else { return nil } }
            for _ in fraction.utf8.count..<currency.minorDigits { guard push(0) else { return nil } }
            let money = Money(minorUnits: negative ? -value : value, currency: currency)
            return money.isWithinEntryBound ? money : nil
        }
    }

    public static func read(_ text: Substring) -> Reading? {
        var negative = false
        var body: [Character] = []
        var word = ""
        var sawDigit = false
        var wordAfterDigits = false
        for ch in text {
            if ch.isASCII, ch.isNumber {
                if wordAfterDigits { return nil }
                body.append(ch)
                sawDigit = true
                continue
            }
            switch ch {
            case "-", "−", "–":
                if sawDigit { return nil }
                negative = true
            case "+": if sawDigit { return nil }
            case "(", ")": negative = negative || ch == "("
            case ".", ",": body.append(ch)
            case " ", "\u{00A0}", "\u{202F}", "'", "’", "\t":
                // A blank or an apostrophe right after a digit may group thousands ("g").
                if let previous = body.last, previous.isNumber { body.append("g") }
            default:
                if ch.isLetter || ch.isCurrencySymbol {
                    word.append(ch)
                    if sawDigit { wordAfterDigits = true }
                } else {
                    return nil
                }
            }
        }
        guard sawDigit else { return nil }
        // A group separator not followed by a digit was only a blank before a word ("12.99 USD").
        while body.last == "g" { body.removeLast() }
        body = body.enumerated().filter { $0.element != "g" || body[$0.offset + 1].isNumber }.map(\.element)
        // The decimal mark: the last mark, when it is the only one of its kind and is not
        // followed by exactly three digits with no other mark ("1,234" is a thousand, "0,125" is not).
        var whole = "", fraction = ""
        if let last = body.lastIndex(where: { $0 == "." || $0 == "," }) {
            let after = body[(last + 1)...]
            let marks = body.filter { $0 == "." || $0 == "," }
            let sameMarks = marks.filter { $0 == body[last] }.count
            // A group of thousands never follows a leading 0 ("0.001" is a fraction).
            let leadingZero = body.first == "0" && body.dropFirst().first.map { $0 == "." || $0 == "," } == true
            let isDecimal = sameMarks == 1 && !after.isEmpty && (after.count != 3 || marks.count > 1 || leadingZero)
            guard !after.contains("g") || !isDecimal else { return nil }
            if isDecimal {
                guard groupsAreSound(body[..<last]) else { return nil }
                whole = String(body[..<last].filter(\.isNumber))
                fraction = String(after)
            } else {
                guard groupsAreSound(body[...]) else { return nil }
                whole = String(body.filter(\.isNumber))
            }
        } else {
            guard groupsAreSound(body[...]) else { return nil }
            whole = String(body.filter(\.isNumber))
        }
        guard whole.count <= Money.maximumWholeDigits + 6 else { return nil }
        return Reading(negative: negative, whole: whole, fraction: fraction, currencyWord: word.isEmpty ? nil : word)
    }
}

extension AmountText {
    /// The whole part's thousands groups: none, or 1–3 digits then groups of exactly three, all
    /// split by one kind of separator ("g" for a blank or an apostrophe).
    static func groupsAreSound(_ whole: ArraySlice<Character>) -> Bool {
        var groups: [Int] = [0]
        var separator: Character?
        for ch in whole {
            if ch.isNumber {
                groups[groups.count - 1] += 1
            } else {
                if let separator, separator != ch { return false }
                separator = ch
                groups.append(0)
            }
        }
        guard groups.count > 1 else { return true }
        return (1...3).contains(groups[0]) && groups.dropFirst().allSatisfy { $0 == 3 }
    }
}

extension Character {
    var isCurrencySymbol: Bool { unicodeScalars.first?.properties.generalCategory == .currencySymbol }
}
