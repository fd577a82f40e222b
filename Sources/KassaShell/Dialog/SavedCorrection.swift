// SavedCorrection: a correction said right after a save ("actually the croissant was 1300", «ой,
// такси было 2200», "no, that was yesterday") is one edit of the batch just saved: the person
// noticed the mistake just after pressing Enter. Only the lines right after the save may be one,
// so a later entry is never read as a correction of something saved long before.

import KassaCore
import KassaStore

enum SavedCorrection {
    /// A saved transaction as the draft a reply is read against.
    static func draft(_ t: Transaction) -> Draft {
        var draft = Draft(type: t.type, amount: t.amount, date: t.date, category: t.category, account: t.account,
                          toAccount: t.toAccount, note: t.note)
        TransactionField.carry(from: t, into: &draft)
        return draft
    }

    /// The edit a correction of the batch just saved makes, or nil when the line is no such
    /// correction. `ids`: the batch saved by the line before (or corrected since).
    ///
    /// ReplyReader reads the line against that batch as if it still waited, and a correction
    /// becomes one edit of those transactions (one undo takes it back, a category taught as
    /// `:edit` teaches), answered as `:edit` answers ("Changed #2 …"). The window stays open while
    /// the lines are corrections of that batch and closes at any other line (an entry, a command,
    /// a question). Anything the reader does not take as a correction (an entry, a bare "1600")
    /// goes on as before.
    static func events(for line: String, ids: [Int], in session: Session) -> [SessionEvent]? {
        guard !ids.isEmpty else { return nil }
        let journal = session.journal
        let saved = ids.compactMap { journal.transaction(id: $0) }
        guard saved.count == ids.count else { return nil }  // undone or deleted meanwhile
        let drafts = saved.map(draft)
        let (reading, cue) = session.replyReader.read(line, drafts: drafts)
        guard case .correction(let correction) = reading, !correction.changes.isEmpty else { return nil }
        var values: [Int: [(value: FieldValue, said: String)]] = [:]
        for change in correction.changes {
            for index in change.indices where drafts.indices.contains(index) {
                values[ids[index], default: []].append((change.value, change.said))
            }
        }
        let touched = ids.filter { values[$0] != nil }
        guard !touched.isEmpty else { return nil }
        session.lastReply = ReplyExplanation(input: line, reading: "correction", cue: cue,
                                             details: correction.changes.map { .init(field: $0.field, said: $0.said, drafts: $0.indices.map { $0 + 1 }) },
                                             draftCount: drafts.count)
        let directory = CategoryDirectory(grammar: session.parser.grammar, journal: journal)
        let known = journal.learnedCategories
        var lessons: [Lesson] = []
        do {
            let change = try journal.edit(ids: touched, teach: { transaction in
                guard let slug = values[transaction.id]?.compactMap({ v -> String? in
                    if case .category(let slug) = v.value { return slug } else { return nil }
                }).last else { return nil }
                let lesson = Lessons.lesson(note: transaction.note, category: slug)
                if let lesson, known[lesson.phrase] != slug, !lessons.contains(lesson) { lessons.append(lesson) }
                return lesson
            }) { transaction in
                for (value, said) in values[transaction.id] ?? [] {
                    // "it went to halyk": a destination makes the transaction a transfer, as on a draft.
                    if case .toAccount = value { transaction.type = .transfer }
                    guard let patch = value.patch(for: transaction) else {
                        throw SessionError("correction.bad-currency", ["value": said])
                    }
                    patch.apply(to: &transaction)
                }
                // A category the (new) type cannot carry: a said one is refused, a kept one goes.
                for (value, said) in values[transaction.id] ?? [] {
                    if case .category(let slug) = value,
                       let refusal = CategoryFit.refusal(slug, said: said, for: transaction.type, directory: directory) {
                        throw refusal
                    }
                }
                if let slug = transaction.category, !CategoryFit.fits(slug, transaction.type, directory: directory) {
                    transaction.category = nil
                }
            }
            // One line per field that changed ("account cash → kaspi"), as for a waiting draft.
            var notes: [SessionEvent] = []
            for (index, id) in ids.enumerated() where values[id] != nil {
                guard let now = journal.transaction(id: id) else { continue }
                let after = draft(now)
                for field in DialogNote.fields where DialogNote.differs(field, drafts[index], after) {
                    notes.append(.dialog(.changed(number: ids.count > 1 ? index + 1 : nil, field: field,
                                                  before: drafts[index], after: after)))
                }
            }
            return [.changed(change)] + notes + lessons.map { .lesson(phrase: $0.phrase, category: $0.category) }
        } catch let refusal as SessionError {
            return session.reject(refusal)
        } catch {
            return session.storeFailure(error)
        }
    }
}
