// HelpOutput: what `:help` / `kassa help [COMMAND]` show — the commands of a form (or one) with
// their usage and summary, from the registry (HelpText). JSON: {"event": "help", "commands":
// [{"name", "usage", "summary"}]}.

import KassaCore

struct HelpOutput: CommandOutput {
    let form: CommandForm
    let topic: String?

    func textLines(_ renderer: TextRenderer) -> [String] {
        HelpText(catalog: renderer.catalog).lines(form: form, topic: topic)
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "help")
        json.add("commands", raw: JSONWriter.array(HelpText(catalog: renderer.catalog).entries(form: form, topic: topic).map { entry in
            var item = JSONWriter()
            item.add("name", entry.name)
            item.add("usage", entry.usage)
            item.add("summary", entry.summary)
            return item.result
        }))
        return [json]
    }
}
