// FastText: the fast paths of a million-row CSV — an ISO date `2026-03-04` and a plain amount
// `1500.00` / `-12.5` read straight from the cell's bytes. Anything else returns nil and goes
// the general way (DateText, AmountText), so these only make the common case cheap.

import KassaCore

enum FastText {
    static func isoDate(_ b: ArraySlice<UInt8>) -> CivilDate? {
        guard b.count == 10 else { return nil }
        let s = b.startIndex
        guard b[s + 4] == 45, b[s + 7] == 45 else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for k in from..<(from + count) {
                let d = b[s + k] &- 48
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Optional '-', digits, optional '.' and digits: nothing else.
    static func plainAmount(_ b: ArraySlice<UInt8>) -> AmountText.Reading? {
        var i = b.startIndex
        var negative = false
        if i < b.endIndex, b[i] == 45 { negative = true; i += 1 }
        let wholeStart = i
        while i < b.endIndex, b[i] &- 48 < 10 { i += 1 }
        let wholeEnd = i
        guard wholeEnd > wholeStart, wholeEnd - wholeStart <= 18 else { return nil }
        var fractionStart = i, fractionEnd = i
        if i < b.endIndex {
            guard b[i] == 46 else { return nil }
            i += 1
            fractionStart = i
            while i < b.endIndex, b[i] &- 48 < 10 { i += 1 }
            fractionEnd = i
            guard i == b.endIndex, fractionEnd > fractionStart else { return nil }
        }
        return AmountText.Reading(negative: negative, whole: String(decoding: b[wholeStart..<wholeEnd], as: UTF8.self),
                                  fraction: String(decoding: b[fractionStart..<fractionEnd], as: UTF8.self), currencyWord: nil)
    }

    /// `HH:MM` read from the bytes (TimeOfDay(text:) splits a String: a million cells add up).
    static func time(_ text: String) -> TimeOfDay? {
        var text = text
        return text.withUTF8 { b -> TimeOfDay? in
            guard b.count == 5, b[2] == 58 else { return nil }
            func digit(_ i: Int) -> Int? {
                let value = b[i] &- 48
                return value < 10 ? Int(value) : nil
            }
            guard let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else { return nil }
            return TimeOfDay(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
        }
    }
}
