// ShellPaths: where the journal and the line history live (XDG base directories).

public struct ShellPaths: Sendable {
    public let journal: String
    public let history: String?

    public init(fileOption: String?, environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        func base(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home.map { $0 + "/" + fallback }
        }
        if let file = fileOption ?? environment["KASSA_FILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            journal = file
        } else {
            journal = (base("XDG_DATA_HOME", ".local/share") ?? ".") + "/kassa/journal.kassa"
        }
        // History beside other state; without a home, next to the journal.
        if let state = base("XDG_STATE_HOME", ".local/state") {
            history = state + "/kassa/history"
        } else {
            history = nil
        }
    }
}
