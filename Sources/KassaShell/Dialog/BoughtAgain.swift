// BoughtAgain: one more of what was bought before. "another coffee", "coffee again", «ещё кофе»
// with no amount take the amount of the latest saved transaction like it, and say which; "same
// again", «то же самое» alone repeat the last saved transaction, dated today. The words are the
// dialog grammar's `again` and `repeat` (replies.rules).

import KassaCore
import KassaStore

enum BoughtAgain {
    /// How many of the latest transactions of the draft's type (and category) are looked at:
    /// bounded, so an entry costs the same on a journal of any size.
    static let window = 200

    /// Fills the amount of each draft of `drafts` that has none when `line` says `again` words:
    /// the amount (and, when none was said, the account) of the latest saved transaction like it
    /// — same type and category, a word of its note shared when one is. The notices say where
    /// each amount came from, so a price that changed is corrected like any other field. Nothing
    /// changes without those words.
    static func amounts(for line: String, drafts: inout [Draft], in session: Session) -> [SessionEvent] {
        guard drafts.contains(where: { $0.amount == nil }) else { return [] }
        let said = ReplyWords(line).words
        guard let again = session.words.dialog.find(.again, in: said) else { return [] }
        // The note's words without the `again` phrase: what the earlier purchase shares.
        let wanted = Set(said.indices.filter { !again.contains($0) }.map { said[$0] }.filter { $0.count > 2 })
        var events: [SessionEvent] = []
        for index in drafts.indices where drafts[index].amount == nil {
            let draft = drafts[index]
            guard let earlier = latest(like: draft, sharing: wanted, in: session.journal) else { continue }
            drafts[index].amount = earlier.amount
            drafts[index].note = note(draft.note, without: again.map { said[$0] })
            drafts[index].unflag(.amountMissing)
            drafts[index].unflag(.currencyDefault)
            if draft.has(.accountDefault), let account = earlier.account {
                drafts[index].account = account
                drafts[index].unflag(.accountDefault)
            }
            events.append(.notice("draft.amount-as-before", ["id": String(earlier.id), "date": earlier.date.iso]))
        }
        return events
    }

    /// `note` without the words of the `again` phrase ("another coffee" is a coffee).
    static func note(_ note: String, without phrase: [String]) -> String {
        let typed = note.split(separator: " ")
        let normalized = typed.map { DialogGrammar.normalize($0) }
        guard !phrase.isEmpty, typed.count > phrase.count else { return note }
        for start in 0...(typed.count - phrase.count) where Array(normalized[start..<(start + phrase.count)]) == phrase {
            return (typed[..<start] + typed[(start + phrase.count)...]).joined(separator: " ")
        }
        return note
    }

    /// The latest saved transaction of the draft's type and category that shares a word of its
    /// note, else the latest of that category. A draft with no category takes only one whose
    /// note is its note ("another thing for mom" shares "for" with too much to guess from).
    private static func latest(like draft: Draft, sharing wanted: Set<String>, in journal: Journal) -> Transaction? {
        let recent = journal.query(TransactionFilter(category: draft.category, type: draft.type, limit: window))
        guard let category = draft.category else {
            let note = ReplyWords(draft.note).words.filter(wanted.contains)
            guard !note.isEmpty else { return nil }
            return recent.last { $0.category == nil && ReplyWords($0.note).words == note }
        }
        let ofCategory = recent.filter { $0.category == category }
        return ofCategory.last { ReplyWords($0.note).words.contains(where: wanted.contains) } ?? ofCategory.last
    }

    /// "same again", «то же самое»: the last saved transaction once more, as a draft dated today.
    /// Only while no draft waits and only a line that is wholly such a phrase (polite words aside).
    static func repeatLast(_ line: String, saved: [Int], in session: Session) -> [SessionEvent]? {
        guard session.state != .confirming else { return nil }
        let said = ReplyWords(line).words
        guard session.words.dialog.covers(said, with: [.repeat, .polite], requiring: .repeat) else { return nil }
        // This session's latest save, else this device's (never another device's in a ledger).
        let last = saved.last.flatMap { session.journal.transaction(id: $0) } ?? session.journal.latestOwnSaved()
        guard let last else { return session.reject(SessionError("draft.nothing-to-repeat")) }
        var draft = Draft(type: last.type, amount: last.amount, date: session.parseContext.today, category: last.category,
                          account: last.account, toAccount: last.toAccount, note: last.note, flags: [.dateAssumed])
        TransactionField.carry(from: last, into: &draft)
        draft.time = nil
        session.pending = [draft]
        session.pendingInputs = [line]
        session.pendingDue = [nil]
        session.state = .confirming
        return [.notice("draft.repeated", ["id": String(last.id), "date": last.date.iso])] + session.shown(input: line, questions: [])
    }
}
