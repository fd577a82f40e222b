// SeriesSchedule: the dates of a series. The n-th date is always computed from the start date
// (start + n × interval units), never from the previous date, so a series on the 31st falls on
// 28/29 February and 30 April and is back on the 31st in May — it never drifts.

import KassaCore

public struct SeriesSchedule: Sendable, Hashable {
    public let start: CivilDate
    public let frequency: Recurrence
    /// Every `interval` units (every 2 weeks); at least 1.
    public let interval: Int

    public init(start: CivilDate, frequency: Recurrence, interval: Int = 1) {
        self.start = start
        self.frequency = frequency
        self.interval = max(1, interval)
    }

    /// Length of one step in days (daily, weekly) or in months (monthly, quarterly, yearly).
    private var step: Int {
        switch frequency {
        case .daily: return interval
        case .weekly: return 7 * interval
        case .monthly: return interval
        case .quarterly: return 3 * interval
        case .yearly: return 12 * interval
        }
    }

    private var stepsInMonths: Bool { frequency != .daily && frequency != .weekly }

    /// The n-th date (n = 0 is the start); nil past the supported calendar.
    public func date(_ n: Int) -> CivilDate? {
        guard n >= 0 else { return nil }
        let (offset, overflow) = n.multipliedReportingOverflow(by: step)
        guard !overflow, offset < 200_000 else { return nil }
        if !stepsInMonths {
            let date = start.adding(days: offset)
            return date.isSupported ? date : nil
        }
        let months = start.year * 12 + (start.month - 1) + offset
        let year = months / 12, month = months % 12 + 1
        let day = min(start.day, CivilDate.daysInMonth(year: year, month: month))
        guard let date = CivilDate(year: year, month: month, day: day), date.isSupported else { return nil }
        return date
    }

    /// The index of the first date on or after `date` (0 when `date` is on or before the start).
    public func index(onOrAfter date: CivilDate) -> Int {
        guard date > start else { return 0 }
        var n: Int
        if stepsInMonths {
            let months = (date.year * 12 + date.month) - (start.year * 12 + start.month)
            n = max(0, months / step)
        } else {
            n = (date.daysSinceEpoch - start.daysSinceEpoch) / step
        }
        // The estimate is at most one step early (a clamped day); walk forward to the first date.
        while let d = self.date(n), d < date { n += 1 }
        return n
    }

    /// The first date on or after `date`, if the calendar has one.
    public func next(onOrAfter date: CivilDate) -> CivilDate? {
        self.date(index(onOrAfter: date))
    }

    /// The dates from `from` through `through`, both included, at most `limit` of them.
    public func dates(from: CivilDate, through: CivilDate, limit: Int = 1_000) -> [CivilDate] {
        var result: [CivilDate] = []
        var n = index(onOrAfter: from)
        while result.count < limit, let d = date(n), d <= through {
            result.append(d)
            n += 1
        }
        return result
    }
}
