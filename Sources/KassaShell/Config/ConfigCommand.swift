// ConfigCommand: `kassa config list | get KEY | set KEY VALUE` — the configuration file
// ($XDG_CONFIG_HOME/kassa/config). list and get show the value kassa uses and where it comes
// from (flag, environment, the file's line, default); set checks the value and rewrites the
// file atomically, keeping its comments (ConfigFile).

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct ConfigCommand: Command {
    public static let name = "config"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let surface = CommandSurface(verbs: [
        CommandVerb("list"), CommandVerb("get", .required(.configKey)),
        CommandVerb("set", .required(.configKey), .repeated(.configValue)),
    ])

    enum Action {
        case list
        case get(ConfigFile.Key)
        case set(ConfigFile.Key, String)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        func key(_ word: String) throws(UsageError) -> ConfigFile.Key {
            guard let key = ConfigFile.Key(rawValue: word.lowercased()) else {
                throw UsageError(key: "config.unknown-key", arguments: [
                    "key": word, "keys": ConfigFile.Key.allCases.map(\.rawValue).joined(separator: ", "),
                ])
            }
            return key
        }
        switch words.isEmpty ? "" : arguments.verb(of: Self.surface) {
        case "":
            action = .list
        case "list" where words.count == 1:
            action = .list
        case "get" where words.count == 2:
            action = .get(try key(words[1]))
        case "set" where words.count >= 3:
            let chosen = try key(words[1])
            let value = words.dropFirst(2).joined(separator: " ")
            guard let normalized = ConfigFile.normalize(chosen, value) else {
                throw UsageError(key: "config.bad-value." + ConfigText.valueKind(chosen), arguments: [
                    "key": chosen.rawValue, "value": value, "values": ConfigText.values(chosen),
                ])
            }
            action = .set(chosen, normalized)
        default:
            throw UsageError(key: "usage.config")
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let settings = app.settings
        switch action {
        case .list:
            return [.output(ConfigListing(entries: ConfigFile.Key.allCases.map { .init(key: $0, value: settings[$0]) },
                                          path: settings.config.path, fileExists: settings.config.exists, valueOnly: false,
                                          deviceJournal: app.deviceJournal))]
        case .get(let key):
            return [.output(ConfigListing(entries: [.init(key: key, value: settings[key])], path: settings.config.path,
                                          fileExists: settings.config.exists, valueOnly: true))]
        case .set(let key, let value):
            guard !settings.config.path.isEmpty else {
                return context.reject(SessionError("config.no-home"))
            }
            var file = settings.config
            file.set(key, value)
            if let failure = file.write() {
                context.hadStoreError = true
                return [.error(SessionError("config.write-failed", ["path": file.path, "reason": String(cString: strerror(failure))]))]
            }
            return [.notice(key: "config.saved", arguments: ["key": key.rawValue, "value": value, "path": file.path], count: nil)]
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
