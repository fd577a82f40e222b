// Session corrections: changing a pending draft before it is saved ("amount 1600",
// "дата вчера", "category groceries", or a bare "1600" when the amount was missing).

import KassaCore

extension Session {
    /// A correction of the pending draft, or nil when the line is not one.
    func correct(_ line: String) -> [SessionEvent]? {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let first = parts.first else { return nil }
        guard let field = words.name(in: "field", for: first) else {
            return correctBare(line)
        }
        let value = parts.count > 1 ? parts[1].trimmingWhitespace : ""
        guard !value.isEmpty else {
            return reject(SessionError("correction.value-missing", ["field": String(first)]))
        }
        switch FieldValue.resolve(field: field, value: value, parser: parser, words: words, context: parseContext) {
        case .failure(let error):
            return reject(error)
        case .success(let fieldValue):
            let index = correctionIndex
            var draft = pending[index]
            guard fieldValue.apply(to: &draft) else {
                return reject(SessionError("correction.bad-currency", ["value": value]))
            }
            if case .category(let slug) = fieldValue {
                // The person's choice wins next time the same words appear.
                learn(note: draft.note, category: slug)
            }
            pending[index] = draft
            return afterCorrection()
        }
    }

    /// "1600" or "вчера" alone while a draft waits: fills the fields the line says, nothing else.
    func correctBare(_ line: String) -> [SessionEvent]? {
        let result = parser.parse(line, context: parseContext)
        guard result.error == nil, result.drafts.count == 1, let said = result.drafts.first,
              said.note.isEmpty else { return nil }
        let index = correctionIndex
        var draft = pending[index]
        var changed = false
        if let amount = said.amount {
            changed = FieldValue.amount(amount).apply(to: &draft)
        }
        if !said.has(.dateAssumed) {
            changed = FieldValue.date(said.date).apply(to: &draft) || changed
        }
        guard changed else { return nil }
        pending[index] = draft
        return afterCorrection()
    }

    /// Corrections go to the first draft still missing its amount, else to the last one.
    private var correctionIndex: Int {
        pending.firstIndex { $0.amount == nil } ?? pending.count - 1
    }

    private func afterCorrection() -> [SessionEvent] {
        if let missing = pending.firstIndex(where: { $0.amount == nil }) {
            return [.corrected(pending), .amountNeeded(index: missing)]
        }
        return [.corrected(pending), .awaitingAnswer]
    }
}
