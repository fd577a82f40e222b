// JSONRenderer: session events as one JSON object per line (`--json`), for programs.
// Messages are still localized, but fields and codes are stable.

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

public struct JSONRenderer: SessionRenderer {
    /// Gives messages their words, without colour: a JSON message is words, not terminal codes.
    public let text: TextRenderer
    /// Writes a command-line complaint to stderr as a person reads it (coloured on a terminal).
    private let terminalText: TextRenderer
    /// On the command line (`kassa list --json`) a listing is one TRANSACTION per line, the form
    /// `kassa import` reads back, and errors are text on stderr; in a session a listing is one
    /// "list" event and an error an "error" event.
    public let listingAsLines: Bool

    public init(text: TextRenderer, listingAsLines: Bool = false) {
        self.text = text.unstyled
        terminalText = text
        self.listingAsLines = listingAsLines
    }

    public func write(_ event: SessionEvent, to console: Console) {
        // On the command line stdout carries only the data (transaction lines, a balance);
        // a complaint goes to stderr as text, as a person or a script's log wants it.
        if listingAsLines, case .error = event {
            console.write(terminalText.render(event))
            return
        }
        guard listingAsLines, case .listing(let transactions) = event else {
            console.write(render(event))
            return
        }
        let cleared = transactions.cleared
        ListingStream.write(transactions, to: console) { transaction, out in
            JSONLinesWriter.append(transaction, cleared: cleared, to: &out)
        }
    }

    public func render(_ event: SessionEvent) -> [OutputLine] {
        var json = JSONWriter()
        switch event {
        case .drafts(let drafts, let input, let questions):
            json.add("event", "draft")
            json.add("input", input)
            json.add("drafts", raw: JSONWriter.array(text.asked(drafts).map(JSONEncoding.draft)))
            if !questions.isEmpty { json.add("questions", raw: JSONWriter.array(questions.map(JSONEncoding.question))) }
        case .corrected(let drafts):
            json.add("event", "draft")
            json.add("corrected", true)
            json.add("drafts", raw: JSONWriter.array(text.asked(drafts).map(JSONEncoding.draft)))
        case .amountNeeded(let index):
            json.add("event", "question")
            json.add("draft", index)
            json.add("field", "amount")
        case .saved(let transactions, let budgets):
            json.add("event", "saved")
            json.add("transactions", raw: JSONWriter.array(transactions.map { JSONEncoding.transaction($0) }))
            if !budgets.isEmpty { json.add("budgets", raw: JSONWriter.array(budgets.map { BudgetJSON.object($0).result })) }
        case .lesson(let phrase, let category):
            json.add("event", "lesson")
            json.add("phrase", phrase)
            json.add("category", category)
        case .discarded(let count):
            json.add("event", "discarded")
            json.add("count", count)
        case .undone(let change), .redone(let change), .changed(let change):
            switch event {
            case .undone: json.add("event", "undone")
            case .redone: json.add("event", "redone")
            default: json.add("event", change.kind == .delete ? "deleted" : "edited")
            }
            json.add("change", (change.targetKind ?? change.kind).rawValue)
            json.add("transactions", raw: JSONWriter.array(change.transactions.map { JSONEncoding.transaction($0) }))
        case .listing(let transactions):
            json.add("event", "list")
            let cleared = transactions.cleared
            json.add("transactions", raw: JSONWriter.array(transactions.map { JSONEncoding.transaction($0, cleared: cleared) }))
        case .report(let output):
            // Report objects are complete lines of their own (DESIGN.md §8); CSV stays CSV.
            let format: ReportFormat = output.format == .csv ? .csv : .json
            let lines = text.reportLines(ReportOutput(kind: output.kind, result: output.result, format: format,
                                                      chart: output.chart, base: output.base, today: output.today))
            return lines.map { OutputLine($0) }
        case .output(let output):
            return output.jsonObjects(text, commandLine: listingAsLines).map { OutputLine($0.result) }
        case .error(let error, let input, _):
            json.add("event", "error")
            json.add("code", JSONEncoding.code(of: error))
            json.add("message", text.message(error))
            if let input { json.add("input", input) }
        case .notice(let key, let arguments, let count):
            json.add("event", "notice")
            json.add("code", key)
            json.add("message", count.map { text.catalog.text(key, count: $0, arguments) } ?? text.catalog.text(key, arguments))
        case .quit, .awaitingAnswer:
            return []
        case .doubt(let index, _, let doubt, let held):
            // DESIGN.md §10: {"event": "question", "draft": N, "doubt": DOUBT}.
            json.add("event", "question")
            json.add("draft", index)
            var object = JSONWriter()
            object.add("field", doubt.field.rawValue)
            object.add("text", doubt.text)
            object.add("reason", doubt.reason.rawValue)
            object.add("question", text.question(doubt))
            json.add("doubt", raw: object.result)
            if held { json.add("held", true) }
        case .dialog(.whichDraft(let field, let value, let count)):
            // DESIGN.md §10: a reply kassa cannot place changes nothing and asks, as a question.
            json.add("event", "question")
            json.add("draft", nil as String?)
            var object = JSONWriter()
            object.add("field", Doubt.Field(rawValue: field)?.rawValue ?? Doubt.Field.entry.rawValue)
            object.add("text", value)
            object.add("reason", Doubt.Reason.whichDraft.rawValue)
            object.add("question", text.dialogLines(.whichDraft(field: field, value: value, count: count))
                .map(\.text).joined(separator: "\n"))
            json.add("doubt", raw: object.result)
        case .dialog(let note):
            // A notice, as DESIGN.md §9 keeps the dialog's events: its code says which.
            json.add("event", "notice")
            json.add("code", note.code)
            if case .changed(let number, let field, _, _) = note {
                json.add("field", field)
                if let number { json.add("draft", number) }
            }
            json.add("message", text.dialogLines(note).map(\.text).joined(separator: "\n"))
        }
        return [OutputLine(json.result)]
    }
}
