// JSONRenderer: session events as one JSON object per line (`--json`), for programs.
// Messages are still localized, but fields and codes are stable.

import KassaCore
import KassaStore

public struct JSONRenderer: SessionRenderer {
    public let text: TextRenderer

    public init(text: TextRenderer) {
        self.text = text
    }

    public func render(_ event: SessionEvent) -> [OutputLine] {
        var json = JSONWriter()
        switch event {
        case .drafts(let drafts, let input, let questions):
            json.add("event", "draft")
            json.add("input", input)
            json.add("drafts", raw: JSONWriter.array(drafts.map(JSONEncoding.draft)))
            if !questions.isEmpty { json.add("questions", raw: JSONWriter.array(questions.map(JSONEncoding.question))) }
        case .corrected(let drafts):
            json.add("event", "draft")
            json.add("corrected", true)
            json.add("drafts", raw: JSONWriter.array(drafts.map(JSONEncoding.draft)))
        case .amountNeeded(let index):
            json.add("event", "question")
            json.add("draft", index)
            json.add("field", "amount")
        case .saved(let transactions):
            json.add("event", "saved")
            json.add("transactions", raw: JSONWriter.array(transactions.map(JSONEncoding.transaction)))
        case .discarded(let count):
            json.add("event", "discarded")
            json.add("count", count)
        case .undone(let change), .redone(let change):
            if case .undone = event { json.add("event", "undone") } else { json.add("event", "redone") }
            json.add("change", change.kind.rawValue)
            json.add("transactions", raw: JSONWriter.array(change.transactions.map(JSONEncoding.transaction)))
        case .listing(let transactions):
            json.add("event", "list")
            json.add("transactions", raw: JSONWriter.array(transactions.map(JSONEncoding.transaction)))
        case .explanation(let result):
            json.add("event", "explanation")
            json.add("result", raw: JSONEncoding.parseResult(result, message: text.message, explain: true))
        case .help:
            json.add("event", "help")
            json.add("message", text.catalog.text("help.session"))
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
        }
        return [OutputLine(json.result)]
    }
}
