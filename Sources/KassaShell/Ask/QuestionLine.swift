// QuestionLine: a line that is a question about the journal ("how much did I spend on coffee?")
// is answered, not drafted (Ask/). While drafts wait, only a cued question is one — a reply ("на
// наличные", "what?") is theirs — and the drafts keep waiting.

import KassaCore
import KassaLedger

enum QuestionLine {
    /// The events that answer `line`, or nil when it is not a question (it is then an entry,
    /// a correction or a reply, as before).
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        guard !line.isEmpty else { return nil }
        let reader = QuestionReader(grammar: Asking.grammar(session.app), parser: session.parser)
        guard let query = reader.read(line, context: session.parseContext) else { return nil }
        // While drafts wait, a reply ("на наличные", "what?") is theirs: only a cued question is
        // answered, and never a line that starts with a field's name ("сумма …", "2 amount …":
        // a correction, even when its value is no amount).
        if session.state == .confirming, !query.cued || startsWithField(line, words: session.words) { return nil }
        do {
            try session.journal.refresh()
            var result = try Asking.answer(query, question: line, journal: session.journal, configuration: session.configuration,
                                           app: session.app, budgets: session.budgets)
            result.today = session.configuration.today
            result.ascii = ChartStyle.localeIsASCII(session.app?.environment ?? [:])
            session.lastQuestion = result
            session.lastResult = nil
            if !result.sure { session.hadInputError = true }
            return [.output(AnswerOutput(result: result, notQuestion: false))] + (session.state == .confirming ? [.awaitingAnswer] : [])
        } catch let error as any LocalizableError {
            return session.reject(error)
        } catch {
            session.hadStoreError = true
            return [.error(SessionError("store.failed"))]
        }
    }

    /// Whether the line's first word (after a draft's number) names a correction field.
    private static func startsWithField(_ line: String, words: CommandWords) -> Bool {
        let marks: Set<Character> = [":", ",", ".", "—", "–", "-"]
        let parts = line.split(whereSeparator: \.isWhitespace).prefix(2).map { word in
            String(word.reversed().drop { marks.contains($0) }.reversed())
        }
        guard let first = parts.first else { return false }
        if words.name(in: "field", for: first) != nil { return true }
        return Int(first) != nil && parts.count > 1 && words.name(in: "field", for: parts[1]) != nil
    }
}
