// ArchivedAccounts: an entry is not saved to an archived account. The waiting drafts stay, to be
// moved to another account or saved after `:account unarchive`; with --yes, nobody is there to
// move them and they go, as drafts with no amount do.

import KassaCore
import KassaStore

enum ArchivedAccounts {
    /// The refusal of the waiting drafts when one of them uses an archived account; nil when none does.
    static func refusal(in session: Session) -> [SessionEvent]? {
        let archived = AccountBook.archived(session.journal)
        guard !archived.isEmpty,
              let name = session.pending.flatMap({ [$0.account, $0.toAccount] }).compactMap({ $0 }).first(where: { archived.contains($0.lowercased()) })
        else { return nil }
        session.hadInputError = true
        let error = SessionEvent.error(SessionError("account.archived-entry", ["name": name]))
        if session.configuration.autoConfirm {
            // Nobody is there to correct the drafts: they go, as with a missing amount.
            let count = session.pending.count
            session.clearPending()
            return [error, .discarded(count: count)]
        }
        return [error, .notice("draft.kept")]
    }
}
