// ShellPaths: where the journal, the line history and the journal's snapshot cache live (XDG base directories). The journal:
// --file, else KASSA_FILE, else `file` in the config file, else $XDG_DATA_HOME/kassa/journal.kassa
// (~/.local/share/kassa/journal.kassa). Without any of them (no HOME either) there is no journal:
// kassa refuses rather than guess a path under the current directory. Only kassa's own default
// directory is ever created; a path the person gave must have its directory.

public struct ShellPaths: Sendable {
    public enum JournalSource: Sendable, Equatable { case option, environment, config, builtIn }

    public let journal: String
    public let journalSource: JournalSource
    public let history: String?
    /// This machine's id ($XDG_STATE_HOME/kassa/machine; Devices/MachineID.swift); nil without a home.
    public let machine: String?
    /// Where the replayed state of a big journal is cached between runs
    /// ($XDG_CACHE_HOME/kassa/snapshots, ~/.cache/kassa/snapshots); nil without a home.
    public let snapshots: String?
    /// kassa's cache directory ($XDG_CACHE_HOME/kassa): snapshots and ledger views; nil without a home.
    public let cache: String?
    /// A ledger folder (Devices/): --ledger, else KASSA_LEDGER, else `ledger` in the config —
    /// each only when no more specific journal file is given (--file over KASSA_LEDGER, KASSA_FILE
    /// over the config's ledger). nil: one journal file.
    public let ledger: String?
    public let ledgerSource: JournalSource
    /// The journal is kassa's own default: its directory may be created.
    public var journalIsDefault: Bool { journalSource == .builtIn && !journalUnknown }
    /// Nothing says where the journal is: commands that need it refuse (store.no-home).
    public let journalUnknown: Bool

    public init(fileOption: String?, environment: [String: String], configuredFile: String? = nil,
                ledgerOption: String? = nil, configuredLedger: String? = nil) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        func base(_ variable: String, _ fallback: String) -> String? {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home.map { $0 + "/" + fallback }
        }
        var unknown = false
        if let file = fileOption {
            (journal, journalSource) = (file, .option)
        } else if let file = environment["KASSA_FILE"], !file.isEmpty {
            (journal, journalSource) = (file, .environment)
        } else if let file = configuredFile, !file.isEmpty {
            // "~/…" in the config file is the home directory, as a shell would read it.
            let expanded = file.hasPrefix("~/") ? home.map { $0 + file.dropFirst() } : nil
            (journal, journalSource) = (expanded ?? file, .config)
        } else if let data = base("XDG_DATA_HOME", ".local/share") {
            (journal, journalSource) = (data + "/kassa/journal.kassa", .builtIn)
        } else {
            (journal, journalSource) = ("", .builtIn)
            unknown = true
        }
        journalUnknown = unknown
        // History beside other state; without a home, none.
        if let state = base("XDG_STATE_HOME", ".local/state") {
            history = state + "/kassa/history"
            machine = state + "/kassa/machine"
        } else {
            history = nil
            machine = nil
        }
        cache = base("XDG_CACHE_HOME", ".cache").map { $0 + "/kassa" }
        snapshots = cache.map { $0 + "/snapshots" }
        let environmentFile = environment["KASSA_FILE"].map { !$0.isEmpty } ?? false
        if let ledgerOption {
            (ledger, ledgerSource) = (ledgerOption, .option)
        } else if fileOption == nil, let folder = environment["KASSA_LEDGER"], !folder.isEmpty {
            (ledger, ledgerSource) = (folder, .environment)
        } else if fileOption == nil, !environmentFile, let folder = configuredLedger, !folder.isEmpty {
            let expanded = folder.hasPrefix("~/") ? home.map { $0 + folder.dropFirst() } : nil
            (ledger, ledgerSource) = (expanded ?? folder, .config)
        } else {
            (ledger, ledgerSource) = (nil, .builtIn)
        }
    }

    /// True when the config's `ledger` value names `folder` ("~/…" read as a shell would).
    static func sameFolder(_ configured: String?, _ folder: String, home: String?) -> Bool {
        guard let configured else { return false }
        if configured == folder { return true }
        if configured.hasPrefix("~/"), let home { return home + configured.dropFirst() == folder }
        return false
    }
}
