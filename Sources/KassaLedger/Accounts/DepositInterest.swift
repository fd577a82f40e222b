// DepositInterest: the interest a deposit has earned and not yet been paid, month by month
// (DOMAIN.md §1). Interest accrues each day as principal × rate / 100 / 365 (365 in leap years
// too, as the app does) and is posted on the posting day of each month (the 31st falls on the
// last day of a shorter month) for the days since the previous posting (the first period starts
// on the opening date). The principal of a day is the balance at the end of that day: the
// opening balance and the account's transactions up to it — posted interest included only with
// capitalisation; a negative principal earns nothing.
//
// Exact: the day's accruals are summed as a 128-bit integer of minor units × ten-thousandths of
// a percent, and divided once per posting; the posting is rounded to the nearest minor unit,
// half up, and the remainder is dropped (not carried into the next month).

import KassaCore

public enum DepositInterest {
    /// The category of posted interest: how kassa tells interest from the deposit's other income.
    public static let category = "income/interest"

    /// A movement of the deposit's balance: a transaction on it (or to it) on a day.
    public struct Movement: Sendable, Hashable {
        public var date: CivilDate
        /// Minor units; negative for money leaving the deposit.
        public var amount: Int64
        /// Posted interest (counts in the principal only with capitalisation).
        public var isInterest: Bool
        public init(date: CivilDate, amount: Int64, isInterest: Bool = false) {
            self.date = date
            self.amount = amount
            self.isInterest = isInterest
        }
    }

    /// One month's interest to post.
    public struct Posting: Sendable, Hashable {
        public var date: CivilDate
        public var amount: Money
        /// "2026-03": the month this posting settles (what the journal remembers as posted).
        public var month: String { date.iso.prefix(7).description }
    }

    /// The postings due on or before `today` after the month `postedThrough` ("2026-02"; nil:
    /// none posted yet), oldest first. A month whose interest rounds to zero is returned with a
    /// zero amount: the caller posts nothing for it but remembers the month as settled.
    public static func due(_ profile: AccountProfile, currency: Currency, movements: [Movement], today: CivilDate,
                           postedThrough: String? = nil) throws(MoneyError) -> [Posting] {
        guard profile.kind == .deposit, let start = profile.openingDate ?? movements.map(\.date).min() else { return [] }
        let day = profile.postingDay ?? start.day
        var dates: [CivilDate] = []
        var year = start.year, month = start.month
        while true {
            let date = CivilDate(year: year, month: month, day: min(day, CivilDate.daysInMonth(year: year, month: month)))!
            if date > today { break }
            if date > start { dates.append(date) }
            month += 1
            if month > 12 { month = 1; year += 1 }
        }
        let sorted = movements.sorted { $0.date < $1.date }
        var next = 0
        var principal = Int128(profile.opening.map { $0.currency == currency ? $0.minorUnits : 0 } ?? 0)
        var postings: [Posting] = []
        var from = start
        let denominator = Int128(100) * Int128(Percent.scale) * 365
        for date in dates {
            var accrued: Int128 = 0
            var current = from
            while current < date {
                while next < sorted.count, sorted[next].date <= current {
                    if !sorted[next].isInterest || profile.capitalize { principal += Int128(sorted[next].amount) }
                    next += 1
                }
                if principal > 0, let rate = profile.rate(on: current) {
                    accrued += principal * Int128(rate.tenThousandths)
                }
                current = current.adding(days: 1)
            }
            from = date
            let month = String(date.iso.prefix(7))
            if let postedThrough, month <= postedThrough { continue }
            let minor = (accrued + denominator / 2) / denominator
            // A month's interest must be an amount kassa can record (12 digits before the point),
            // and the principal must stay far from Int128's bound: past either, posting stops here.
            guard minor <= Int128(Int64.max), Money(minorUnits: Int64(minor), currency: currency).isWithinEntryBound else {
                throw MoneyError(.overflow, currency: currency)
            }
            let amount = Money(minorUnits: Int64(minor), currency: currency)
            postings.append(Posting(date: date, amount: amount))
            // Interest posted in this run is not in `movements` yet: with capitalisation it
            // earns from its posting day on, like a posted one.
            if profile.capitalize { principal += minor }
        }
        return postings
    }
}
