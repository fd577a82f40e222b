// Tokenizer: splits a line into tokens in one linear pass over its Unicode scalars.
// Letters and digits are split from each other ("14april" → 14, april; "10k$" → 10, k, $)
// so glued forms need no special patterns; digits joined by . , : / - stay one number token
// ("1,500.50", "2014-04-18", "14:30", "10.12.") and the recognizers decide what they are.

enum Tokenizer {
    static func isLetter(_ v: UInt32) -> Bool {
        (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x400 && v <= 0x4FF)
            || (v >= 0xC0 && v <= 0x24F && v != 0xD7 && v != 0xF7)
    }

    static func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

    static func isSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D || v == 0xA0 || v == 0x202F || v == 0x2009
            || v == 0x2007 || v == 0x3000 || v == 0x0B || v == 0x0C || v == 0xFEFF
    }

    /// Currency and other signs that stand as tokens of their own.
    static func isSymbol(_ v: UInt32) -> Bool {
        switch v {
        case 0x24, 0x20AC, 0xA3, 0x20BD, 0x20B8, 0x20B4, 0xA2, 0xA5, 0x20B9, 0x20BA, 0x20A9, 0x20AA, 0x20AE, 0x20BC, 0x20BE,
             0x25, 0x23, 0x2B, 0x26: return true
        default: return false
        }
    }

    /// Lower case for Latin and Cyrillic, ё folded to е; other scripts through Unicode's mapping.
    static func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v >= 0x41 && v <= 0x5A { return Unicode.Scalar(v + 32)! }
        if v < 0x80 { return s }
        if v >= 0x410 && v <= 0x42F { return Unicode.Scalar(v + 0x20)! }
        if v == 0x401 || v == 0x451 { return Unicode.Scalar(0x435)! }
        if v >= 0x430 && v <= 0x44F { return s }
        let mapped = s.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first! : s
    }

    static func normalize(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(lower(s)) }
        return String(out)
    }

    static func tokenize(_ scalars: [Unicode.Scalar]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(scalars.count / 3 + 1)
        var i = 0
        let n = scalars.count
        var spaceBefore = true
        while i < n {
            let v = scalars[i].value
            if isSpace(v) { spaceBefore = true; i += 1; continue }
            let start = i
            var text = String.UnicodeScalarView()
            var kind: Token.Kind
            if isLetter(v) {
                kind = .word
                while i < n {
                    let c = scalars[i].value
                    if isLetter(c) {
                        text.append(lower(scalars[i])); i += 1
                    } else if (c == 0x27 || c == 0x2019), i + 1 < n, isLetter(scalars[i + 1].value) {
                        i += 1  // apostrophes inside a word are dropped: mcdonald's → mcdonalds
                    } else { break }
                }
            } else if isDigit(v) || (v == 0x2E && spaceBefore && i + 1 < n && isDigit(scalars[i + 1].value)) {
                kind = .number
                while i < n {
                    let c = scalars[i].value
                    if isDigit(c) {
                        text.append(scalars[i]); i += 1
                    } else if c == 0x2E || c == 0x2C || c == 0x3A || c == 0x2F || c == 0x2D,
                              i + 1 < n, isDigit(scalars[i + 1].value) {
                        text.append(scalars[i]); i += 1
                    } else { break }
                }
                // "10.12." — a trailing dot after a d.m pair marks a date, keep it.
                if i < n, scalars[i].value == 0x2E, text.contains("."),
                   i + 1 == n || !isDigit(scalars[i + 1].value) {
                    var dots = 0
                    for c in text where c == "." { dots += 1 }
                    if dots == 1 { text.append(scalars[i]); i += 1 }
                }
            } else if isSymbol(v) {
                kind = .symbol
                text.append(scalars[i]); i += 1
            } else {
                kind = .punct
                text.append(lower(scalars[i])); i += 1
            }
            tokens.append(Token(kind: kind, text: String(text), start: start, end: i, glued: !spaceBefore))
            spaceBefore = false
        }
        return tokens
    }
}
