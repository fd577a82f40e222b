// NumericForms: what one digit token means. As a number: grouping by comma, dot or (in the
// caller) space, with the decimal mark decided by the rules below. As a date: ISO, d.m.y, d.m,
// m/d/y (English). As a clock time: h:mm. These are the shapes of digits, not words, so they
// live here; every word around them comes from Grammars/.

struct NumericDate: Sendable {
    var day: Int
    var month: Int
    var year: Int?
    /// "15.02" with no year and no trailing dot: might be the amount 15.02 when nothing else is.
    var weak: Bool
    /// English d.m where both parts are ≤ 12: 02.03 is 2 March or 3 February.
    var swappable: Bool
}

enum NumericForms {
    static func digitsValue(_ s: Substring) -> Int64? {
        guard !s.isEmpty, s.utf8.count <= 18 else { return nil }
        var v: Int64 = 0
        for c in s.utf8 {
            guard c >= 48, c <= 57 else { return nil }
            v = v * 10 + Int64(c - 48)
        }
        return v
    }

    /// A plain number: "1500", "1,500.50", "12450,50", "1.500" (ru), ".77". nil for dates and times.
    static func number(_ text: String, language: Language) -> ExactNumber? {
        var dots = 0, commas = 0, lastSep: Character = " "
        for c in text {
            if c == "." { dots += 1; lastSep = c } else if c == "," { commas += 1; lastSep = c }
            else if c < "0" || c > "9" { return nil }
        }
        if text.last == "." || text.last == "," { return nil }
        if text.first == "." || text.first == "," {
            guard dots + commas == 1 else { return nil }
            return decimal(whole: "0", fraction: text.dropFirst())
        }
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "," })
        if dots == 0 && commas == 0 { return digitsValue(Substring(text)).map { ExactNumber(units: $0) } }
        func grouped(_ groups: ArraySlice<Substring>) -> Substring? {
            guard let first = groups.first, first.count <= 3 else { return nil }
            for g in groups.dropFirst() where g.count != 3 { return nil }
            return Substring(groups.joined())
        }
        if dots > 0 && commas > 0 {
            // The last mark is the decimal one; the other groups thousands.
            guard text.filter({ $0 == lastSep }).count == 1,
                  let whole = grouped(parts.dropLast()) else { return nil }
            return decimal(whole: whole, fraction: parts.last!)
        }
        let count = dots + commas
        if count > 1 {
            guard let whole = grouped(parts[...]) else { return nil }
            return digitsValue(whole).map { ExactNumber(units: $0) }
        }
        // One mark: "1,500" groups; "1.500" groups in Russian; otherwise a decimal mark.
        let after = parts.last!
        if after.count == 3, parts[0].count <= 3, commas == 1 || language == .ru {
            return digitsValue(Substring(parts.joined())).map { ExactNumber(units: $0) }
        }
        return decimal(whole: parts[0], fraction: after)
    }

    static func decimal(whole: Substring, fraction: Substring) -> ExactNumber? {
        guard fraction.count <= 9, let w = digitsValue(whole), let f = digitsValue(fraction),
              let scale = ExactNumber.pow10(fraction.count) else { return nil }
        let (m, o1) = w.multipliedReportingOverflow(by: scale)
        let (s, o2) = m.addingReportingOverflow(f)
        guard !o1, !o2 else { return nil }
        return ExactNumber(units: s, fractionDigits: fraction.count).normalized
    }

    static func pivotYear(_ yy: Int, today: CivilDate) -> Int {
        yy <= today.year % 100 ? (today.year / 100) * 100 + yy : (today.year / 100 - 1) * 100 + yy
    }

    /// A date written in digits in one token.
    static func date(_ text: String, language: Language, today: CivilDate) -> NumericDate? {
        var sep: Character?
        for c in text where c < "0" || c > "9" {
            if sep == nil { sep = c } else if sep != c { return nil }
        }
        guard let mark = sep, mark != ":" else { return nil }
        let trailingDot = mark == "." && text.last == "."
        let parts = text.split(separator: mark)
        guard parts.count == 2 || parts.count == 3,
              let a = digitsValue(parts[0]), let b = digitsValue(parts[1]) else { return nil }
        if parts.count == 3 {
            guard let c = digitsValue(parts[2]) else { return nil }
            if parts[0].count == 4 {  // y-m-d in any separator
                return NumericDate(day: Int(c), month: Int(b), year: Int(a), weak: false, swappable: false)
            }
            guard parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4 || parts[2].count == 2 else { return nil }
            let year = parts[2].count == 4 ? Int(c) : pivotYear(Int(c), today: today)
            if mark == "/", language == .en, b <= 31, a <= 12 {  // English m/d/y
                return NumericDate(day: Int(b), month: Int(a), year: year, weak: false, swappable: false)
            }
            return NumericDate(day: Int(a), month: Int(b), year: year, weak: false, swappable: false)
        }
        // Two parts: only d.m with a two-digit month ("15.02", "10.12."), never "1.5".
        guard mark == ".", parts[1].count == 2, parts[0].count <= 2, a >= 1, a <= 31, b >= 1, b <= 12 else { return nil }
        return NumericDate(day: Int(a), month: Int(b), year: nil, weak: !trailingDot,
                           swappable: language == .en && a <= 12 && a != b)
    }

    static func clock(_ text: String) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, parts[0].count <= 2,
              let h = digitsValue(parts[0]), let m = digitsValue(parts[1]) else { return nil }
        return TimeOfDay(hour: Int(h), minute: Int(m))
    }
}
