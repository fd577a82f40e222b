// VersionText: `kassa --version --verbose` — the version, then where everything kassa reads
// comes from: the grammars and messages (built in or a data directory), the user's additions,
// the config file, the journal, the language, and the executable itself.

#if canImport(Glibc)
import Glibc
#endif
import KassaBuiltinData
import KassaCore

enum VersionText {
    static func lines(_ context: AppContext) -> [OutputLine] {
        let catalog = context.catalog
        let settings = context.settings
        func source(_ key: ConfigFile.Key) -> String {
            ConfigText.describe(settings[key].source, path: settings.config.path, catalog: catalog)
        }
        var lines = ["kassa " + KassaApp.version]
        switch context.locator.origin {
        case .builtIn:
            lines.append(catalog.text("version.data.built-in", ["count": String(BuiltinData.files.count)]))
        case .directory(let directory, let option):
            lines.append(catalog.text("version.data.directory", ["directory": directory,
                                                                 "source": option ? "--data-dir" : "KASSA_DATA_DIR"]))
        }
        if let user = context.locator.userConfigRoot {
            for folder in ["grammars", "locales"] {
                let path = user + "/" + folder
                lines.append(catalog.text(ResourceLocator.isDirectory(path) ? "version.additions" : "version.additions-missing",
                                          ["path": path]))
            }
        }
        if !settings.config.path.isEmpty {
            lines.append(catalog.text(settings.config.exists ? "version.config" : "version.config-missing",
                                      ["path": settings.config.path]))
        }
        // With a ledger folder, saves go to this device's file in it, not to the `file` setting.
        if let ledger = context.paths.ledger {
            lines.append(catalog.text("version.ledger", ["path": ledger, "source": source(.ledger),
                                                         "file": context.deviceJournal ?? "—"]))
        } else {
            lines.append(catalog.text("version.journal", ["path": context.paths.journal, "source": source(.file)]))
        }
        lines.append(catalog.text("version.language", ["lang": settings[.lang].value, "source": source(.lang)]))
        if let executable = context.executablePath {
            lines.append(catalog.text("version.executable", ["path": executable]))
        }
        return lines.map { OutputLine($0) }
    }
}
