// DateText: the dates people and banks write — ISO `2026-03-04`, `04.03.2026`, `04.03.26`,
// `04/03/2026`, `2026/03/04` — read into CivilDate. Day-first or month-first for a slash date
// is decided for the whole file (DateText.order): a row with a first part above 12 says
// day-first, one with a second part above 12 says month-first; with neither, day-first (as
// Kazakh banks write) and the reader reports it was a guess.

import KassaCore

public enum DateText {
    public enum Order: String, Sendable { case dmy, mdy, ymd }

    /// The three numbers of a date cell and the separator, or nil.
    static func parts(_ text: Substring) -> (Int, Int, Int, Int, Character)? {
        var numbers: [Int] = []
        var widths: [Int] = []
        var separator: Character?
        var current = 0, width = 0
        for ch in text {
            if let digit = ch.wholeNumberValue, ch.isASCII {
                current = current * 10 + digit
                width += 1
                guard width <= 4 else { return nil }
            } else if ch == "." || ch == "/" || ch == "-" {
                guard width > 0, separator == nil || separator == ch else { return nil }
                separator = ch
                numbers.append(current); widths.append(width)
                current = 0; width = 0
            } else {
                return nil
            }
        }
        guard width > 0, let separator else { return nil }
        numbers.append(current); widths.append(width)
        guard numbers.count == 3 else { return nil }
        return (numbers[0], numbers[1], numbers[2], widths[0], separator)
    }

    /// The date `text` is in `order` (ISO and year-first are always read as such).
    public static func parse(_ text: Substring, order: Order) -> CivilDate? {
        guard let (a, b, c, firstWidth, _) = parts(text) else { return nil }
        if firstWidth == 4 { return CivilDate(year: a, month: b, day: c) }
        // Two-digit years as POSIX reads them: 69–99 are 1969–1999, 00–68 are 2000–2068
        // ("01.01.99" is 1999, never 2099). A year written with three digits is no year.
        guard c < 100 || c >= 1000 else { return nil }
        let year = c < 100 ? (c >= 69 ? 1900 + c : 2000 + c) : c
        switch order {
        case .mdy: return CivilDate(year: year, month: a, day: b)
        case .dmy, .ymd: return CivilDate(year: year, month: b, day: a)
        }
    }

    /// What a column's cells say about the order: .dmy, .mdy, or nil when nothing decides.
    public static func order(of cells: some Sequence<Substring>) -> Order? {
        for cell in cells {
            guard let (a, b, _, firstWidth, separator) = parts(cell), firstWidth < 4 else { continue }
            // Dots are day-first everywhere they are used.
            if separator == "." { return .dmy }
            if a > 12 && b <= 12 { return .dmy }
            if b > 12 && a <= 12 { return .mdy }
        }
        return nil
    }

    /// Whether any cell needs the order decided (a slash date with both parts ≤ 12).
    public static func isAmbiguous(_ cells: some Sequence<Substring>) -> Bool {
        cells.contains { cell in
            guard let (a, b, _, firstWidth, separator) = parts(cell) else { return false }
            return firstWidth < 4 && separator != "." && a <= 12 && b <= 12 && a != b
        }
    }
}
