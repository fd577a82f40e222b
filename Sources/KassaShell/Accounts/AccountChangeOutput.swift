// AccountChangeOutput: what `account add|rename|archive|default|remove|…` say when an account
// changed — a shell.messages key and its arguments (the names). JSON: {"event": "account",
// "code": KEY, "message"}.

import KassaCore

struct AccountChangeOutput: CommandOutput {
    let key: String
    let arguments: [String: String]

    func textLines(_ renderer: TextRenderer) -> [String] {
        [renderer.style.good(renderer.catalog.text(key, arguments))]
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "account")
        json.add("code", key)
        json.add("message", renderer.catalog.text(key, arguments))
        return [json]
    }
}
