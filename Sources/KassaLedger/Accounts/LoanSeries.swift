// LoanSeries: a loan's monthly payment as a recurring series, so it comes due like any other
// (`kassa due`, the session start: a draft, never a silent posting) with no scheduler of its own.
// The series is a transfer of the payment from the paying account to the loan, monthly on the
// payment day (the opening date's day unless one is given), tied to the loan by its `loan` field.
//
// Payments before the later of the day after the opening date and the day the payment is set are
// never asked for: a loan entered a year into its term does not bring twelve drafts (a payment
// made then is recorded by hand). A later change of the payment is an amount change from that day
// on (the past keeps its amounts); a new payment day moves the dates from that day on; a new
// paying account pays the payments still to come.

import KassaCore

public enum LoanSeries {
    /// The series for `profile`'s payment: `existing` (the loan's series, if it has one) brought up
    /// to date, or a new one numbered `id`. Nil when the account is no loan or has no payment.
    /// `from`: the paying account (nil keeps the existing series' one, else `defaultAccount`).
    public static func series(for profile: AccountProfile, existing: Series?, id: Int, from: String?, defaultAccount: String,
                              paymentDay: Int?, note: String, today: CivilDate) -> Series? {
        guard profile.kind == .loan, let payment = profile.payment, payment.minorUnits > 0 else { return nil }
        let notBefore = max(today, profile.openingDate.map { $0.adding(days: 1) } ?? today)
        guard var series = existing else {
            let day = paymentDay ?? profile.openingDate?.day ?? today.day
            let start = anchor(day: day, near: notBefore)
            return Series(id: id, note: note, amount: payment, type: .transfer, account: from ?? defaultAccount,
                          toAccount: profile.name, frequency: .monthly, start: start,
                          resumedFrom: notBefore > start ? notBefore : nil, loan: AccountProfile.key(profile.name))
        }
        if let from { series.account = from }
        series.toAccount = profile.name
        if series.amount(on: today) != payment { series.changeAmount(to: payment, from: today) }
        if let paymentDay, paymentDay != series.start.day {
            // Dates from today on follow the new day; the amounts said so far stay as they were.
            series.start = anchor(day: paymentDay, near: notBefore)
            series.resumedFrom = notBefore > series.start ? notBefore : nil
        }
        if series.status == .archived { series.status = .active; series.resumedFrom = max(series.resumedFrom ?? today, today) }
        return series
    }

    /// A date on `day` in the month of `date` or, when that month is too short for it, in the
    /// latest earlier month that has it: a series keeps its start's day (clamping only in short
    /// months), so a payment on the 31st must start on a 31st.
    static func anchor(day: Int, near date: CivilDate) -> CivilDate {
        var year = date.year, month = date.month
        for _ in 0..<12 {
            if let anchored = CivilDate(year: year, month: month, day: day) { return anchored }
            if month == 1 { year -= 1; month = 12 } else { month -= 1 }
        }
        return date
    }
}
