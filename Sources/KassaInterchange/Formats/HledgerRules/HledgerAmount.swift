// HledgerAmount: an amount cell under hledger's rules. With `decimal-mark` the mark is known: the
// other mark and blanks group thousands and are dropped, a sign or parentheses make it negative,
// letters and symbols around it are its currency. Without one, AmountText reads it (strict: it
// decides the mark, and "1.2.3" is no number). Never a Double.

enum HledgerAmount {
    static func read(_ text: String, decimalMark: Character?) -> AmountText.Reading? {
        guard let mark = decimalMark else { return AmountText.read(Substring(text)) }
        var negative = false, sawDigit = false, afterMark = false
        var whole = "", fraction = "", word = ""
        for ch in text {
            if ch.isASCII, ch.isNumber {
                if afterMark { fraction.append(ch) } else { whole.append(ch) }
                sawDigit = true
            } else if ch == mark {
                guard !afterMark else { return nil }
                afterMark = true
            } else if ch == "." || ch == "," || ch == " " || ch == "\u{00A0}" || ch == "\u{202F}" || ch == "'" {
                // Thousands: only between digits of the whole part.
                guard sawDigit, !afterMark else {
                    if ch == " " { continue }
                    return nil
                }
            } else if ch == "-" || ch == "−" || ch == "(" {
                guard !sawDigit else { return nil }
                negative.toggle()
            } else if ch == "+" || ch == ")" {
                continue
            } else if ch.isLetter || ch.isCurrencySymbol {
                word.append(ch)
            } else {
                return nil
            }
        }
        guard sawDigit, whole.count <= 18 else { return nil }
        return AmountText.Reading(negative: negative, whole: whole.isEmpty ? "0" : whole, fraction: fraction,
                                  currencyWord: word.isEmpty ? nil : word)
    }
}
