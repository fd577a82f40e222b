// ExplanationOutput: what `:why` (and `kassa parse --explain`) show about a line read as an
// entry — which words gave each field, by which rule. JSON: {"event": "explanation", "result":
// the parse result with its explanations}.

import KassaCore

struct ExplanationOutput: CommandOutput {
    let result: ParseResult

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var lines = [catalog.text("why.header", ["input": result.input])]
        for (index, items) in result.explanations.enumerated() {
            if result.explanations.count > 1 { lines.append("  \(index + 1).") }
            for item in items {
                let label = catalog.has("why.field.\(item.field)") ? catalog.text("why.field.\(item.field)") : item.field
                lines.append("    " + renderer.pad(label, to: 10) + "  “" + item.words + "”  " + renderer.style.dim(item.rule))
            }
        }
        if result.explanations.allSatisfy(\.isEmpty) { lines.append(catalog.text("why.no-rules")) }
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "explanation")
        json.add("result", raw: JSONEncoding.parseResult(result, message: renderer.message, explain: true))
        return [json]
    }
}
