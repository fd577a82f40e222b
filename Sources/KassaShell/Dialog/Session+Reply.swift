// Session+Reply: the one place where the session decides what a line is — a command, an answer
// to waiting drafts (a confirmation, a refusal, an undo), a correction, or a new entry — and acts
// on it. `respond(to:)` is that decision point: every line passes through it, in this order:
//
//   1. commands (":list", "delete #3"; Session+Commands) and the one-word answers of session.rules
//      ("undo", "y", "нет"); then the sentences that set something in words, in the order of
//      `phrases`: a budget (BudgetPhrase), a balance (ReconcilePhrase), a series' new amount
//      (SeriesAmountPhrase); then a command in words ("show my accounts"); then a question about
//      the journal (QuestionLine: "how much did I spend on coffee?"), answered not drafted;
//   2. while drafts wait: Enter saves; then the reply read by ReplyReader (Grammars/*/replies.rules)
//      — confirm, refuse, undo, drop, correction, a named draft, a destination, a new entry;
//      then the documented corrections (DraftCorrection: "amount 1600", "2 сумма 1000", a bare
//      "1600" or "вчера"); then a new entry joining the batch (or "not understood", the drafts
//      kept);
//   3. with nothing waiting: an undo in words, a "cancel" with nothing to cancel, a correction of
//      the batch the line before saved ("actually the croissant was 1300": an edit,
//      SavedCorrection), a rate (RatePhrase: "курс доллара 480"), the last purchase again ("same
//      again": BoughtAgain), an entry (an "another coffee" takes an earlier amount: BoughtAgain).
//
// Each correction is followed by one line per changed field ("amount ₸1,500 → ₸1,600"), and the
// reading that won is kept for `:why`. Nothing here saves without the person's yes.

import KassaCore
import KassaStore

extension Session {
    /// THE decision point between command, answer, correction and entry (see the file header).
    func respond(to raw: String) -> [SessionEvent] {
        let line = raw.trimmingWhitespace
        // The batch saved by the line before: only this line may correct it (see below).
        let saved = justSaved
        justSaved = []
        if let events = command(line) { return events }
        for phrase in Self.phrases {
            if let events = phrase.events(for: line, in: self) { return events }
        }
        if let events = commandInWords(line) { return events }
        // Ask/: a question about the journal is answered, not drafted (QuestionLine); while drafts
        // wait, only a line with a question cue is one («на наличные» stays the drafts' answer).
        if let events = QuestionLine.events(for: line, in: self) {
            lastReply = nil
            return events
        }
        if state == .confirming {
            if line.isEmpty {
                explainReply(line, as: "confirm", cue: "")
                return confirmBare()
            }
            let before = pending
            return withChangeNotes(replyWhileWaiting(raw: raw, line: line), before: before)
        }
        // A blank line with nothing waiting is a pause in dictation: nothing to say.
        if line.isEmpty { return [] }
        lastReply = nil
        if replyReader.isUndo(line) {
            explainReply(line, as: "undo", cue: line)
            return run(UndoCommand.self, words: [])
        }
        // "cancel" said twice, or with nothing waiting: nothing to cancel — an undo of an earlier
        // save only when said so ("undo", «отмени последнее»), never a draft named "cancel".
        if replyReader.isRefusal(line) {
            explainReply(line, as: "refuse", cue: line)
            return [.notice("dialog.nothing-to-cancel")]
        }
        // "actually the croissant was 1300" right after the save: an edit of what was saved.
        if let events = SavedCorrection.events(for: line, ids: saved, in: self) {
            if case .changed? = events.first { justSaved = saved }
            return events
        }
        if let events = RatePhrase.events(for: line, in: self) { return events }
        if let events = BoughtAgain.repeatLast(line, saved: saved, in: self) { return events }
        return enter(line: raw)
    }

    /// The sentences that ask for a change in words rather than record a purchase, tried in this
    /// order right after the commands, whether drafts wait or not: a budget ("budget food 50000 a
    /// month"), a balance ("kaspi balance is 152340"), a series' new amount ("netflix is 5490 from
    /// april"). A rate ("курс доллара 480") is read only with nothing waiting (see the file header).
    static let phrases: [any LinePhrase.Type] = [BudgetPhrase.self, ReconcilePhrase.self, SeriesAmountPhrase.self]

    /// A whole line that asks for a command in words ("show my accounts", «мои счета»; "delete the
    /// last one" only while no draft waits): the command runs as if typed, with no arguments.
    private func commandInWords(_ line: String) -> [SessionEvent]? {
        let said = ReplyWords(line).words
        guard !said.isEmpty else { return nil }
        let asked = words.dialog.command(.show, in: said) ?? (state == .confirming ? nil : words.dialog.command(.do, in: said))
        guard let parts = asked?.split(separator: " ").map(String.init), let name = parts.first,
              let type = CommandRegistry.command(named: name, vocabulary: words, form: .session) else { return nil }
        explainReply(line, as: "command", cue: line)
        return run(type, words: Array(parts.dropFirst()))
    }

    /// The reader of replies, with what it needs to read values as the parser does.
    var replyReader: ReplyReader {
        ReplyReader(grammar: words.dialog, words: words, parser: parser, context: parseContext, journal: journal)
    }

    /// A line while drafts wait, after commands and Enter.
    private func replyWhileWaiting(raw: String, line: String) -> [SessionEvent] {
        // "no idea, maybe 900": the guess after not knowing is the reply.
        if let guess = replyReader.afterUnsure(line) { return replyWhileWaiting(raw: guess, line: guess) }
        let (reading, cue) = replyReader.read(line, drafts: pending)
        explainReply(line, as: reading.name, cue: cue, reading: reading)
        switch reading {
        case .confirm:
            return confirmAnswered()
        case .refuse:
            return discardPending()
        case .undo:
            return run(UndoCommand.self, words: [])
        case .drop(let index):
            return DraftCorrection.drop(index, in: self)
        case .correction(let correction):
            return apply(correction)
        case .whichDraft(let field, let value):
            return [.dialog(.whichDraft(field: field, value: value, count: pending.count))]
        case .noSuchDraft(let said):
            hadInputError = true
            return [.error(SessionError("dialog.no-such-draft", ["value": said, "count": String(pending.count)])), .awaitingAnswer]
        case .invalid(let error):
            hadInputError = true
            return [.error(error), .notice("dialog.drafts-kept"), .awaitingAnswer]
        case .unplaced(let understood, let missed):
            hadInputError = true
            return [.error(SessionError("dialog.unplaced", ["understood": understood, "missed": missed])), .awaitingAnswer]
        case .unsure:
            // Nothing changes; a draft with no amount cannot be saved, so its amount is asked again.
            if let missing = pending.firstIndex(where: { $0.amount == nil }) {
                return [.notice("dialog.unsure-amount"), .amountNeeded(index: missing)]
            }
            return [.notice("dialog.unsure"), .awaitingAnswer]
        case .entry(let rest):
            // The join words ("and also", «и ещё») are not the purchase's words.
            return join(line: rest)
        case .none:
            if let events = DraftCorrection.events(for: line, in: self) {
                explainReply(line, as: "documented", cue: "")
                return events
            }
            explainReply(line, as: "entry", cue: "")
            return join(line: raw, unplaced: true)
        }
    }

    /// Applies a correction's changes; a value a draft cannot take (a currency for a draft with
    /// no amount) leaves every draft as it was.
    private func apply(_ correction: ReplyCorrection) -> [SessionEvent] {
        let before = pending
        var events: [SessionEvent] = []
        for change in correction.changes {
            for index in change.indices {
                guard change.value.apply(to: &pending[index]) else {
                    pending = before
                    return reject(SessionError("correction.bad-currency", ["value": change.said]))
                }
            }
        }
        // A category must fit the type the drafts have once the whole reply is applied
        // ("category salary, type income" in either order); otherwise nothing changes and
        // nothing is learned.
        let categories = correction.changes.compactMap { change -> (slug: String, said: String, indices: [Int])? in
            guard case .category(let slug) = change.value else { return nil }
            return (slug, change.said, change.indices)
        }
        let retyped = correction.changes.filter(\.value.changesType).flatMap(\.indices)
        if !retyped.isEmpty {
            // A category the reply did not say, that the new type cannot carry, goes.
            let said = Set(categories.flatMap(\.indices))
            CategoryFit.dropStale(&pending, retyped.filter { !said.contains($0) },
                                  directory: CategoryDirectory(grammar: parser.grammar, journal: journal))
        }
        if !categories.isEmpty {
            let directory = CategoryDirectory(grammar: parser.grammar, journal: journal)
            for category in categories {
                for index in category.indices {
                    if let refusal = CategoryFit.refusal(category.slug, said: category.said, for: pending[index].type, directory: directory) {
                        pending = before
                        return reject(refusal)
                    }
                }
            }
            for category in categories {
                for index in category.indices {
                    if let lesson = DraftCorrection.teach(note: pending[index].note, category: category.slug, in: self) { events.append(lesson) }
                }
            }
        }
        if let repeated = correction.repeated {
            events.append(.dialog(.repeated(field: repeated.field, kept: repeated.kept)))
        }
        return events + DraftCorrection.afterCorrection(in: self)
    }

    /// After the card of a correction, one line per field that changed ("amount ₸1,500 → ₸1,600").
    private func withChangeNotes(_ events: [SessionEvent], before: [Draft]) -> [SessionEvent] {
        guard pending.count == before.count, let card = events.firstIndex(where: {
            if case .corrected = $0 { return true } else { return false }
        }) else { return events }
        var notes: [SessionEvent] = []
        for index in pending.indices {
            for field in DialogNote.fields where DialogNote.differs(field, before[index], pending[index]) {
                notes.append(.dialog(.changed(number: pending.count > 1 ? index + 1 : nil, field: field,
                                              before: before[index], after: pending[index])))
            }
        }
        var events = events
        events.insert(contentsOf: notes, at: card + 1)
        return events
    }

    /// Keeps what the reply was read as, for `:why`.
    private func explainReply(_ line: String, as name: String, cue: String, reading: ReplyReading? = nil) {
        var details: [ReplyExplanation.Detail] = []
        if case .correction(let correction)? = reading {
            details = correction.changes.map { .init(field: $0.field, said: $0.said, drafts: $0.indices.map { $0 + 1 }) }
        }
        lastReply = ReplyExplanation(input: line, reading: name, cue: cue, details: details, draftCount: pending.count)
        lastQuestion = nil  // the reply came after any question: `:why` explains the reply
    }
}
