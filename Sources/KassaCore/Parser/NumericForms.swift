// NumericForms: what one digit token means. As a number: grouping by comma, dot or (in the
// caller) space, with the decimal mark decided by the rules below and the language's
// NumericConventions. As a date: ISO, d.m.y, d.m, m/d/y (month-first languages). As a clock
// time: h:mm. These are the shapes of digits, not words, so they live here; every word around
// them, and each language's conventions, come from Grammars/.

struct NumericDate: Sendable {
    private var _day: Int32, _month: Int32, _year: Int32
    /// "15.02" with no year and no trailing dot: might be the amount 15.02 when nothing else is.
    var weak: Bool
    /// d.m in a month-first language where both parts are ≤ 12: 02.03 is 2 March or 3 February.
    var swappable: Bool

    /// Small on purpose: pattern captures holding it are copied while backtracking.
    init(day: Int, month: Int, year: Int?, weak: Bool, swappable: Bool) {
        _day = Int32(clamping: day); _month = Int32(clamping: month); _year = Int32(clamping: year ?? Int(Int32.min))
        self.weak = weak
        self.swappable = swappable
    }

    var day: Int { Int(_day) }
    var month: Int { Int(_month) }
    var year: Int? { _year == Int32.min ? nil : Int(_year) }
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

    /// A plain number: "1500", "1,500.50", "12450,50", "1.500" (where dots group), ".77". nil for
    /// dates and times.
    /// Reads the bytes once, without allocating: this runs for every number of every line.
    static func number(_ text: String, conventions: NumericConventions) -> ExactNumber? {
        var copy = text
        return copy.withUTF8 { number(bytes: $0, conventions: conventions) }
    }

    static func number(bytes b: UnsafeBufferPointer<UInt8>, conventions: NumericConventions) -> ExactNumber? {
        let n = b.count
        guard n > 0 else { return nil }
        // A run of digits past what an amount can be is a number too large, refused as such
        // (it was no number at all: "coffee 99999999999999999999" asked how much it was).
        guard n <= 40 else { return b.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? .tooLarge : nil }
        var dots = 0, commas = 0, lastSep: UInt8 = 0, lastSepAt = -1, groups = 0
        var firstGroupLength = 0, run = 0, badGroup = false
        for i in 0..<n {
            let c = b[i]
            if c == 0x2E || c == 0x2C {
                if c == 0x2E { dots += 1 } else { commas += 1 }
                if groups == 0 { firstGroupLength = run } else if lastSepAt >= 0, run != 3 { badGroup = true }
                groups += 1; lastSep = c; lastSepAt = i; run = 0
            } else if c >= 48 && c <= 57 {
                run += 1
            } else { return nil }
        }
        guard b[n - 1] != 0x2E && b[n - 1] != 0x2C else { return nil }
        func digits(_ from: Int, _ to: Int, into value: inout Int64, count: inout Int) -> Bool {
            for i in from..<to where b[i] >= 48 && b[i] <= 57 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int64(b[i] - 48))
                guard !o1, !o2 else { return false }
                value = s; count += 1
            }
            return true
        }
        var whole: Int64 = 0, wholeCount = 0
        if dots + commas == 0 {
            guard digits(0, n, into: &whole, count: &wholeCount) else { return .tooLarge }
            return ExactNumber(units: whole)
        }
        let lastRun = n - lastSepAt - 1
        if b[0] == 0x2E || b[0] == 0x2C {  // ".77"
            guard dots + commas == 1 else { return nil }
            var f: Int64 = 0, fc = 0
            guard lastRun <= 9, digits(1, n, into: &f, count: &fc) else { return nil }
            return ExactNumber(units: f, fractionDigits: fc).normalized
        }
        func grouped(upTo end: Int) -> Int64? {
            // Groups before `end`: the first of 1-3 digits, every other exactly 3.
            guard firstGroupLength >= 1, firstGroupLength <= 3 else { return nil }
            var v: Int64 = 0, c = 0
            return digits(0, end, into: &v, count: &c) ? v : nil
        }
        // "1.5,000": how Whisper writes "one and a half thousand" in English — a decimal of one
        // or two places, then ",000". Only where a comma groups and a dot is the decimal mark.
        if dots == 1, commas == 1, lastSep == 0x2C, lastRun == 3, conventions.groupsWithComma,
           b[n - 1] == 0x30, b[n - 2] == 0x30, b[n - 3] == 0x30, firstGroupLength >= 1,
           lastSepAt - firstGroupLength - 1 >= 1, lastSepAt - firstGroupLength - 1 <= 2 {
            var w: Int64 = 0, wc = 0, f: Int64 = 0, fc = 0
            guard digits(0, firstGroupLength, into: &w, count: &wc),
                  digits(firstGroupLength + 1, lastSepAt, into: &f, count: &fc),
                  let scale = ExactNumber.pow10(fc) else { return nil }
            let (m, o1) = w.multipliedReportingOverflow(by: scale)
            let (sum, o2) = m.addingReportingOverflow(f)
            guard !o1, !o2 else { return nil }
            return ExactNumber(units: sum, fractionDigits: fc).multiplied(by: ExactNumber(units: 1000))
        }
        if dots > 0 && commas > 0 {
            // The last mark is the decimal one; the others group thousands.
            let lastCount = lastSep == 0x2E ? dots : commas
            guard lastCount == 1, !badGroup, let w = grouped(upTo: lastSepAt) else { return nil }
            var f: Int64 = 0, fc = 0
            guard lastRun <= 9, digits(lastSepAt + 1, n, into: &f, count: &fc),
                  let scale = ExactNumber.pow10(fc) else { return nil }
            let (m, o1) = w.multipliedReportingOverflow(by: scale)
            let (s, o2) = m.addingReportingOverflow(f)
            return o1 || o2 ? nil : ExactNumber(units: s, fractionDigits: fc).normalized
        }
        if dots + commas > 1 {
            guard !badGroup, lastRun == 3, let w = grouped(upTo: n) else { return nil }
            return ExactNumber(units: w)
        }
        // One mark before three digits groups when the language groups with it ("1,500"; "1.500"
        // in Russian); otherwise it is the decimal mark.
        if lastRun == 3, firstGroupLength <= 3, commas == 1 ? conventions.groupsWithComma : conventions.groupsWithDot {
            guard digits(0, n, into: &whole, count: &wholeCount) else { return nil }
            return ExactNumber(units: whole)
        }
        guard lastRun <= 9, digits(0, lastSepAt, into: &whole, count: &wholeCount) else { return nil }
        var f: Int64 = 0, fc = 0
        guard digits(lastSepAt + 1, n, into: &f, count: &fc), let scale = ExactNumber.pow10(fc) else { return nil }
        let (m, o1) = whole.multipliedReportingOverflow(by: scale)
        let (s2, o2) = m.addingReportingOverflow(f)
        return o1 || o2 ? nil : ExactNumber(units: s2, fractionDigits: fc).normalized
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

    /// Up to three digit runs split by one kind of separator, read without allocating.
    struct Parts {
        var values: (Int64, Int64, Int64) = (0, 0, 0)
        var lengths: (Int, Int, Int) = (0, 0, 0)
        var count = 0
        var separator: UInt8 = 0
        var trailingSeparator = false

        init?(_ text: String) {
            var copy = text
            let ok: Bool = copy.withUTF8 { b in
                var value: Int64 = 0, length = 0
                for (i, c) in b.enumerated() {
                    if c >= 48 && c <= 57 {
                        guard length < 9 else { return false }
                        value = value * 10 + Int64(c - 48); length += 1
                        continue
                    }
                    if separator == 0 { separator = c } else if separator != c { return false }
                    guard length > 0, count < 2 else {
                        if i == b.count - 1, count == 1, length > 0 { trailingSeparator = true; break }
                        return false
                    }
                    if i == b.count - 1 {
                        trailingSeparator = true
                    }
                    store(value, length); value = 0; length = 0
                }
                if length > 0 { guard count < 3 else { return false }; store(value, length) }
                return true
            }
            guard ok, separator != 0 else { return nil }
        }

        mutating func store(_ v: Int64, _ l: Int) {
            switch count {
            case 0: values.0 = v; lengths.0 = l
            case 1: values.1 = v; lengths.1 = l
            default: values.2 = v; lengths.2 = l
            }
            count += 1
        }
    }

    /// A date written in digits in one token.
    static func date(_ text: String, conventions: NumericConventions, today: CivilDate) -> NumericDate? {
        guard let p = Parts(text), p.separator != UInt8(ascii: ":") else { return nil }
        let mark = p.separator
        let trailingDot = mark == UInt8(ascii: ".") && p.trailingSeparator
        if p.trailingSeparator && !trailingDot { return nil }
        let a = p.values.0, b = p.values.1
        if p.count == 3 {
            let c = p.values.2
            if p.lengths.0 == 4 {  // y-m-d in any separator
                return NumericDate(day: Int(c), month: Int(b), year: Int(a), weak: false, swappable: false)
            }
            guard p.lengths.0 <= 2, p.lengths.1 <= 2, p.lengths.2 == 4 || p.lengths.2 == 2 else { return nil }
            let year = p.lengths.2 == 4 ? Int(c) : pivotYear(Int(c), today: today)
            if mark == UInt8(ascii: "/"), conventions.monthFirst, b <= 31, a <= 12 {  // m/d/y
                return NumericDate(day: Int(b), month: Int(a), year: year, weak: false, swappable: false)
            }
            return NumericDate(day: Int(a), month: Int(b), year: year, weak: false, swappable: false)
        }
        // Two parts with a slash: "11/21" month first in English, "21/11" day first in Russian
        // (weak, like "15.02": alone on a line with no other number it is the amount). A first part
        // that can be no month is the day in any language ("15/11" is 15 November).
        if p.count == 2, mark == UInt8(ascii: "/"), !p.trailingSeparator, p.lengths.0 <= 2, p.lengths.1 <= 2 {
            let (month, day) = conventions.monthFirst && a <= 12 ? (a, b) : (b, a)
            guard month >= 1, month <= 12, day >= 1, day <= 31 else { return nil }
            return NumericDate(day: Int(day), month: Int(month), year: nil, weak: true,
                               swappable: conventions.monthFirst && day <= 12 && day != month)
        }
        // Two parts: only d.m with a two-digit month ("15.02", "10.12."), never "1.5".
        guard p.count == 2, mark == UInt8(ascii: "."), p.lengths.1 == 2, p.lengths.0 <= 2, a >= 1, a <= 31, b >= 1, b <= 12
        else { return nil }
        return NumericDate(day: Int(a), month: Int(b), year: nil, weak: !trailingDot,
                           swappable: conventions.monthFirst && a <= 12 && a != b)
    }

    static func clock(_ text: String) -> TimeOfDay? {
        guard let p = Parts(text), p.separator == UInt8(ascii: ":"), p.count == 2, !p.trailingSeparator,
              p.lengths.1 == 2, p.lengths.0 <= 2 else { return nil }
        return TimeOfDay(hour: Int(p.values.0), minute: Int(p.values.1))
    }
}
