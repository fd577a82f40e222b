// ShellPaths: where the journal and the line history live (XDG base directories).

public struct ShellPaths: Sendable {
    public let journal: String
    public let history: String?
    /// The journal is kassa's own default (under XDG_DATA_HOME or ~/.local/share): its directory
    /// may be created. A path the person gave (--file, KASSA_FILE) must have its directory.
    public let journalIsDefault: Bool
    /// Neither --file/KASSA_FILE nor HOME/XDG_DATA_HOME says where the journal is: commands that
    /// need it refuse (store.no-home) instead of guessing a path under the current directory.
    public let journalUnknown: Bool

    public init(fileOption: String?, environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        func base(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home.map { $0 + "/" + fallback }
        }
        if let file = fileOption ?? environment["KASSA_FILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            journal = file
            journalIsDefault = false
            journalUnknown = false
        } else if let data = base("XDG_DATA_HOME", ".local/share") {
            journal = data + "/kassa/journal.kassa"
            journalIsDefault = true
            journalUnknown = false
        } else {
            journal = ""
            journalIsDefault = false
            journalUnknown = true
        }
        // History beside other state; without a home, next to the journal.
        if let state = base("XDG_STATE_HOME", ".local/state") {
            history = state + "/kassa/history"
        } else {
            history = nil
        }
    }
}
