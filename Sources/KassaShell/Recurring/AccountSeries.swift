// AccountSeries: what an account change does to the recurring series — a loan's payment becomes
// (or updates) its series (LoanSeries) when `:account add` sets it; archiving the loan archives
// that series and unarchiving resumes it from today; removing the account removes it; a rename
// moves every series' account names. The records go into the account change's own journal
// write, so one undo takes back both.

import KassaCore
import KassaLedger
import KassaStore

enum AccountSeries {
    static func all(_ journal: Journal) -> [Series] {
        journal.objects(Series.kind).compactMap(Series.init(record:))
    }

    /// The series records and what to say after `:account add` left `profile` as it is.
    static func loanPayment(_ profile: AccountProfile, options: AccountOptions, journal: Journal,
                            context: CommandContext) throws(UsageError) -> ([ObjectRecord], [SessionEvent]) {
        let series = all(journal)
        let key = AccountProfile.key(profile.name)
        let existing = series.first { $0.loan == key }
        guard profile.kind == .loan, profile.payment != nil else {
            if options.paymentDay != nil || options.payFrom != nil {
                throw UsageError(key: "account.loan-only", arguments: ["name": profile.name])
            }
            // No longer a loan (or no payment): its payments stop being asked for.
            guard var stopped = existing, stopped.status != .archived else { return ([], []) }
            stopped.status = .archived
            return ([stopped.record], [.notice("recurring.archived", ["id": String(stopped.id), "note": stopped.note])])
        }
        if options.payFrom == key {
            throw UsageError(key: "account.bad-option", arguments: ["option": "--from", "value": options.payFrom ?? ""])
        }
        let today = context.configuration.today
        let note = context.app?.catalog.text("account.loan-note", ["name": profile.name]) ?? profile.name
        guard let updated = LoanSeries.series(
            for: profile, existing: existing, id: (series.map(\.id).max() ?? 0) + 1, from: options.payFrom,
            defaultAccount: context.configuration.defaultAccount(in: journal), paymentDay: options.paymentDay,
            note: note, today: today), updated != existing else { return ([], []) }
        let next = updated.next(onOrAfter: today)
        var arguments = ["id": String(updated.id), "name": profile.name, "from": updated.account ?? "",
                         "date": next.map { context.app?.catalog.dateWithYear($0) ?? $0.iso } ?? ""]
        guard existing == nil else { return ([updated.record], [.notice("account.loan-series-changed", arguments)]) }
        arguments["day"] = String(updated.start.day)
        return ([updated.record], [.notice("account.loan-series", arguments), .output(SeriesStartedOutput(series: updated, next: next))])
    }

    /// Archiving a loan archives its payment series; unarchiving resumes it from today (what fell
    /// due while archived is not asked for).
    static func archived(_ name: String, _ archived: Bool, journal: Journal, today: CivilDate) -> [ObjectRecord] {
        all(journal).filter { $0.loan == AccountProfile.key(name) }.compactMap { series in
            var changed = series
            changed.status = archived ? .archived : .active
            if !archived { changed.resumedFrom = today }
            return changed == series ? nil : changed.record
        }
    }

    /// The removal of a removed loan's payment series.
    static func removed(_ name: String, journal: Journal) -> [ObjectRecord] {
        all(journal).filter { $0.loan == AccountProfile.key(name) }.map {
            ObjectRecord(kind: Series.kind, key: String($0.id), removed: true)
        }
    }

    /// Every series naming the old account, with the new name.
    static func renamed(_ old: String, to new: String, journal: Journal) -> [ObjectRecord] {
        let key = AccountProfile.key(old)
        return all(journal).compactMap { series in
            var moved = series
            if moved.account?.lowercased() == key { moved.account = new }
            if moved.toAccount?.lowercased() == key { moved.toAccount = new }
            if moved.loan == key { moved.loan = AccountProfile.key(new) }
            return moved == series ? nil : moved.record
        }
    }
}
