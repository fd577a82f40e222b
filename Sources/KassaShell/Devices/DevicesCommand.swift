// DevicesCommand: `kassa devices [--json]` lists the devices of the ledger folder (their last
// change, how many changes and transactions each wrote, which one is this device, and any sync
// tool's copies found and ignored); `kassa devices join DIR [--name NAME]` makes this device's
// journal `DIR/NAME.kassa` (Store: Devices/Ledger+Join.swift) and remembers the folder, the
// name and this device's uid in the config file.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

public struct DevicesCommand: Command {
    public static let name = "devices"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let options = [CommandOption.value("--name", .text)]
    public static let surface = CommandSurface(verbs: [CommandVerb("join", .required(.directory))])

    enum Action {
        case list
        case join(folder: String, name: String?)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        if words.isEmpty, arguments.values["--name"] == nil {
            action = .list
        } else if words.count == 2, arguments.verb(of: Self.surface) == "join", !words[1].isEmpty {
            action = .join(folder: words[1], name: arguments.values["--name"])
        } else {
            throw UsageError(key: "usage.devices")
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        switch action {
        case .list:
            do {
                let ledger = try app.openLedger(readOnly: true)
                let summaries = ledger.summaries
                var events: [SessionEvent] = [.output(DeviceListing(devices: summaries.filter { $0.copyOf == nil }, folder: ledger.folder))]
                for copy in summaries where copy.copyOf != nil {
                    events.append(.notice(key: "devices.copy-of", arguments: ["file": copy.file.split(separator: "/").last.map(String.init) ?? copy.file,
                                                                               "device": copy.copyOf!], count: nil))
                }
                if case .copied(let name) = DeviceBinding.of(app.settings.config, folder: ledger.folder, paths: app.paths,
                                                            home: app.environment["HOME"]) {
                    events.append(.notice(key: "devices.copied-config", arguments: ["folder": ledger.folder, "name": name,
                                                                                  "config": app.settings.config.path], count: nil))
                }
                for copy in ledger.copies {
                    let key = !Ledger.isRegularFile(ledger.folder + "/" + copy) ? "devices.not-a-file"
                        : DevicesCommand.isSideFile(copy) ? "devices.side-file" : "devices.copy-ignored"
                    events.append(.notice(key: key, arguments: ["file": copy], count: nil))
                }
                return events
            } catch {
                return context.storeFailure(error)
            }
        case .join(let folder, let name):
            return join(context, app: app, folder: DevicesCommand.absolute(folder), name: name)
        }
    }

    private func join(_ context: CommandContext, app: AppContext, folder: String, name: String?) -> [SessionEvent] {
        var config = app.settings.config
        guard !config.path.isEmpty else { return context.reject(SessionError("config.no-home")) }
        // This machine's id, made on its first join (MachineID). A config that records another
        // machine was copied here: its device, uid and folder are that machine's, not this one's.
        var machine: String?
        if let path = app.paths.machine {
            switch MachineID.make(path) {
            case .success(let made): machine = made
            case .failure(let failure):
                context.hadStoreError = true
                return [.error(SessionError("devices.machine-failed", ["path": path, "reason": failure.reason]))]
            }
        }
        let copied = machine != nil && config.value(.deviceMachine).map { $0 != machine } == true
        if !copied, let current = config.value(.ledger), !ShellPaths.sameFolder(current, folder, home: app.environment["HOME"]) {
            return context.reject(SessionError("devices.joined-elsewhere", ["folder": current]))
        }
        let deviceName = name ?? (copied ? nil : config.value(.device)) ?? DeviceName.from(hostName: DevicesCommand.hostName())
        guard DeviceName.isValid(deviceName) else {
            return context.usage(UsageError(key: "devices.bad-name", arguments: ["name": deviceName]))
        }
        let uid = (copied ? nil : config.value(.deviceID)) ?? Ledger.newUID()
        // The journal used so far moves into the folder (none when kassa has never saved anything).
        let journal = app.paths.ledger == nil && !app.paths.journalUnknown ? app.paths.journal : nil
        let joined: Ledger.Joined
        do {
            joined = try Ledger.join(folder: folder, name: deviceName, uid: uid, journal: journal)
        } catch {
            return context.storeFailure(error)
        }
        config.set(.ledger, folder)
        config.set(.device, deviceName)
        config.set(.deviceID, uid)
        if let machine { config.set(.deviceMachine, machine) }
        if let failure = config.write() {
            context.hadStoreError = true
            return [.error(SessionError("config.write-failed", ["path": config.path, "reason": String(cString: strerror(failure))]))]
        }
        let key = joined.already ? "devices.already-joined" : joined.base == 0 ? "devices.joined" : "devices.joined-numbered"
        return [.notice(key: key, arguments: ["name": deviceName, "path": joined.path, "changes": String(joined.changes),
                                              "first": "#" + String(joined.base + 1)], count: nil)]
    }

    /// `NAME.kassa.torn-N`, `NAME.kassa.damaged-N` (and its `.jsonl`): what a save or repair moved
    /// aside from a device file, beside it (Store: Devices/DeviceFile+Repair.swift) — not a sync tool's copy.
    static func isSideFile(_ file: String) -> Bool {
        var rest = Substring(file)
        if rest.hasSuffix(".jsonl") { rest = rest.dropLast(6) }
        guard let dash = rest.lastIndex(of: "-"), !rest[rest.index(after: dash)...].isEmpty,
              rest[rest.index(after: dash)...].allSatisfy(\.isNumber) else { return false }
        let stem = rest[..<dash]
        for kind in [".torn", ".damaged"] where stem.hasSuffix(DeviceName.suffix + kind) {
            return DeviceName.isValid(String(stem.dropLast(DeviceName.suffix.count + kind.count)))
        }
        return false
    }

    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return trimmed == "." ? cwd : cwd + "/" + trimmed
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "device" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
