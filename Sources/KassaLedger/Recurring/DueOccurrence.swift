// DueOccurrence: one date of a series that is due (on or before today) or coming up (within the
// days asked or the series' reminders), with the amount it has on that date.

import KassaCore

public struct DueOccurrence: Sendable, Hashable {
    public var series: Series
    public var date: CivilDate
    public var amount: Money
    /// Days past its date (0 today); negative for one that is coming up.
    public var daysOverdue: Int

    public init(series: Series, date: CivilDate, amount: Money, daysOverdue: Int) {
        self.series = series
        self.date = date
        self.amount = amount
        self.daysOverdue = daysOverdue
    }

    public var isDue: Bool { daysOverdue >= 0 }
    public var overdue: Bool { daysOverdue > 0 }
    public var key: String { Occurrence.key(series: series.id, date: date) }

    /// The draft that pays it: dated on its date, the series' words, category and accounts.
    public var draft: Draft {
        Draft(type: series.type, amount: amount, date: date, category: series.category, account: series.account,
              toAccount: series.toAccount, note: series.note)
    }
}
