// AskExplanationOutput: `:why` after a question — how it was read: each part of the reading,
// the words and the rule that gave it, and the period. JSON: {"event": "explanation",
// "question": AskJSON's object}.

import KassaCore

struct AskExplanationOutput: CommandOutput {
    let result: AskResult

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var lines = [catalog.text("ask.why.header", ["question": result.question, "kind": result.query.kind.rawValue])]
        for reading in result.query.readings {
            lines.append(catalog.text("ask.why.line", [
                "words": reading.words, "field": reading.field, "value": reading.value, "origin": reading.origin,
            ]))
        }
        lines.append(renderer.style.dim(catalog.text("ask.why.period", ["period": renderer.periodText(result.query.period, today: result.today)])))
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "explanation")
        json.add("question", raw: AskJSON.object(result, text: renderer).result)
        return [json]
    }
}
