// HledgerDateFormat: hledger's `date-format` (strptime's) for the dates banks write — `%Y %y %m
// %d` (with `%-m`, `%-d`, `%e` for no leading zero), `%H %M %S` (the time kept to the minute),
// `%z %Z` (a zone, read and left: kassa's dates are the bank's own day) — and the dates hledger
// reads without one (`2024-01-31`, `2024/01/31`, `2024.01.31`, a time after them). One pass over
// the text; a part it does not read makes the date unreadable, never guessed.

import KassaCore

enum HledgerDateFormat {
    static func parse(_ text: String, format: String?) -> (date: CivilDate, time: TimeOfDay?)? {
        guard let format else { return plain(text) }
        let input = Array(text.trimmingCharacters()), spec = Array(format)
        var i = 0, k = 0
        var year: Int?, month: Int?, day: Int?, hour: Int?, minute: Int?
        /// Up to `width` digits (at least one).
        func number(_ width: Int) -> Int? {
            var value = 0, count = 0
            while i < input.count, count < width, let digit = input[i].wholeNumberValue, input[i].isASCII {
                value = value * 10 + digit
                i += 1
                count += 1
            }
            return count > 0 ? value : nil
        }
        while k < spec.count {
            let ch = spec[k]
            if ch == "%", k + 1 < spec.count {
                k += 1
                var directive = spec[k]
                if directive == "-" || directive == "0" || directive == "_", k + 1 < spec.count {
                    k += 1
                    directive = spec[k]
                }
                while directive != "Y", directive != "y", i < input.count, input[i] == " " { i += 1 }
                switch directive {
                case "Y": year = number(4)
                case "y": year = number(2).map { $0 >= 69 ? 1900 + $0 : 2000 + $0 }
                case "m": month = number(2)
                case "d", "e": day = number(2)
                case "H": hour = number(2)
                case "M": minute = number(2)
                case "S": guard number(2) != nil else { return nil }
                case "z", "Z":
                    while i < input.count, input[i] != " " { i += 1 }
                case "%":
                    guard i < input.count, input[i] == "%" else { return nil }
                    i += 1
                default: return nil
                }
                k += 1
                continue
            }
            if ch == " " {
                while i < input.count, input[i] == " " { i += 1 }
            } else {
                guard i < input.count, input[i] == ch else { return nil }
                i += 1
            }
            k += 1
        }
        guard i == input.count, let year, let month, let day, let date = CivilDate(year: year, month: month, day: day) else { return nil }
        let time = hour.flatMap { TimeOfDay(hour: $0, minute: minute ?? 0) }
        return (date, time)
    }

    /// Year first, `-` `/` or `.` between, an optional time after a space.
    static func plain(_ text: String) -> (date: CivilDate, time: TimeOfDay?)? {
        let (datePart, timePart) = DateTimeText.split(text.trimmingCharacters())
        let parts = datePart.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = CivilDate(year: year, month: month, day: day) else { return nil }
        return (date, timePart.flatMap(DateTimeText.time))
    }
}
