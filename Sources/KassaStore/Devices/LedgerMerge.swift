// LedgerMerge: several devices' journals made into one — the rules that make every device see
// the same ledger, whatever order the files arrived in.
//
// THE FOLDER. A ledger is a folder of device journals, `DIR/NAME.kassa`, one per device. Each
// device appends only to its own file and reads them all; no file has two writers, so a sync
// tool (Syncthing, git, a cloud drive) never has two versions of one file to reconcile, and no
// change can be lost by a merge. kassa never talks to the network; snapshots and the merged view
// live in the XDG cache, never in the folder. Any other `….kassa` is a sync tool's copy
// (DeviceName) and is never read.
//
// IDENTITY. A transaction is identified by its number, and numbers are unique across devices
// because each device has its own space: the first change of a device file is
// `object device NAME + uid=RANDOM base=B`, and that device numbers its transactions B+1, B+2 …
// below B + Ledger.spaceSize. The folder's first device has B = 0, so a journal that was used
// alone keeps its numbers (#1, #2 …) and a single-device user notices nothing; a device that joins
// later takes the next free multiple of the space size (#1000001 …). So the number a person sees
// (`#12`) is the same on every device once the same files are there, and never changes when
// another device's changes arrive late: it is written by the device that made the transaction.
// (Two devices joining while apart could pick one base: the saves of the later one that reuse a
// number are then left out of the view and listed by `conflicts` — known limitation; that device
// must join again under a new name.) The uid tells two machines that claim one name apart: a
// device whose configured uid is not its file's is refused.
//
// ORDER. Every change carries its device's hybrid logical clock value as its change number
// (DeviceClock): above the wall time, above the device's previous change and above every change
// the device had read. The ledger's history is all complete changes of all devices sorted by
// (number, device name): a total order that does not depend on when or in which order files
// arrived, so every device replays the same history. A file is read up to its last complete
// change (a file still arriving, or a writer killed mid-save); the rest waits for the next read.
//
// THE MERGED VIEW. The sorted changes are written as one ordinary journal (format version 1,
// Journal.swift) in the cache, change numbers renumbered 1, 2, 3 … and undo/redo targets mapped to
// those numbers; every command reads it through the one Journal type, unchanged. A change to
// another device's transaction (edit, delete, recategorise, undo) is written to this device's own
// file, naming the transaction by its number. The view is not merged again on every open: a
// folder that did not change opens the view as it is, and changes that sort after everything
// merged are admitted on their own and appended (Ledger.swift: THE CACHE; RESUMING below), giving
// the same bytes and conflicts as merging the whole folder again.
//
// CONFLICTS. Changes made on devices that had not seen each other's are merged by these rules,
// the same on every device because they depend only on the sorted history:
// - An edit replaces a transaction's fields in groups (amount with currency; type with category
//   and accounts; date with time; recurrence; note with the dictated input). A group an edit left
//   as it was before the other device's edit keeps the other device's value (both edits survive);
//   a group both changed gets the later edit's value (clock, then device name), and
//   `kassa conflicts` lists both values.
// - A change that is no longer possible in the merged history (an edit or delete of a transaction
//   another device deleted first; an undo of a change another device has since built on) is left
//   out of the view and listed by `conflicts`; it stays in its device's file, nothing is erased.
// - Accounts, categories, budgets, series, rates and lessons are versions by key: the latest
//   applied version in the merged history is the current one (Journal+Objects.swift).
// - undo and redo take only this device's own changes (Journal.DeviceHooks).

import KassaCore

/// A place where the merged history differs from what one device wrote.
public struct LedgerConflict: Sendable, Equatable {
    public struct Value: Sendable, Equatable {
        public let device: String
        public let value: String
        /// The change's clock value.
        public let at: Int64
    }
    /// The transaction concerned (0: none, e.g. an undo left out).
    public let transaction: Int
    /// The field group both edited, or `change` for a change left out.
    public let field: String
    public let values: [Value]
    /// The value in the view (for a change left out: empty).
    public let kept: String
}

struct LedgerMerge {
    /// Where each change of the merged view came from: merged number `k + 1` is `origins[k]`.
    /// Always sorted by (number, device): the order of the history.
    struct Origin: Equatable, Comparable {
        var device: Int
        var number: Int64
        static func < (a: Origin, b: Origin) -> Bool { (a.number, a.device) < (b.number, b.device) }
    }

    /// A record the merge changed (groups kept from another device), as its device wrote it:
    /// merged change `change`, transaction `id`, the record's fields after the checksum joined by tabs.
    struct Raw: Equatable {
        var change: Int32
        var id: Int
        var record: String
    }

    private(set) var bytes: [UInt8] = RecordCodec.header
    private(set) var origins: [Origin] = []
    private(set) var conflicts: [LedgerConflict] = []
    private(set) var raws: [Raw] = []
    /// The last change read, admitted or left out (number, device index).
    private(set) var lastConsumed = Origin(device: -1, number: 0)

    /// Field groups of a transaction record that an edit replaces together (indices into the
    /// record's fields: change, part, op, then TransactionField order).
    static let groups: [(name: String, fields: [Int])] = [
        ("amount", [TransactionField.amount, .currency]),
        ("type", [TransactionField.type, .category, .account, .toAccount]),
        ("date", [TransactionField.date, .time]),
        ("recurrence", [TransactionField.recurrence]),
        ("note", [TransactionField.note, .input]),
    ].map { ($0.0, $0.1.map(\.lineIndex)) }

    /// One version of a transaction in the merged history.
    private struct Version {
        var change: Int32
        var prev: Int32
        /// The record's fields (nil: a delete).
        var fields: [Substring]?
        /// The record as its device wrote it, when the merge changed it (groups kept from others).
        var raw: [Substring]? = nil
    }

    private var versions: [Version] = []
    private var head: [Int: Int32] = [:]
    private var applied: [Bool] = []
    private var isData: [Bool] = []
    private var written: [[Int]] = []

    /// RESUMING. A merge picked up where a view left off reads what admission needs about the
    /// changes already merged from the view's replayed journal: the versions of a transaction
    /// (JournalState's entries, their fields read from the view's lines), which changes are
    /// applied, which ids a change wrote. With the origins and the records the merge changed
    /// (LedgerState) that is everything the full merge knew, so admitting a new change gives
    /// exactly what a full rebuild gives. Only ids a new change touches are read.
    private struct Resumed {
        var state: JournalState
        /// The fields of the view's record line at a byte offset.
        var line: (Int) -> [Substring]?
        var raws: [Int64: String]
        /// Changes before this index are the view's.
        var count: Int
    }
    private var resumed: Resumed?

    init(_ devices: [DeviceFile]) {
        names = devices.map(\.name)
        admit(devices)
    }

    /// A merge continuing the view whose journal state is `state` (its lines read by `line`), as
    /// LedgerState recorded it. Nil when the journal is not the view the state describes.
    /// `through`: the view's changes before this index are the merged history (default: all;
    /// less when the journal already holds this device's own next change, being forwarded).
    init?(resuming view: LedgerState, names: [String], state: JournalState, through: Int? = nil,
          line: @escaping (Int) -> [Substring]?) {
        let count = through ?? state.changes.count
        guard count == view.origins.count, count <= state.changes.count else { return nil }
        self.names = names
        bytes = []
        origins = view.origins
        conflicts = view.conflicts
        raws = view.raws
        lastConsumed = view.lastConsumed
        applied = state.changes[..<count].map(\.applied)
        isData = state.changes[..<count].map { $0.op.isData }
        var byKey: [Int64: String] = [:]
        for raw in view.raws { byKey[LedgerMerge.key(raw.change, raw.id)] = raw.record }
        resumed = Resumed(state: state, line: line, raws: byKey, count: count)
    }

    /// Lets go of the view's journal state (a copy kept would double its memory when it changes).
    mutating func release() { resumed = nil }

    private static func key(_ change: Int32, _ id: Int) -> Int64 { Int64(change) << 40 ^ Int64(id) }

    /// Admits the changes of `devices` (sorted by name, indices as in `names`) in history order.
    mutating func admit(_ devices: [DeviceFile]) {
        var order: [(number: Int64, device: Int, change: Int)] = []
        for (d, device) in devices.enumerated() {
            for (c, change) in device.changes.enumerated() where !DeviceFile.isIdentity(change) {
                order.append((change.number, d, c))
            }
        }
        // Devices come sorted by name, so (number, device index) is (clock, name).
        order.sort { ($0.number, $0.device) < ($1.number, $1.device) }
        for item in order {
            let change = devices[item.device].changes[item.change]
            let name = devices[item.device].name
            lastConsumed = Origin(device: item.device, number: change.number)
            if let records = admit(change, device: item.device, name: name) {
                let m = Int32(origins.count)
                origins.append(Origin(device: item.device, number: change.number))
                emit(records, number: Int64(m) + 1)
            }
        }
    }

    /// Admits one change of `device` (this device's own, already in the view as the journal
    /// wrote it): its records as the merge would write them, or nil when it would be left out.
    mutating func admitOwn(_ change: DeviceFile.ChangeLines, device: Int) -> [[Substring]]? {
        lastConsumed = Origin(device: device, number: change.number)
        guard let records = admit(change, device: device, name: deviceName(device)) else { return nil }
        origins.append(Origin(device: device, number: change.number))
        return records
    }

    /// The merged index of `device`'s change `number` (an undo or redo target), if it was admitted.
    private func merged(device: Int, number: Int64) -> Int? {
        let wanted = Origin(device: device, number: number)
        var lo = 0, hi = origins.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if origins[mid] == wanted { return mid }
            if origins[mid] < wanted { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }

    /// The newest version of `id` (nil: never written). A resumed merge first brings in the
    /// versions the view holds.
    private mutating func headOf(_ id: Int) -> Int32? {
        if let h = head[id] { return h }
        guard let resumed, id > 0, id < resumed.state.head.count, resumed.state.head[id] >= 0 else { return nil }
        var chain: [Entry] = []
        var p = resumed.state.head[id]
        while p >= 0 {
            // Entries of changes past the merged history (this device's change being forwarded) are not yet in it.
            if Int(resumed.state.entries[Int(p)].change) < resumed.count { chain.append(resumed.state.entries[Int(p)]) }
            p = resumed.state.entries[Int(p)].prev
        }
        guard !chain.isEmpty else { return nil }
        var prev: Int32 = -1
        for e in chain.reversed() {
            var v = Version(change: e.change, prev: prev, fields: nil)
            if e.op != .delete {
                // A view line that does not read back would be a view not built by this merge.
                v.fields = resumed.line(e.offset) ?? []
                v.raw = resumed.raws[LedgerMerge.key(e.change, id)].map {
                    Substring($0).split(separator: "\t", omittingEmptySubsequences: false)
                }
            }
            versions.append(v)
            prev = Int32(versions.count - 1)
        }
        head[id] = prev
        return prev
    }

    /// The ids change `t` wrote.
    private func writtenBy(_ t: Int) -> [Int] {
        guard let resumed, t < resumed.count else { return written[t - (resumed?.count ?? 0)] }
        let c = resumed.state.changes[t]
        return (Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount)).map { Int(resumed.state.entries[$0].id) }
    }

    private mutating func live(_ id: Int) -> Version? {
        var p = headOf(id) ?? -1
        while p >= 0, !applied[Int(versions[Int(p)].change)] { p = versions[Int(p)].prev }
        guard p >= 0, let v = Optional(versions[Int(p)]), v.fields != nil else { return nil }
        return v
    }

    /// The fields of the last applied version of `id` that `device` wrote, as it wrote them;
    /// else the transaction's first version.
    private mutating func lastKnown(_ id: Int, by device: Int) -> [Substring] {
        var p = headOf(id) ?? -1
        var first: [Substring] = []
        while p >= 0 {
            let v = versions[Int(p)]
            if let fields = v.fields {
                first = fields
                if applied[Int(v.change)], origins[Int(v.change)].device == device { return v.raw ?? fields }
            }
            p = v.prev
        }
        return first
    }

    /// Ids of `change` that a later applied change also wrote (it cannot be undone or redone).
    private mutating func builtOn(_ change: Int) -> Bool {
        for id in writtenBy(change) {
            var p = headOf(id) ?? -1
            while p >= 0, Int(versions[Int(p)].change) != change {
                if applied[Int(versions[Int(p)].change)] { return true }
                p = versions[Int(p)].prev
            }
        }
        return false
    }

    /// Checks one device change against the merged history so far and applies it: its records
    /// as they go into the view (an edit with other devices' groups kept), or nil when it is
    /// left out (a conflict is recorded).
    private mutating func admit(_ change: DeviceFile.ChangeLines, device: Int, name: String) -> [[Substring]]? {
        let m = origins.count
        func leftOut(_ id: Int) -> [[Substring]]? {
            conflicts.append(LedgerConflict(transaction: id, field: "change",
                                            values: [.init(device: name, value: change.ops.first.map(\.name) ?? "", at: change.number)],
                                            kept: ""))
            return nil
        }
        let op = change.ops[0]
        if op == .undo || op == .redo {
            var chosen: [Int] = []
            for record in change.records {
                guard record.count > 3, let target = Int64(record[3]), let t = merged(device: device, number: target),
                      isData[t], !chosen.contains(t), applied[t] == (op == .undo) else { return leftOut(0) }
                chosen.append(t)
            }
            var flipped: [Int] = []
            for t in chosen {
                if builtOn(t) {
                    for f in flipped { applied[f].toggle() }
                    return leftOut(writtenBy(t).first ?? 0)
                }
                applied[t].toggle()
                flipped.append(t)
            }
            applied.append(true)
            isData.append(false)
            written.append([])
            return change.records.enumerated().map { k, record in
                var r = record
                r[3] = Substring(String(chosen[k] + 1))
                return r
            }
        }
        // A data change: every transaction record checked against the history before it.
        var out = change.records
        var ids: [Int] = []
        // An import is one change of many records: a set keeps its check linear.
        var seen = Set<Int>()
        var merges: [(field: String, values: [LedgerConflict.Value], kept: String, id: Int)] = []
        for (k, record) in change.records.enumerated() {
            let recordOp = change.ops[k]
            guard recordOp == .commit || recordOp == .importBatch || recordOp == .edit || recordOp == .delete else { continue }
            guard record.count > 3, let id = Int(record[3]), id > 0, seen.insert(id).inserted else { return leftOut(0) }
            ids.append(id)
            switch recordOp {
            case .commit, .importBatch:
                if headOf(id) != nil { return leftOut(id) }
            case .edit:
                guard let current = live(id), let now = current.fields, record.count == now.count else { return leftOut(id) }
                // What this device last knew of the transaction: the last version it wrote itself
                // (as it wrote it), else the first version. A group equal there is one it did not
                // change: another device's newer value stays.
                let base = lastKnown(id, by: device)
                guard base.count == now.count else { return leftOut(id) }
                for group in LedgerMerge.groups {
                    let mine = group.fields.map { record[$0] }, theirs = group.fields.map { now[$0] }
                    let old = group.fields.map { base[$0] }
                    guard mine != theirs else { continue }
                    if mine == old {
                        for f in group.fields { out[k][f] = now[f] }
                    } else if theirs != old {
                        let at = origins[Int(current.change)]
                        merges.append((group.name, [
                            .init(device: deviceName(at.device), value: theirs.joined(separator: " "), at: at.number),
                            .init(device: name, value: mine.joined(separator: " "), at: change.number),
                        ], mine.joined(separator: " "), id))
                    }
                }
            case .delete:
                if live(id) == nil { return leftOut(id) }
            default: break
            }
        }
        for merge in merges {
            conflicts.append(LedgerConflict(transaction: merge.id, field: merge.field, values: merge.values, kept: merge.kept))
        }
        for (k, record) in out.enumerated() {
            let recordOp = change.ops[k]
            guard recordOp == .commit || recordOp == .importBatch || recordOp == .edit || recordOp == .delete,
                  let id = Int(record[3]) else { continue }
            let asWritten = change.records[k]
            let changed = recordOp == .edit && asWritten != record
            versions.append(Version(change: Int32(m), prev: headOf(id) ?? -1, fields: recordOp == .delete ? nil : record,
                                    raw: changed ? asWritten : nil))
            head[id] = Int32(versions.count - 1)
            if changed { raws.append(Raw(change: Int32(m), id: id, record: asWritten.joined(separator: "\t"))) }
        }
        applied.append(true)
        isData.append(true)
        written.append(ids)
        return out
    }

    private var names: [String] = []
    private func deviceName(_ index: Int) -> String { index < names.count ? names[index] : String(index) }

    /// Appends a change's records to the view, numbered `number`, each with its checksum.
    private mutating func emit(_ records: [[Substring]], number: Int64) {
        for record in records {
            var body: [UInt8] = Array(String(number).utf8)
            for field in record.dropFirst() {
                body.append(RecordCodec.tab)
                body.append(contentsOf: field.utf8)
            }
            let crc = body.withUnsafeBytes { CRC32.checksum($0.baseAddress!, count: $0.count) }
            bytes.append(contentsOf: LedgerMerge.hex(crc))
            bytes.append(RecordCodec.tab)
            bytes.append(contentsOf: body)
            bytes.append(RecordCodec.newline)
        }
    }

    static func hex(_ crc: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return (0..<8).map { digits[Int((crc >> UInt32(28 - 4 * $0)) & 0xF)] }
    }
}
