// PeriodWord: the periods questions.rules names, and the span each means on a given today
// (DESIGN.md §9): "this month" is the 1st through today, "last month" the whole previous
// calendar month, "this week" Monday through today, "last week" the previous Monday–Sunday,
// "the last 30 days" today−29 … today, "the weekend" the last Saturday and Sunday up to today;
// "last weekend" the one of last week, "on weekdays" Monday to Friday; a season ("last summer",
// «летом») the most recent one begun by today; "all" is no period at all. Ahead of today, for payments to
// come: "next week", "next month", "the next 10 days" (today through the 10th day); and
// `ahead(_:today:)` turns a period running up to today into the rest of it ("this month" asked of
// payments is today through the month's end).

import KassaCore

public enum PeriodWord: String, Sendable, CaseIterable {
    case today, yesterday
    case thisWeek = "this-week", lastWeek = "last-week"
    case thisMonth = "this-month", lastMonth = "last-month"
    case thisYear = "this-year", lastYear = "last-year"
    case all, days, weeks, months
    /// Ahead of today, for payments to come: next Monday–Sunday, the whole next month, and
    /// today through the next #n days.
    case nextWeek = "next-week", nextMonth = "next-month", nextDays = "next-days"
    /// The last Saturday and Sunday up to today ("over the weekend", «на выходных»).
    case weekend
    /// The weekend of last week, whatever today is: said on a Sunday, "last weekend" is not the
    /// one under way.
    case lastWeekend = "last-weekend"
    /// This week, month or year and the one before, said together ("this and last month", «в этом
    /// и прошлом месяце»): both, from the first day of the one before to today; compared, the
    /// one with the other (`pair`).
    case thisAndLastWeek = "this-and-last-week", thisAndLastMonth = "this-and-last-month", thisAndLastYear = "this-and-last-year"
    /// Monday to Friday of this week, up to today ("on weekdays", «по будням»); said with another
    /// week ("on weekdays last week"), of that one (QuestionReader narrows it).
    case weekdays
    /// The most recent season that began by today, to its end or to today ("in the summer",
    /// «летом»): winter is December to February, and so on by the months.
    case winter, spring, summer, autumn

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
        case .weekend:
            // Saturday and Sunday of this week once today is one of them, else of last week.
            let saturday = Period.week(containing: today.isoWeekday >= 6 ? today : today.adding(days: -7)).from.adding(days: 5)
            return Period(kind: .range, from: saturday, to: min(saturday.adding(days: 1), today))
        case .thisAndLastWeek, .thisAndLastMonth, .thisAndLastYear:
            guard let (_, before) = pair, let start = before.period(today: today)?.from else { return nil }
            return Period(kind: .range, from: start, to: today)
        case .lastWeekend:
            let saturday = Period.week(containing: today.adding(days: -7)).from.adding(days: 5)
            return Period(kind: .range, from: saturday, to: saturday.adding(days: 1))
        case .weekdays:
            return PeriodWord.weekdays(of: Period(kind: .week, from: Period.week(containing: today).from, to: today))
        case .winter, .spring, .summer, .autumn:
            let first = [PeriodWord.winter: 12, .spring: 3, .summer: 6, .autumn: 9][self]!
            // The season's first month in this year, or last year's when it starts after today.
            var start = Period.month(year: today.year, month: first).from
            if start > today { start = Period.month(year: today.year - 1, month: first).from }
            let end = Period.month(year: start.year, month: start.month + 2).to
            return Period(kind: .range, from: start, to: min(end, today))
        case .nextWeek: return Period.week(containing: today.adding(days: 7))
        case .nextMonth: return Period.month(year: today.year, month: today.month + 1)
        case .nextDays: return Period(kind: .range, from: today, to: today.adding(days: n - 1))
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

    /// The part of `period` from today on, for payments to come: a week, month or year that
    /// holds today runs to its end; a period after today is kept; none is the next 30 days.
    public static func ahead(_ period: Period?, today: CivilDate) -> Period {
        guard let period else { return Period(kind: .range, from: today, to: today.adding(days: 29)) }
        // "what's due in January" asked in November: what is to pay is never behind today, so a
        // month read as the most recent one that is already over is next year's.
        if period.kind == .month, period.to < today {
            return Period.month(year: period.from.year + 1, month: period.from.month)
        }
        guard period.from <= today, today <= period.to else { return period }
        let whole: Period
        switch period.kind {
        case .week: whole = Period.week(containing: today)
        case .month: whole = Period.month(containing: today)
        case .year: whole = Period.year(containing: today)
        default: whole = period
        }
        return Period(kind: whole.kind, from: today, to: max(whole.to, today))
    }

    /// The two periods a "this and last" word names: this one and the one before.
    public var pair: (PeriodWord, PeriodWord)? {
        switch self {
        case .thisAndLastWeek: return (.thisWeek, .lastWeek)
        case .thisAndLastMonth: return (.thisMonth, .lastMonth)
        case .thisAndLastYear: return (.thisYear, .lastYear)
        default: return nil
        }
    }

    /// Monday to Friday of the week `period` is (a week, or part of one), to its end at most.
    public static func weekdays(of period: Period) -> Period {
        let monday = Period.week(containing: period.from).from
        return Period(kind: .range, from: monday, to: min(monday.adding(days: 4), period.to))
    }

    /// The first or second half of the calendar year or month `period` is in ("the first half of
    /// the year": January to June, "of November": the 1st to the 15th), to today at most; nil for
    /// a period that is neither a year nor a month.
    public static func half(_ first: Bool, of period: Period, today: CivilDate) -> Period? {
        let whole: Period, middle: CivilDate
        switch period.kind {
        case .year:
            whole = Period.year(containing: period.from)
            middle = Period.month(year: whole.from.year, month: 6).to
        case .month:
            whole = Period.month(containing: period.from)
            middle = CivilDate(year: whole.from.year, month: whole.from.month, day: 15)!
        default:
            return nil
        }
        let half = first ? Period(kind: .range, from: whole.from, to: middle) : Period(kind: .range, from: middle.adding(days: 1), to: whole.to)
        guard half.from <= today else { return half }
        return Period(kind: .range, from: half.from, to: min(half.to, today))
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
