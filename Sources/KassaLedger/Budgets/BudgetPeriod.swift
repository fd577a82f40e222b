// BudgetPeriod: the span a budget's limit covers around a date — a week from the configured
// first weekday, a month from the reset day (the previous month's when the day has not come yet;
// a reset day past the month's end falls on its last day: 31 → 28 or 29 February), or a
// calendar year. Pure calendar arithmetic on CivilDate; "today" is always passed in.

import KassaCore

public struct BudgetPeriod: Sendable, Hashable {
    public let frequency: Budget.Frequency
    public let resetDay: Int
    /// ISO weekday a week starts on: 1 = Monday ... 7 = Sunday.
    public let weekStart: Int
    /// First and last day, both included.
    public let start: CivilDate
    public let end: CivilDate

    /// The period of `frequency` that holds `date`.
    public init(containing date: CivilDate, frequency: Budget.Frequency, resetDay: Int = 1, weekStart: Int = 1) {
        self.frequency = frequency
        self.resetDay = min(31, max(1, resetDay))
        self.weekStart = min(7, max(1, weekStart))
        switch frequency {
        case .weekly:
            let back = (date.isoWeekday - self.weekStart + 7) % 7
            start = date.adding(days: -back)
            end = start.adding(days: 6)
        case .monthly:
            let here = BudgetPeriod.resetDate(year: date.year, month: date.month, day: self.resetDay)
            let month = date >= here ? date.year * 12 + date.month - 1 : date.year * 12 + date.month - 2
            start = BudgetPeriod.resetDate(monthNumber: month, day: self.resetDay)
            end = BudgetPeriod.resetDate(monthNumber: month + 1, day: self.resetDay).adding(days: -1)
        case .yearly:
            start = CivilDate(year: date.year, month: 1, day: 1)!
            end = CivilDate(year: date.year, month: 12, day: 31)!
        }
    }

    /// The period of `budget` that holds `date`.
    public init(containing date: CivilDate, budget: Budget, weekStart: Int = 1) {
        self.init(containing: date, frequency: budget.frequency, resetDay: budget.resetDay, weekStart: weekStart)
    }

    /// The reset day in a month, clamped to the month's last day.
    static func resetDate(year: Int, month: Int, day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: min(day, CivilDate.daysInMonth(year: year, month: month)))!
    }

    /// `monthNumber` is year × 12 + month − 1.
    static func resetDate(monthNumber: Int, day: Int) -> CivilDate {
        let year = monthNumber >= 0 ? monthNumber / 12 : (monthNumber - 11) / 12
        return resetDate(year: year, month: monthNumber - year * 12 + 1, day: day)
    }

    public var next: BudgetPeriod {
        BudgetPeriod(containing: end.adding(days: 1), frequency: frequency, resetDay: resetDay, weekStart: weekStart)
    }

    public var previous: BudgetPeriod {
        BudgetPeriod(containing: start.adding(days: -1), frequency: frequency, resetDay: resetDay, weekStart: weekStart)
    }

    public var firstDay: Int { start.daysSinceEpoch }
    public var lastDay: Int { end.daysSinceEpoch }
    public var dayCount: Int { lastDay - firstDay + 1 }

    public func contains(_ date: CivilDate) -> Bool { date >= start && date <= end }

    /// How many whole periods lie from the one holding `date` up to (not including) this one;
    /// 0 when `date` is in this period or after it.
    public func periodsSince(_ date: CivilDate) -> Int {
        guard date < start else { return 0 }
        switch frequency {
        case .weekly:
            let first = BudgetPeriod(containing: date, frequency: frequency, resetDay: resetDay, weekStart: weekStart)
            return (firstDay - first.firstDay) / 7
        case .yearly:
            return start.year - date.year
        case .monthly:
            // A monthly period starts in the month it is named after (the reset day is clamped
            // into that month), so months between the starts count the periods.
            let first = BudgetPeriod(containing: date, frequency: frequency, resetDay: resetDay, weekStart: weekStart)
            return (start.year * 12 + start.month) - (first.start.year * 12 + first.start.month)
        }
    }
}
