// Session+Accounts: what the session does for accounts on its own — refuses to save an entry to
// an archived account (the drafts stay, to be moved to another account or saved after
// `:account unarchive`), and posts deposits' due interest when it starts.

import KassaCore
import KassaStore

extension Session {
    /// The refusal of the waiting drafts when one of them uses an archived account; nil when none does.
    func refusedForArchive() -> [SessionEvent]? {
        let archived = AccountBook.archived(journal)
        guard !archived.isEmpty,
              let name = pending.flatMap({ [$0.account, $0.toAccount] }).compactMap({ $0 }).first(where: { archived.contains($0.lowercased()) })
        else { return nil }
        hadInputError = true
        let error = SessionEvent.error(SessionError("account.archived-entry", ["name": name]))
        if configuration.autoConfirm {
            // Nobody is there to correct the drafts: they go, as with a missing amount.
            let count = pending.count
            clearPending()
            return [error, .discarded(count: count)]
        }
        return [error, .notice("draft.kept")]
    }

    /// Posts the interest deposits have earned up to today (InterestPosting); what to say.
    func postInterest() -> [SessionEvent] {
        do {
            return try InterestPosting.post(journal, today: configuration.today, defaultCurrency: configuration.defaultCurrency,
                                            note: app?.catalog.text("account.interest-note") ?? "")
        } catch let error as any LocalizableError {
            hadStoreError = true
            return [.error(error)]
        } catch {
            hadStoreError = true
            return [.error(SessionError("store.failed"))]
        }
    }
}
