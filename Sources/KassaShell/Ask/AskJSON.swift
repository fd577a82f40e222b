// AskJSON: an answer as DESIGN.md §9's object — question, kind, period, filters, answer, text —
// plus what this implementation adds: the compared period, the average's unit, the top count and
// grouping, item dates, ids and notes, and the reading (`:why` as data).

import KassaCore
import KassaLedger

enum AskJSON {
    static func object(_ result: AskResult, text: TextRenderer, event: Bool = false) -> JSONWriter {
        let query = result.query, answer = result.answer
        var json = JSONWriter()
        if event { json.add("event", "answer") }
        json.add("question", result.question)
        json.add("kind", query.unknownPeriod != nil ? QueryKind.unknown.rawValue : query.kind.rawValue)
        // A budget's answer covers the budget's own period.
        json.add("period", raw: period(query.period ?? answer.period))
        var filters = JSONWriter()
        filters.add("type", query.type?.rawValue)
        filters.add("category", query.category)
        filters.add("account", query.account)
        filters.add("text", query.text)
        json.add("filters", raw: filters.result)
        var body = JSONWriter()
        body.add("amount", answer.amount?.decimalString)
        body.add("currency", answer.amount?.currency.code)
        if let count = answer.count { body.add("count", count) } else { body.add("count", raw: "null") }
        body.add("previous", answer.previous?.decimalString)
        if let items = answer.items {
            body.add("items", raw: JSONWriter.array(items.map { item in
                var o = JSONWriter()
                o.add("key", item.key)
                o.add("amount", item.amount.decimalString)
                if item.amount.currency != answer.amount?.currency { o.add("currency", item.amount.currency.code) }
                if let date = item.date { o.add("date", date.iso) }
                if let id = item.id { o.add("id", id) }
                if let id = item.id, let note = result.notes[id] { o.add("note", note) }
                return o.result
            }))
        } else {
            body.add("items", raw: "null")
        }
        body.add("date", answer.date?.iso)
        if let id = answer.id { body.add("id", id) }
        if let subject = answer.subject { body.add("subject", subject) }
        if let id = answer.id, let note = result.notes[id] { body.add("note", note) }
        if answer.skipped > 0 { body.add("skipped", answer.skipped) }
        json.add("answer", raw: body.result)
        if query.kind == .compare { json.add("previous_period", raw: period(query.previous)) }
        if query.kind == .average { json.add("unit", (query.unit ?? .day).rawValue) }
        if query.kind == .top {
            json.add("by", query.topBy.rawValue)
            json.add("limit", query.topCount)
        }
        if query.kind == .last, let count = query.lastCount { json.add("limit", count) }
        if let answerPeriod = answer.period { json.add("answer_period", raw: period(answerPeriod)) }
        if let unknown = query.unknownPeriod { json.add("unknown_period", unknown) }
        json.add("reading", raw: JSONWriter.array(query.readings.map { reading in
            var o = JSONWriter()
            o.add("words", reading.words)
            o.add("field", reading.field)
            o.add("value", reading.value)
            o.add("rule", reading.origin)
            return o.result
        }))
        // DESIGN.md §10: whether every word was understood, and those that were not.
        json.add("sure", result.sure)
        json.add("unread", strings: result.unread)
        json.add("text", text.sentence(result))
        return json
    }

    static func period(_ period: Period?) -> String {
        guard let period else { return "null" }
        var o = JSONWriter()
        o.add("from", period.from.iso)
        o.add("to", period.to.iso)
        return o.result
    }
}
