// AmountText: an amount as people and banks write it — "1500", "-1 234,56", "1,234.56",
// "1.234,56", "+ 450 000,00 ₸", "12.99 USD", "(250.00)" — read into a sign, minor units and an
// optional currency word. The decimal mark is the last '.' or ',' followed by 1–3 digits at
// the end (and not a thousands group of three after another mark); spaces, no-break spaces,
// apostrophes and the other mark group thousands. Never a Double.

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
        for ch in text {
            if ch.isASCII, ch.isNumber { body.append(ch); sawDigit = true; continue }
            switch ch {
            case "-", "−", "–":
                if sawDigit { return nil }
                negative = true
            case "+": if sawDigit { return nil }
            case "(", ")": negative = negative || ch == "("
            case ".", ",": body.append(ch)
            case " ", "\u{00A0}", "\u{202F}", "'", "’", "\t": continue
            default:
                if ch.isLetter || ch.isCurrencySymbol { word.append(ch) } else { return nil }
            }
        }
        guard sawDigit else { return nil }
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
            if isDecimal {
                whole = String(body[..<last].filter(\.isNumber))
                fraction = String(after)
            } else {
                whole = String(body.filter(\.isNumber))
            }
        } else {
            whole = String(body)
        }
        guard whole.count <= Money.maximumWholeDigits + 6 else { return nil }
        return Reading(negative: negative, whole: whole, fraction: fraction, currencyWord: word.isEmpty ? nil : word)
    }
}

extension Character {
    var isCurrencySymbol: Bool { unicodeScalars.first?.properties.generalCategory == .currencySymbol }
}
