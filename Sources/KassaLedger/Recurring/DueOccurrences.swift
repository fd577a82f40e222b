// DueOccurrences: what the series ask for on a day — every unsettled date of an active series up
// to today (due), and the dates within `days` ahead or within a series' reminder days (coming
// up). Settled dates are the occurrence records (no transaction is scanned); paused and archived
// series ask nothing, and a resumed one nothing before its resume date.

import KassaCore

public enum DueOccurrences {
    /// At most this many due dates per series (a daily series left alone for years asks for the
    /// last ones only, never an unbounded batch).
    public static let perSeriesLimit = 366

    /// Due (≤ today) and coming (≤ today + max(days, reminders)) occurrences, by date then series.
    /// `settled` holds each series' saved and skipped dates (from its occurrence records).
    public static func compute(series: [Series], settled: [Int: Set<CivilDate>], today: CivilDate, days: Int = 0,
                               reminders: Bool = false) -> [DueOccurrence] {
        var result: [DueOccurrence] = []
        for s in series where s.status == .active {
            let done = settled[s.id] ?? []
            let ahead = max(days, reminders ? (s.remindDays.max() ?? 0) : 0)
            let through = today.adding(days: max(0, ahead))
            var dueDates = s.schedule.dates(from: s.firstDueDate, through: today, limit: .max)
                .filter { !done.contains($0) }
            if dueDates.count > perSeriesLimit { dueDates = Array(dueDates.suffix(perSeriesLimit)) }
            var dates = dueDates
            if through > today {
                for date in s.schedule.dates(from: max(today.adding(days: 1), s.firstDueDate), through: through, limit: perSeriesLimit)
                where !done.contains(date) {
                    // A reminder names only the days the series asked for (or any with --days).
                    let until = date.daysSinceEpoch - today.daysSinceEpoch
                    if until <= days || (reminders && s.remindDays.contains(where: { until <= $0 })) { dates.append(date) }
                }
            }
            for date in dates {
                result.append(DueOccurrence(series: s, date: date, amount: s.amount(on: date),
                                            daysOverdue: today.daysSinceEpoch - date.daysSinceEpoch))
            }
        }
        return result.sorted { ($0.date, $0.series.id) < ($1.date, $1.series.id) }
    }
}

extension DueOccurrences {
    /// Each series' settled dates, from the journal's occurrence records.
    public static func settled(_ records: [ObjectRecord]) -> [Int: Set<CivilDate>] {
        var settled: [Int: Set<CivilDate>] = [:]
        for record in records {
            guard let occurrence = Occurrence(record: record) else { continue }
            settled[occurrence.series, default: []].insert(occurrence.date)
        }
        return settled
    }
}
