// Ledger: a folder of device journals opened as one (the rules are in LedgerMerge.swift). Reads
// every `NAME.kassa` of the folder, writes their merge as a journal in the cache and opens it
// with Journal, so every command works on the union unchanged; when this device has joined,
// what a command writes goes first to this device's own file (the only file it ever writes),
// then into the view. Also joins a device to a folder (`kassa devices join`).

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

/// What refuses a ledger operation, with its message key.
public struct LedgerError: LocalizableError, Equatable {
    public enum Kind: String, Sendable {
        /// The name is another machine's device (its file has another uid).
        case nameTaken = "name-taken"
        case badName = "bad-name"
        case notAFolder = "not-a-folder"
        /// This device has not joined the folder: the view is read-only.
        case notJoined = "not-joined"
        /// This device used every number of its space.
        case spaceFull = "space-full"
        /// The view changed under this process (another kassa of this device rebuilt it).
        case stale
    }
    public let kind: Kind
    public let arguments: [String: String]
    public init(_ kind: Kind, _ arguments: [String: String] = [:]) {
        self.kind = kind
        self.arguments = arguments
    }
    public var messageKey: String { "devices." + kind.rawValue }
    public var messageArguments: [String: String] { arguments }
}

public final class Ledger {
    /// How many transaction numbers each device has (LedgerMerge: IDENTITY).
    public static let spaceSize = 1_000_000

    public let folder: String
    public private(set) var devices: [DeviceFile]
    /// Files of the folder that are a sync tool's copies of a device journal (never read).
    public private(set) var copies: [String]
    public let journal: Journal
    /// This device's index in `devices` (nil: not joined; the view is read-only).
    public let own: Int?
    private var merge: LedgerMerge
    private var origins: [LedgerMerge.Origin]
    /// The highest change number in the folder: this device's next one is above it.
    private var highest: Int64

    public var conflicts: [LedgerConflict] { merge.conflicts }

    /// Lets go of the view: the journal and the ledger keep each other (its hooks) until then;
    /// a process that opens one ledger for its life need not call it.
    public func close() {
        journal.deviceHooks = nil
    }

    /// The device file of this device in `folder`.
    public static func path(of name: String, in folder: String) -> String { folder + "/" + name + DeviceName.suffix }

    /// Opens the folder's merged view. `device`: this device's name and uid when it has joined
    /// (a file with that name but another uid is refused: two machines claim one name).
    /// `cache`: the directory for the view and its snapshot ($XDG_CACHE_HOME/kassa).
    public static func open(folder: String, device: (name: String, uid: String)?, cache: String,
                            readOnly: Bool) throws -> Ledger {
        let (devices, copies) = try scan(folder)
        var own: Int?
        if let device {
            if let index = devices.firstIndex(where: { $0.name == device.name }) {
                if let uid = devices[index].uid, uid != device.uid {
                    throw LedgerError(.nameTaken, ["name": device.name, "folder": folder])
                }
                own = index
            }
        }
        let merge = LedgerMerge(devices)
        var key = Array(folder.utf8) + [0] + Array((device?.name ?? "").utf8)
        let hash = key.withUnsafeMutableBytes { ContentHash.hash($0.baseAddress!, count: $0.count) }
        key = []
        let directory = cache + "/ledgers"
        try makeDirectories(directory)
        let view = directory + "/" + String(hash, radix: 16) + ".kassa"
        if DeviceFile.contents(of: view) != merge.bytes {
            if let failure = SafeFile.write(merge.bytes, to: view, mode: 0o600) {
                throw StoreError(.unwritable, path: view, errno: failure.code)
            }
        }
        let writes = !readOnly && own != nil
        let journal = try Journal.open(path: view, readOnly: !writes, snapshots: cache + "/snapshots")
        let ledger = Ledger(folder: folder, devices: devices, copies: copies, journal: journal, own: own, merge: merge)
        if writes, let own, let base = devices[own].base {
            // The journal and the ledger keep each other: the view lives as long as its process.
            journal.attach(Journal.DeviceHooks(owns: { ledger.owns($0) },
                                               forward: { try ledger.forward($0, merged: $1) }),
                           idSpace: base..<(base + spaceSize))
        }
        return ledger
    }

    private init(folder: String, devices: [DeviceFile], copies: [String], journal: Journal, own: Int?, merge: LedgerMerge) {
        self.folder = folder
        self.devices = devices
        self.copies = copies
        self.journal = journal
        self.own = own
        self.merge = merge
        origins = merge.origins
        highest = devices.map { $0.changes.last?.number ?? 0 }.max() ?? 0
    }

    /// The device files and sync-tool copies of `folder`, devices sorted by name.
    static func scan(_ folder: String) throws -> ([DeviceFile], [String]) {
        guard let dir = opendir(folder) else { throw LedgerError(.notAFolder, ["folder": folder]) }
        defer { closedir(dir) }
        var names: [String] = [], copies: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch DeviceName.kind(ofFile: name) {
            case .device(let device): names.append(device)
            case .copy: copies.append(name)
            case .other: break
            }
        }
        names.sort()
        copies.sort()
        return (try names.map { try DeviceFile.read(name: $0, path: path(of: $0, in: folder)) }, copies)
    }

    /// True when merged change `number` is this device's (undo and redo take only those). A
    /// change past the merge was appended by this device's kassa processes.
    func owns(_ number: Int64) -> Bool {
        let k = Int(number) - 1
        return k >= origins.count || origins[k].device == own
    }

    /// Writes the change the view just appended (`records`, numbered `merged`) to this device's
    /// own file, durably, renumbered by the clock; undo/redo targets become its own numbers.
    private func forward(_ records: ArraySlice<UInt8>, merged: Int64) throws {
        guard let own, let base = devices[own].base else { throw LedgerError(.notJoined, ["folder": folder]) }
        let path = devices[own].path
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        defer { file.unlock() }
        var size = try file.size()
        if size != devices[own].size {
            // Another kassa of this device appended: its numbers are the ones to be above.
            devices[own] = try DeviceFile.read(name: devices[own].name, path: path)
            highest = max(highest, devices[own].changes.last?.number ?? 0)
        }
        if devices[own].damaged { throw StoreError(.corrupt, path: path, record: devices[own].stoppedAt) }
        if size > devices[own].validEnd {
            // This device's own save, killed before it was whole (never acknowledged): moved
            // aside like any torn tail, so what follows is read.
            let tail = try file.read(devices[own].validEnd..<size) ?? []
            try JournalFile.writeNewFile(JournalRecovery.freeSidePath(for: path), tail)
            try file.truncate(to: devices[own].validEnd)
            size = devices[own].validEnd
        }
        let number = DeviceClock.next(after: highest)
        var out: [UInt8] = []
        for line in records.split(separator: RecordCodec.newline) {
            var fields = String(decoding: line.dropFirst(RecordLine.bodyOffset), as: UTF8.self)
                .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { throw StoreError(.invalid, path: path, detail: "record") }
            fields[0] = String(number)
            switch fields[2] {
            case "undo", "redo":
                guard let target = Int(fields[3]), target >= 1, target <= origins.count, origins[target - 1].device == own else {
                    throw LedgerError(.stale, ["folder": folder])
                }
                fields[3] = String(origins[target - 1].number)
            case "commit", "import":
                guard let id = Int(fields[3]), id > base, id < base + Ledger.spaceSize else {
                    throw LedgerError(.spaceFull, ["name": devices[own].name])
                }
            default: break
            }
            Ledger.appendLine(fields.joined(separator: "\t"), to: &out)
        }
        try file.append(out, at: size, sync: true)
        devices[own].size = size + out.count
        devices[own].validEnd = devices[own].size
        highest = number
        if Int(merged) - 1 == origins.count { origins.append(.init(device: own, number: number)) }
    }

    static func appendLine(_ body: String, to out: inout [UInt8]) {
        let bytes = Array(body.utf8)
        out.append(contentsOf: LedgerMerge.hex(CRC32.checksum(bytes)))
        out.append(RecordCodec.tab)
        out.append(contentsOf: bytes)
        out.append(RecordCodec.newline)
    }

    static func makeDirectories(_ path: String) throws {
        var at = ""
        for part in path.split(separator: "/") {
            at += "/" + part
            if mkdir(at, 0o700) != 0, errno != EEXIST { throw StoreError(.unwritable, path: at, errno: errno) }
        }
    }
}
