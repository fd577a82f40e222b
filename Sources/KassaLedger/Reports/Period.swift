// Period: the span of days a report covers — a week (Monday to Sunday), a calendar month, a
// calendar year, or any inclusive range — and the period before it to compare with. Pure
// calendar arithmetic on CivilDate: no clock, "today" is always passed in.

import KassaCore

public struct Period: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case week, month, year, range
    }

    public let kind: Kind
    /// First and last day, both included.
    public let from: CivilDate
    public let to: CivilDate

    public init(kind: Kind, from: CivilDate, to: CivilDate) {
        self.kind = kind
        self.from = from
        self.to = max(from, to)
    }

    /// The ISO week (Monday to Sunday) that holds `date`.
    public static func week(containing date: CivilDate) -> Period {
        let monday = date.adding(days: 1 - date.isoWeekday)
        return Period(kind: .week, from: monday, to: monday.adding(days: 6))
    }

    public static func month(containing date: CivilDate) -> Period {
        month(year: date.year, month: date.month)
    }

    /// A calendar month; `month` outside 1...12 rolls into the neighbouring years.
    public static func month(year: Int, month: Int) -> Period {
        let index = year * 12 + (month - 1)
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return Period(kind: .month, from: CivilDate(year: y, month: m, day: 1)!,
                      to: CivilDate(year: y, month: m, day: CivilDate.daysInMonth(year: y, month: m))!)
    }

    public static func year(containing date: CivilDate) -> Period {
        Period(kind: .year, from: CivilDate(year: date.year, month: 1, day: 1)!,
               to: CivilDate(year: date.year, month: 12, day: 31)!)
    }

    public var firstDay: Int { from.daysSinceEpoch }
    public var lastDay: Int { to.daysSinceEpoch }
    public var dayCount: Int { lastDay - firstDay + 1 }

    public func contains(day: Int) -> Bool { day >= firstDay && day <= lastDay }

    /// The period just before, of the same kind: the previous week, calendar month or year;
    /// for a range, the same number of days ending the day before it starts.
    public var previous: Period {
        switch kind {
        case .week: return Period(kind: .week, from: from.adding(days: -7), to: to.adding(days: -7))
        case .month: return Period.month(year: from.year, month: from.month - 1)
        case .year: return Period.year(containing: CivilDate(year: from.year - 1, month: 1, day: 1)!)
        case .range: return Period(kind: .range, from: from.adding(days: -dayCount), to: from.adding(days: -1))
        }
    }

    /// Months touched by the period, as month numbers (year × 12 + month − 1), first to last.
    public var months: ClosedRange<Int> { Period.monthNumber(from)...Period.monthNumber(to) }

    public static func monthNumber(_ date: CivilDate) -> Int { date.year * 12 + date.month - 1 }
    public static func monthNumber(day: Int) -> Int { monthNumber(CivilDate(daysSinceEpoch: day)) }
}

/// What `--period` says, before "today" makes it a Period: `week`, `month`, `year`,
/// `YYYY-MM`, `YYYY` or `FROM..TO` (ISO dates).
public enum PeriodSpec: Sendable, Hashable {
    case week, month, year
    case calendarMonth(year: Int, month: Int)
    case calendarYear(Int)
    case range(CivilDate, CivilDate)

    /// Reads the machine forms; the words `week`, `month`, `year` in other languages are
    /// mapped to these by the caller (session.rules).
    public init?(_ text: String) {
        switch text.lowercased() {
        case "week": self = .week
        case "month": self = .month
        case "year": self = .year
        default:
            if text.contains(".") {
                let sides = text.split(separator: ".", omittingEmptySubsequences: false)
                guard sides.count == 3, sides[1].isEmpty, let from = CivilDate(iso: String(sides[0])),
                      let to = CivilDate(iso: String(sides[2])), from <= to else { return nil }
                self = .range(from, to)
                return
            }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            func number(_ part: Substring, digits: Int) -> Int? {
                guard part.count == digits, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                return Int(part)
            }
            if parts.count == 2, let year = number(parts[0], digits: 4), let month = number(parts[1], digits: 2),
               (1...12).contains(month) {
                self = .calendarMonth(year: year, month: month)
            } else if parts.count == 1, let year = number(parts[0], digits: 4) {
                self = .calendarYear(year)
            } else {
                return nil
            }
        }
    }

    public func resolve(today: CivilDate) -> Period {
        switch self {
        case .week: return .week(containing: today)
        case .month: return .month(containing: today)
        case .year: return .year(containing: today)
        case .calendarMonth(let year, let month): return .month(year: year, month: month)
        case .calendarYear(let year): return .year(containing: CivilDate(year: year, month: 1, day: 1)!)
        case .range(let from, let to): return Period(kind: .range, from: from, to: to)
        }
    }
}
