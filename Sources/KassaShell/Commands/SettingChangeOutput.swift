// SettingChangeOutput: a rate or a category recorded, renamed or removed (`rate`, `category`):
// a message key and its arguments. Its first part ("rate", "category") names the JSON event:
// {"event": "rate", "code": KEY, "message"}.

import KassaCore

struct SettingChangeOutput: CommandOutput {
    let key: String
    let arguments: [String: String]

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var arguments = arguments
        // A transaction type travels as its name ("expense") and is said in the UI language.
        if let type = arguments["type"], catalog.has("type." + type) { arguments["type"] = catalog.text("type." + type) }
        return [renderer.style.good(catalog.text(key, arguments))]
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", String(key.prefix { $0 != "." }))
        json.add("code", key)
        json.add("message", renderer.catalog.text(key, arguments))
        return [json]
    }
}
