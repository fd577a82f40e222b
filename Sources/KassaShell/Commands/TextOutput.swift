// TextOutput: lines a command has already put in words (the grammar check's report, what
// `install` and `uninstall` did). JSON: {"event": "report", "lines": [...]}, as before; these
// reports are prose by nature, so their lines are the fields.

import KassaCore

struct TextOutput: CommandOutput {
    let lines: [String]

    func textLines(_ renderer: TextRenderer) -> [String] { lines }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "report")
        json.add("lines", strings: lines)
        return [json]
    }
}
