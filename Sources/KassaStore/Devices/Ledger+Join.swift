// Ledger+Join: a device joins a ledger folder (`kassa devices join DIR --name NAME`), and what
// `kassa devices` lists. Joining writes `DIR/NAME.kassa`: the device's journal so far (every
// complete change, with its history, so undo still reaches it) followed by the change that says
// which device this is (`object device NAME + uid=… base=…`, LedgerMerge: IDENTITY). Only when
// that file is durable is the old journal removed: a failure leaves everything where it was.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

extension Ledger {
    /// What `join` did.
    public struct Joined: Sendable, Equatable {
        public let path: String
        /// The first number of this device's space (0: its numbers did not change).
        public let base: Int
        /// Changes carried over from the old journal.
        public let changes: Int
        /// The device had joined already (same name and uid): nothing was written.
        public let already: Bool
    }

    /// Joins `name` (uid `uid`) to `folder`, moving the journal at `journal` (if any) into it.
    public static func join(folder: String, name: String, uid: String, journal: String?) throws -> Joined {
        guard DeviceName.isValid(name) else { throw LedgerError(.badName, ["name": name]) }
        var info = stat()
        if stat(folder, &info) != 0 {
            guard mkdir(folder, 0o700) == 0 else { throw LedgerError(.notAFolder, ["folder": folder]) }
        }
        let (devices, _) = try scan(folder)
        let target = path(of: name, in: folder)
        // "Laptop" beside "laptop" is one file on macOS and Windows: such a name is refused.
        if let other = devices.first(where: { $0.name != name && $0.name.lowercased() == name.lowercased() }) {
            throw LedgerError(.nameCase, ["name": name, "other": other.name, "folder": folder])
        }
        if let existing = devices.first(where: { $0.name == name }) {
            guard existing.uid == uid else { throw LedgerError(.nameTaken, ["name": name, "folder": folder]) }
            return Joined(path: target, base: existing.base ?? 0, changes: 0, already: true)
        }
        // The next free space: above every device's space and every number written in the folder.
        var base = 0
        if !devices.isEmpty {
            // Spaces that devices which joined apart move to are taken too (DeviceSpaces).
            var top = (DeviceSpaces.taken(devices).max() ?? -1) + 1
            for device in devices {
                top = max(top, (device.base ?? 0) + 1)
                for line in device.lines where line.hasID && (line.op == .commit || line.op == .importBatch) {
                    top = max(top, line.id)
                }
            }
            base = (top + spaceSize - 1) / spaceSize * spaceSize
        }
        var old: DeviceFile?
        if let journal, let bytes = DeviceFile.contents(of: journal) {
            old = try DeviceFile(name: name, path: journal, bytes: bytes)
            if old!.damaged { throw StoreError(.corrupt, path: journal, record: old!.stoppedAt) }
        }
        var out = RecordCodec.header
        var highest = devices.map { $0.changes.last?.number ?? 0 }.max() ?? 0
        for change in old?.changes ?? [] {
            for (k, var record) in old!.records(change).enumerated() {
                let op = old!.lines[change.lines.lowerBound + k].op
                if base > 0, op == .commit || op == .importBatch || op == .edit || op == .delete, let id = Int(record[3]) {
                    record[3] = Substring(String(id + base))
                }
                appendLine(record.joined(separator: "\t"), to: &out)
            }
            highest = max(highest, change.number)
        }
        guard let number = DeviceClock.next(after: highest) else { throw LedgerError(.numbersUsed, ["folder": folder]) }
        appendLine("\(number)\t1/1\tobject\tdevice\t\(name)\t+\tuid=\(uid)\tbase=\(base)", to: &out)
        if let failure = SafeFile.write(out, to: target, mode: 0o600) {
            throw StoreError(.unwritable, path: target, errno: failure.code)
        }
        if let journal, old != nil, journal != target { unlink(journal) }
        return Joined(path: target, base: base, changes: old?.changes.count ?? 0, already: false)
    }

    /// A fresh random uid for a device (16 hex digits).
    public static func newUID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One device of the folder, as `kassa devices` lists it.
    public struct DeviceSummary: Sendable, Equatable {
        public let name: String
        public let file: String
        public let changes: Int
        /// Transactions this device wrote (commits and imports).
        public let transactions: Int
        /// The last change's clock value (nil: none).
        public let lastChange: Int64?
        public let this: Bool
        /// Line where reading stopped: a change still arriving there.
        public let stoppedAt: Int?
        /// What reading left out, by line: damage, and changes the journal refuses.
        public let damage: [DeviceDamage]
        public var damaged: Bool { !damage.isEmpty }
        /// The device whose journal this file is a copy of (it names another device): not read.
        public var copyOf: String?
    }

    /// Reads every device file whole (an open that found the folder unchanged read none),
    /// checking every change as the journal would read it (DeviceFile+Refusal.swift).
    public var summaries: [DeviceSummary] {
        devices.enumerated().map { index, known in
            var device = known
            if var read = try? DeviceFile.read(name: known.name, path: known.path) {
                read.leaveOutRefused()
                device = read
            }
            let changes = device.changes.filter { !device.isIdentity($0) }
            var count = 0
            for change in changes {
                count += device.ops(change).reduce(0) { $0 + ($1 == .commit || $1 == .importBatch ? 1 : 0) }
            }
            var summary = DeviceSummary(name: device.name, file: device.path, changes: changes.count, transactions: count,
                                        lastChange: changes.last?.number, this: index == own, stoppedAt: device.stoppedAt,
                                        damage: device.damage)
            if let named = device.identityName, named != device.name { summary.copyOf = named }
            return summary
        }
    }
}
