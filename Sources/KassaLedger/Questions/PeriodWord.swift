// PeriodWord: the periods questions.ask names, and the span each means on a given today
// (DESIGN.md §9): "this month" is the 1st through today, "last month" the whole previous
// calendar month, "this week" Monday through today, "last week" the previous Monday–Sunday,
// "the last 30 days" today−29 … today; "all" is no period at all.

import KassaCore

public enum PeriodWord: String, Sendable, CaseIterable {
    case today, yesterday
    case thisWeek = "this-week", lastWeek = "last-week"
    case thisMonth = "this-month", lastMonth = "last-month"
    case thisYear = "this-year", lastYear = "last-year"
    case all, days, weeks, months

    /// The span for `today`; `count` is the #n of days, weeks, months. nil for `all`.
    public func period(today: CivilDate, count: Int = 1) -> Period? {
        let n = max(1, count)
        switch self {
        case .today: return Period(kind: .range, from: today, to: today)
        case .yesterday: let day = today.adding(days: -1); return Period(kind: .range, from: day, to: day)
        case .thisWeek: return Period(kind: .week, from: Period.week(containing: today).from, to: today)
        case .lastWeek: return Period.week(containing: today.adding(days: -7))
        case .thisMonth: return Period(kind: .month, from: Period.month(containing: today).from, to: today)
        case .lastMonth: return Period.month(year: today.year, month: today.month - 1)
        case .thisYear: return Period(kind: .year, from: Period.year(containing: today).from, to: today)
        case .lastYear: return Period.year(containing: CivilDate(year: today.year - 1, month: 1, day: 1)!)
        case .all: return nil
        case .days: return Period(kind: .range, from: today.adding(days: 1 - n), to: today)
        case .weeks: return Period(kind: .range, from: today.adding(days: 1 - 7 * n), to: today)
        case .months:
            // The same day n months back (the last day of a shorter month), the day after it on.
            let back = Period.month(year: today.year, month: today.month - n)
            let day = min(today.day, back.to.day)
            let start = CivilDate(year: back.from.year, month: back.from.month, day: day)!.adding(days: 1)
            return Period(kind: .range, from: start, to: today)
        }
    }

    /// "in February": the most recent February not after today — the whole month, or the 1st
    /// through today when it is this month.
    public static func month(_ month: Int, year: Int? = nil, today: CivilDate) -> Period {
        let y = year ?? (month <= today.month ? today.year : today.year - 1)
        let whole = Period.month(year: y, month: month)
        guard whole.contains(day: today.daysSinceEpoch) else { return whole }
        return Period(kind: .month, from: whole.from, to: today)
    }
}
