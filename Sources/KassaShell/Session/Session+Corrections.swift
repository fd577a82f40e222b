// Session corrections: changing waiting drafts before they are saved. "amount 1600", "дата
// вчера", "category groceries"; "2 amount 1000" for one draft of a batch; "drop 2" / "убрать 2"
// to take one out; a bare "1600" or "вчера" fills what it says. Date, account and currency were
// said once for all and apply to every draft; amount, category, note and type apply to the only
// draft, or — in a batch — to the one named, else kassa asks which.

import KassaCore
import KassaStore

extension Session {
    /// Fields that, said without a number, apply to every draft of a batch.
    static let batchFields: Set<String> = ["date", "account", "currency"]

    /// The events of a correction, or nil when the line is not one.
    func correct(_ line: String) -> [SessionEvent]? {
        var parts = line.split(separator: " ").map(String.init)
        guard let first = parts.first else { return nil }
        if parts.count == 2, words.name(in: "batch", for: first) == "drop" {
            guard let number = Int(parts[1]), number >= 1, number <= pending.count else {
                return reject(SessionError("batch.no-such-draft", ["value": parts[1], "count": String(pending.count)]))
            }
            return drop(number - 1)
        }
        var target: Int?
        // "2 amount 1600": a draft's number (two digits at most: "1700 from kaspi" is an amount).
        if parts.count >= 2, let number = Int(first), number <= 99, words.name(in: "field", for: parts[1]) != nil {
            guard number >= 1, number <= pending.count else {
                return reject(SessionError("batch.no-such-draft", ["value": first, "count": String(pending.count)]))
            }
            target = number - 1
            parts.removeFirst()
        }
        guard let field = words.name(in: "field", for: parts[0]) else { return correctBare(line) }
        let value = parts.dropFirst().joined(separator: " ").trimmingWhitespace
        guard !value.isEmpty else {
            return reject(SessionError("correction.value-missing", ["field": parts[0]]))
        }
        let indices: [Int]
        if let target {
            indices = [target]
        } else if Session.batchFields.contains(field) || pending.count == 1 {
            indices = Array(pending.indices)
        } else if field == "amount", let missing = pending.firstIndex(where: { $0.amount == nil }) {
            indices = [missing]
        } else {
            return [.dialog(.whichDraft(field: field, value: value, count: pending.count))]
        }
        // "from the shop": "from" and "to" take an account kassa knows; a new one is made only when
        // named with the field word that says so ("account savings2").
        if field == "account" || field == "to_account", words.name(in: "naming", for: parts[0]) == nil,
           parser.account(named: value, context: parseContext) == nil {
            return reject(SessionError("correction.unknown-account", ["value": value]))
        }
        switch FieldValue.resolve(field: field, value: value, parser: parser, words: words, context: parseContext, journal: journal) {
        case .failure(let error):
            return reject(error)
        case .success(let fieldValue):
            var events: [SessionEvent] = []
            // A category the draft's type cannot carry is refused before anything changes or is learned.
            if case .category(let slug) = fieldValue {
                let directory = CategoryDirectory(grammar: parser.grammar, journal: journal)
                for index in indices {
                    if let refusal = CategoryFit.refusal(slug, said: value, for: pending[index].type, directory: directory) {
                        return reject(refusal)
                    }
                }
            }
            for index in indices {
                guard fieldValue.apply(to: &pending[index]) else {
                    return reject(SessionError("correction.bad-currency", ["value": value]))
                }
                if case .category(let slug) = fieldValue, let lesson = teach(note: pending[index].note, category: slug) {
                    events.append(lesson)
                }
            }
            if fieldValue.changesType {
                CategoryFit.dropStale(&pending, indices, directory: CategoryDirectory(grammar: parser.grammar, journal: journal))
            }
            return events + afterCorrection()
        }
    }

    /// "1600" or "вчера" alone while drafts wait: fills the fields the line says, nothing else.
    /// An amount goes to the first draft without one (or the only draft); a date to every draft.
    func correctBare(_ line: String) -> [SessionEvent]? {
        let result = parser.parse(line, context: parseContext)
        guard result.error == nil, result.drafts.count == 1, let said = result.drafts.first,
              said.note.isEmpty else { return nil }
        var changed = false
        if let amount = said.amount {
            guard let index = pending.firstIndex(where: { $0.amount == nil }) ?? (pending.count == 1 ? 0 : nil) else {
                return [.dialog(.whichDraft(field: "amount", value: line, count: pending.count))]
            }
            guard amount.isWithinEntryBound else {
                return reject(SessionError("correction.amount-too-large", ["value": line, "limit": String(Money.maximumWholeDigits)]))
            }
            changed = FieldValue.amount(amount, currencySaid: !said.has(.currencyDefault)).apply(to: &pending[index])
        }
        if !said.has(.dateAssumed) {
            for index in pending.indices { changed = FieldValue.date(said.date).apply(to: &pending[index]) || changed }
        }
        // "halyk 5000", «1700 с каспи»: the account said with the value is the batch's too.
        if !said.has(.accountDefault), said.type != .transfer, let account = said.account {
            for index in pending.indices { changed = FieldValue.account(account).apply(to: &pending[index]) || changed }
        }
        guard changed else { return nil }
        return afterCorrection()
    }

    /// "drop 2": the draft leaves the batch; the last one leaving ends the batch, discarded.
    func drop(_ index: Int) -> [SessionEvent] {
        if let due = pendingDue[index] { pendingSkips.append(due) }
        pending.remove(at: index)
        pendingInputs.remove(at: index)
        pendingDue.remove(at: index)
        if pending.isEmpty { return discardPending(count: 1) }
        return [.notice("batch.dropped", ["number": String(index + 1)])] + afterCorrection()
    }

    /// A category chosen for a draft's words is a lesson, saved with the drafts (one change, one
    /// undo) and said on the card: "from now on: “coffee” → Groceries".
    func teach(note: String, category: String) -> SessionEvent? {
        let phrase = Parser.learningKey(note)
        guard !phrase.isEmpty, journal.learnedCategories[phrase] != category else { return nil }
        pendingLessons.removeAll { $0.phrase == phrase }
        pendingLessons.append(Lesson(phrase: phrase, category: category))
        return .lesson(phrase: phrase, category: category)
    }

    func afterCorrection() -> [SessionEvent] {
        [.corrected(pending)] + nextQuestion()
    }
}
