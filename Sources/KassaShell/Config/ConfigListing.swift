// ConfigListing: what `kassa config [list]` and `kassa config get KEY` show — each setting with
// the value kassa uses and where that value comes from (an option, the environment, a line of
// the config file, or the built-in default). Text: `key = value    # source`, under a line
// naming the file; JSON: one object per setting, {"key", "value", "source", "origin"}.

import KassaCore

struct ConfigListing: CommandOutput {
    struct Entry: Sendable {
        let key: ConfigFile.Key
        let value: Settings.Value
    }

    let entries: [Entry]
    let path: String
    let fileExists: Bool
    /// `config get KEY`: the bare value a script reads (`$(kassa config get currency)`).
    let valueOnly: Bool
    /// With a ledger folder, this device's journal in it: the `file` setting is then not used.
    var deviceJournal: String? = nil

    func textLines(_ renderer: TextRenderer) -> [String] {
        if valueOnly { return entries.map(\.value.value) }
        let catalog = renderer.catalog
        let width = entries.map(\.key.rawValue.count).max() ?? 0
        let header = "# " + catalog.text(fileExists ? "config.file" : "config.file-missing", ["path": path])
        return [header] + entries.map { entry in
            entry.key.rawValue.padding(to: width) + " = " + entry.value.value + "    # "
                + ConfigText.describe(entry.value.source, path: path, catalog: catalog)
                + (entry.key == .file ? deviceJournal.map { " · " + catalog.text("config.file-unused", ["file": $0]) } ?? "" : "")
        }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        entries.map { entry in
            var json = JSONWriter()
            json.add("key", entry.key.rawValue)
            json.add("value", entry.value.value)
            switch entry.value.source {
            case .option(let flag): json.add("source", "option"); json.add("origin", flag)
            case .environment(let variable): json.add("source", "environment"); json.add("origin", variable)
            case .config(let line): json.add("source", "config"); json.add("origin", "\(path):\(line)")
            case .builtIn: json.add("source", "default"); json.add("origin", nil)
            }
            if entry.key == .file, let deviceJournal {
                json.add("used", false)
                json.add("instead", deviceJournal)
            }
            return json
        }
    }
}
