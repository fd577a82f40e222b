// Session+Ask: a line that is a question is answered, not drafted (Ask/). Called from one marked
// place in `handle(line:)`; the drafts waiting, if any, keep waiting.

import KassaCore
import KassaLedger

extension Session {
    /// The events that answer `line`, or nil when it is not a question (it is then an entry,
    /// a correction or a reply, as before).
    func answer(_ line: String) -> [SessionEvent]? {
        guard !line.isEmpty else { return nil }
        let reader = QuestionReader(grammar: Asking.grammar(app), parser: parser)
        guard let query = reader.read(line, context: parseContext) else { return nil }
        // While drafts wait, a reply ("на наличные", "what?") is theirs: only a cued question is
        // answered, and never a line that starts with a field's name ("сумма …", "2 amount …":
        // a correction, even when its value is no amount).
        if state == .confirming, !query.cued || startsWithField(line) { return nil }
        do {
            try journal.refresh()
            var result = try Asking.answer(query, question: line, journal: journal, configuration: configuration,
                                           app: app, budgets: budgets)
            result.today = configuration.today
            result.ascii = ChartStyle.localeIsASCII(app?.environment ?? [:])
            lastQuestion = result
            lastResult = nil
            if !result.sure { hadInputError = true }
            return [.output(AnswerOutput(result: result, notQuestion: false))] + (state == .confirming ? [.awaitingAnswer] : [])
        } catch let error as any LocalizableError {
            return reject(error)
        } catch {
            hadStoreError = true
            return [.error(SessionError("store.failed"))]
        }
    }

    /// Whether the line's first word (after a draft's number) names a correction field.
    private func startsWithField(_ line: String) -> Bool {
        let marks: Set<Character> = [":", ",", ".", "—", "–", "-"]
        let parts = line.split(whereSeparator: \.isWhitespace).prefix(2).map { word in
            String(word.reversed().drop { marks.contains($0) }.reversed())
        }
        guard let first = parts.first else { return false }
        if words.name(in: "field", for: first) != nil { return true }
        return Int(first) != nil && parts.count > 1 && words.name(in: "field", for: parts[1]) != nil
    }
}
