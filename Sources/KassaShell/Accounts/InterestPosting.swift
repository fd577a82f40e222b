// InterestPosting: posts the interest every deposit has earned up to today (DepositInterest) as
// income transactions to the deposit, category income/interest, one per deposit and month, all
// in one undoable change together with an "interest" record per deposit that remembers the last
// month posted. That record is checked again under the journal's lock, after catching up with
// other sessions: two sessions starting at once post a month once, never twice.
// Runs when a session starts and on `kassa account post-interest`. A deposit whose interest is
// too large to record (a typo'd balance at 1000 % for years) posts nothing and is named in a
// warning; the other deposits are posted, and every session still starts.

import KassaCore
import KassaLedger
import KassaStore

enum InterestPosting {
    static let recordKind = "interest"

    /// Another session posted the same months first: nothing to do.
    struct AlreadyPosted: Error {}

    /// The events of posting what is due (nothing when nothing is due). `note` is the
    /// transactions' note, in the person's language (looked up only when there is one to post).
    static func post(_ journal: Journal, today: CivilDate, defaultCurrency: Currency, note: @autoclosure () -> String) throws -> [SessionEvent] {
        var drafts: [Draft] = []
        var marks: [(record: ObjectRecord, seen: String?)] = []
        var warnings: [SessionEvent] = []
        for profile in AccountBook.profiles(journal).values.sorted(by: { $0.name < $1.name })
        where profile.kind == .deposit && !profile.archived && !profile.rates.isEmpty {
            let key = AccountProfile.key(profile.name)
            let currency = journal.accounts.first { $0.name.lowercased() == key }?.currency ?? profile.opening?.currency ?? defaultCurrency
            let seen = journal.object(recordKind, key: key)?["month"]
            let postings: [DepositInterest.Posting]
            do throws(MoneyError) {
                postings = try DepositInterest.due(profile, currency: currency, movements: movements(journal, key, currency),
                                                   today: today, postedThrough: seen)
            } catch {
                warnings.append(.notice("account.interest-overflow", ["account": profile.name, "currency": currency.code]))
                continue
            }
            guard let last = postings.last else { continue }
            for posting in postings where !posting.amount.isZero {
                drafts.append(Draft(type: .income, amount: posting.amount, date: posting.date, category: DepositInterest.category,
                                    account: profile.name, note: note()))
            }
            marks.append((ObjectRecord(kind: recordKind, key: key, fields: [.init("month", last.month)]), seen))
        }
        guard !marks.isEmpty else { return warnings }
        // Under the lock: the months this run saw as posted must still be the last posted ones.
        let check: () throws -> [ObjectRecord] = {
            for mark in marks where journal.object(recordKind, key: mark.record.key)?["month"] != mark.seen { throw AlreadyPosted() }
            return marks.map(\.record)
        }
        do {
            guard !drafts.isEmpty else {
                _ = try check()
                try journal.write(marks.map(\.record))
                return warnings
            }
            let saved = try journal.commit(drafts, inputs: Array(repeating: "", count: drafts.count)) { _ in try check() }
            return warnings + [.notice(key: "account.interest-posted", arguments: [:], count: saved.count), .saved(saved)]
        } catch is AlreadyPosted {
            return warnings
        }
    }

    /// Posts what is due when a session starts (its own change); a journal that cannot be written
    /// is said, and the session starts all the same.
    static func atStart(of session: Session) -> [SessionEvent] {
        do {
            return try post(session.journal, today: session.configuration.today, defaultCurrency: session.configuration.defaultCurrency,
                            note: session.app?.catalog.text("account.interest-note") ?? "")
        } catch {
            return session.storeFailure(error)
        }
    }

    /// The deposit's balance movements in its currency: money in and out, interest marked.
    static func movements(_ journal: Journal, _ key: String, _ currency: Currency) -> [DepositInterest.Movement] {
        let source = journal.source(TransactionFilter(account: key))
        var out: [DepositInterest.Movement] = []
        source.forEachEntry { entry in
            // An exchange arrives in its own currency: what leaves and what arrives are checked
            // apart; a purchase in another currency moves the account by what it was charged.
            let arriving = entry.arriving.currency
            let charged = entry.charged
            guard entry.currency == currency || arriving == currency else { return }
            let date = CivilDate(daysSinceEpoch: entry.days)
            let ours = source.label(entry.account)?.lowercased() == key
            let from = entry.currency == currency && ours
            let to = arriving == currency && source.label(entry.toAccount)?.lowercased() == key
            switch entry.type {
            case .expense where ours && charged.currency == currency: out.append(.init(date: date, amount: -charged.amount))
            case .income where ours && charged.currency == currency:
                out.append(.init(date: date, amount: charged.amount, isInterest: source.label(entry.category) == DepositInterest.category))
            case .transfer:
                if from { out.append(.init(date: date, amount: -entry.amount)) }
                if to { out.append(.init(date: date, amount: entry.arriving.amount)) }
            default: break
            }
        }
        return out
    }
}
