// DraftCorrection: the documented corrections of waiting drafts — "amount 1600", "дата вчера",
// "2 amount 1000" for one draft of a batch, "drop 2" / "убрать 2", a bare "1600" or "вчера" — and
// what every correction of a waiting draft ends with: a draft dropped, a category taught, the
// card shown again.

import KassaCore
import KassaStore

enum DraftCorrection {
    /// Fields that, said without a number, apply to every draft of a batch (date, account and
    /// currency are said once for all); amount, category, note and type apply to the only draft,
    /// or — in a batch — to the one named, else kassa asks which.
    static let batchFields: Set<String> = ["date", "account", "currency"]

    /// The events of a correction, or nil when the line is not one.
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        let words = session.words
        var parts = line.split(separator: " ").map(String.init)
        guard let first = parts.first else { return nil }
        if parts.count == 2, words.name(in: "batch", for: first) == "drop" {
            guard let number = Int(parts[1]), number >= 1, number <= session.pending.count else {
                return session.reject(SessionError("batch.no-such-draft", ["value": parts[1], "count": String(session.pending.count)]))
            }
            return drop(number - 1, in: session)
        }
        var target: Int?
        // "2 amount 1600": a draft's number (two digits at most: "1700 from kaspi" is an amount).
        if parts.count >= 2, let number = Int(first), number <= 99, words.name(in: "field", for: parts[1]) != nil {
            guard number >= 1, number <= session.pending.count else {
                return session.reject(SessionError("batch.no-such-draft", ["value": first, "count": String(session.pending.count)]))
            }
            target = number - 1
            parts.removeFirst()
        }
        guard let field = words.name(in: "field", for: parts[0]) else { return bare(line, in: session) }
        let value = parts.dropFirst().joined(separator: " ").trimmingWhitespace
        guard !value.isEmpty else {
            return session.reject(SessionError("correction.value-missing", ["field": parts[0]]))
        }
        // "from kaspi 1600": an amount said beside the account is read with it, as the whole line
        // is, never dropped ("account savings2" names an account whatever it holds).
        if field == "account" || field == "to_account", words.name(in: "naming", for: parts[0]) == nil,
           value.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) {
            return bare(line, in: session)
        }
        let indices: [Int]
        if let target {
            indices = [target]
        } else if batchFields.contains(field) || session.pending.count == 1 {
            indices = Array(session.pending.indices)
        } else if field == "amount", let missing = session.pending.firstIndex(where: { $0.amount == nil }) {
            indices = [missing]
        } else {
            return [.dialog(.whichDraft(field: field, value: value, count: session.pending.count))]
        }
        // "from the shop": "from" and "to" take an account kassa knows; a new one is made only when
        // named with the field word that says so ("account savings2").
        if field == "account" || field == "to_account", words.name(in: "naming", for: parts[0]) == nil,
           session.parser.account(named: value, context: session.parseContext) == nil {
            return session.reject(SessionError("correction.unknown-account", ["value": value]))
        }
        switch FieldValue.resolve(field: field, value: value, parser: session.parser, words: words, context: session.parseContext,
                                  journal: session.journal) {
        case .failure(let error):
            return session.reject(error)
        case .success(let fieldValue):
            var events: [SessionEvent] = []
            // A category the draft's type cannot carry is refused before anything changes or is learned.
            if case .category(let slug) = fieldValue {
                let directory = CategoryDirectory(grammar: session.parser.grammar, journal: session.journal)
                for index in indices {
                    if let refusal = CategoryFit.refusal(slug, said: value, for: session.pending[index].type, directory: directory) {
                        return session.reject(refusal)
                    }
                }
            }
            for index in indices {
                guard fieldValue.apply(to: &session.pending[index]) else {
                    return session.reject(SessionError("correction.bad-currency", ["value": value]))
                }
                if case .category(let slug) = fieldValue, let lesson = teach(note: session.pending[index].note, category: slug, in: session) {
                    events.append(lesson)
                }
            }
            if fieldValue.changesType {
                CategoryFit.dropStale(&session.pending, indices,
                                      directory: CategoryDirectory(grammar: session.parser.grammar, journal: session.journal))
            }
            return events + afterCorrection(in: session)
        }
    }

    /// "1600" or "вчера" alone while drafts wait: fills the fields the line says, nothing else.
    /// An amount goes to the first draft without one (or the only draft); a date to every draft.
    private static func bare(_ line: String, in session: Session) -> [SessionEvent]? {
        let result = session.parser.parse(line, context: session.parseContext)
        guard result.error == nil, result.drafts.count == 1, let said = result.drafts.first,
              said.note.isEmpty else { return nil }
        // "income", «доход» said alone to a draft asked which way its money went (doubt on the
        // type, "Dana 15000"): the type is the answer, with the category the word gives.
        if said.amount == nil, said.has(.dateAssumed), said.has(.accountDefault),
           let index = session.pending.firstIndex(where: { draft in draft.doubts.contains { $0.field == .type } }),
           said.type != session.pending[index].type {
            _ = FieldValue.type(said.type).apply(to: &session.pending[index])
            session.pending[index].category = said.category
            return afterCorrection(in: session)
        }
        // "получил на каспи 5000", "income from kaspi 5000" beside a purchase: a type said that no
        // waiting draft has makes the line an entry of its own (asked as new or a change), not values.
        if said.type != .expense, !session.pending.contains(where: { $0.type == said.type }) { return nil }
        var changed = false
        if let amount = said.amount {
            guard let index = session.pending.firstIndex(where: { $0.amount == nil }) ?? (session.pending.count == 1 ? 0 : nil) else {
                return [.dialog(.whichDraft(field: "amount", value: line, count: session.pending.count))]
            }
            guard amount.isWithinEntryBound else {
                return session.reject(SessionError("correction.amount-too-large", ["value": line, "limit": String(Money.maximumWholeDigits)]))
            }
            changed = FieldValue.amount(amount, currencySaid: !said.has(.currencyDefault)).apply(to: &session.pending[index])
        }
        if !said.has(.dateAssumed) {
            for index in session.pending.indices { changed = FieldValue.date(said.date).apply(to: &session.pending[index]) || changed }
        }
        // "halyk 5000", «1700 с каспи»: the account said with the value is the batch's too.
        if !said.has(.accountDefault), said.type != .transfer, let account = said.account {
            for index in session.pending.indices { changed = FieldValue.account(account).apply(to: &session.pending[index]) || changed }
        }
        guard changed else { return nil }
        return afterCorrection(in: session)
    }

    /// "drop 2": the draft leaves the batch; the last one leaving ends the batch, discarded.
    static func drop(_ index: Int, in session: Session) -> [SessionEvent] {
        if let due = session.pendingDue[index] { session.pendingSkips.append(due) }
        session.pending.remove(at: index)
        session.pendingInputs.remove(at: index)
        session.pendingDue.remove(at: index)
        if session.pending.isEmpty { return session.discardPending(count: 1) }
        return [.notice("batch.dropped", ["number": String(index + 1)])] + afterCorrection(in: session)
    }

    /// A category chosen for a draft's words is a lesson, saved with the drafts (one change, one
    /// undo) and said on the card: "from now on: “coffee” → Groceries".
    static func teach(note: String, category: String, in session: Session) -> SessionEvent? {
        let phrase = Parser.learningKey(note)
        guard !phrase.isEmpty, session.journal.learnedCategories[phrase] != category else { return nil }
        session.pendingLessons.removeAll { $0.phrase == phrase }
        session.pendingLessons.append(Lesson(phrase: phrase, category: category))
        return .lesson(phrase: phrase, category: category)
    }

    /// The card of the corrected drafts, then what they need next.
    static func afterCorrection(in session: Session) -> [SessionEvent] {
        [.corrected(session.pending)] + session.nextQuestion()
    }
}
