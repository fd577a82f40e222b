// HelpText: `:help`, `kassa --help` and one command's help, made from the command registry, each
// command's usage line (CommandUsage: made from its declaration) and the catalog's
// `command.NAME.summary`, so every command is listed and the lists cannot drift from what kassa accepts.

import KassaCore

struct HelpText {
    struct Entry {
        let name: String
        /// With the form's prefix: ":list [today|…]" or "kassa list [today|…]".
        let usage: String
        let summary: String
    }

    let catalog: Catalog

    func entries(form: CommandForm, topic: String?) -> [Entry] {
        CommandRegistry.commands(for: form)
            .filter { topic == nil || $0.name == topic }
            .map { type in
                Entry(name: type.name, usage: form.prefix + CommandUsage(catalog: catalog).line(type),
                      summary: catalog.text("command.\(type.name).summary"))
            }
    }

    func lines(form: CommandForm, topic: String?) -> [String] {
        let formKey = form == .session ? "session" : "command-line"
        if let topic, let entry = entries(form: form, topic: topic).first {
            var lines = [catalog.text("help.usage-line", ["usage": entry.usage]), "", entry.summary]
            if catalog.has("help.\(topic)") { lines += [""] + split(catalog.text("help.\(topic)")) }
            return lines
        }
        var lines = split(catalog.text("help.intro.\(formKey)"))
        let all = entries(form: form, topic: nil)
        let column = 34
        for entry in all {
            let usage = "  " + entry.usage
            if usage.count + 2 <= column {
                lines.append(usage + String(repeating: " ", count: column - usage.count) + entry.summary)
            } else {
                lines.append(usage)
                lines.append(String(repeating: " ", count: column) + entry.summary)
            }
        }
        lines += split(catalog.text("help.outro.\(formKey)"))
        return lines
    }

    private func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
