// ReferenceLedgerMerge: the ledger merge in its plainest form, kept in the test
// target as the reference the fast merge (Store: Devices/LedgerMerge.swift, DeviceFile.swift) is
// compared with: every line split into String fields, every change sorted, every record joined
// again. Straightforward and slow; LedgerMergeReferenceTests require the same bytes, origins,
// conflicts and records from both. Only the full merge (no resuming) and the reading of a whole file.

import KassaCore
@testable import KassaStore

struct ReferenceDeviceFile {
    /// One complete change: its number (a DeviceClock value) and its record lines.
    struct ChangeLines {
        var number: Int64
        /// Each line's fields after the checksum: change, part, op, arguments (escaped, as written).
        var records: [[Substring]]
        var ops: [RecordOp]
    }

    let name: String
    let path: String
    /// Random id written at join: two machines with one name are told apart by it.
    var uid: String?
    /// The first transaction number of this device's space (0 for the folder's first device).
    var base: Int?
    var changes: [ChangeLines] = []
    /// Where reading stopped early: the first line of a change still arriving at the end (nil: read to the end).
    var stoppedAt: Int?
    /// The first line of each place reading left out (damage: a bad line, a change missing a part
    /// or numbered out of order).
    var damage: [Int] = []
    var damaged: Bool { !damage.isEmpty }
    /// Bytes read, and how many of them are whole changes.
    var size = 0
    var validEnd = 0

    /// Line number of the line at `validEnd`, and the last complete change's number.
    var nextLine = 1
    var lastNumber: Int64 = 0

    /// Reads `bytes` (the whole file). Throws only when it is not a journal at all.
    init(name: String, path: String, bytes: [UInt8]) throws {
        self.name = name
        self.path = path
        size = bytes.count
        if let problem = JournalState.checkHeader(bytes) {
            if bytes.isEmpty || RecordCodec.header.starts(with: bytes) { validEnd = bytes.count; return } // still arriving
            throw StoreError(problem, path: path, record: 1)
        }
        validEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        nextLine = 2
        bytes.withUnsafeBufferPointer { consume($0, at: 0) }
    }

    /// One line as read: its number, and its fields when its checksum holds and it is a record line.
    private struct Read {
        var number: Int
        var end: Int
        var terminated: Bool
        var record: (number: Int64, part: Int, parts: Int, op: RecordOp, fields: [Substring])?
    }

    /// Reads the complete changes in `buffer`, the file's bytes from offset `offset` (= validEnd,
    /// the start of a line numbered `nextLine`) to its end, as repair sorts lines: every line
    /// first, then each change whole (all its parts, in order, right after each other, numbered
    /// above the last change read) is read; anything else with a line after it is left out as
    /// damage, and what is left at the end is still arriving.
    private mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        guard let base = buffer.baseAddress else { return }
        var read: [Read] = []
        var start = validEnd - offset
        var number = nextLine
        while start < buffer.count {
            let lf = buffer[start...].firstIndex(of: RecordCodec.newline)
            var line = Read(number: number, end: lf.map { $0 + 1 } ?? buffer.count, terminated: lf != nil, record: nil)
            if let lf, let end = RecordLine.verifiedEnd(base, start: start, lf: lf) {
                let body = String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + RecordLine.bodyOffset)..<end]), as: UTF8.self)
                let fields = body.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count >= 3, let n = Int64(fields[0]), n >= 1, n <= DeviceClock.limit,
                   let slash = fields[1].firstIndex(of: "/"), let part = Int(fields[1][..<slash]),
                   let parts = Int(fields[1][fields[1].index(after: slash)...]),
                   let op = fields[2].utf8.withContiguousStorageIfAvailable({ RecordOp.parse($0.baseAddress!, $0.count) }) ?? nil,
                   parts >= 1, part >= 1, part <= parts {
                    line.record = (n, part, parts, op, fields)
                }
            }
            read.append(line)
            start = line.end
            number += 1
        }
        var k = 0
        /// Reading ends at line `k`: what is left is still arriving.
        func arriving() { stoppedAt = read[k].number }
        /// Lines `k..<j` are read or left out: reading on starts after them.
        func consumed(_ j: Int) {
            validEnd = offset + read[j - 1].end
            nextLine = read[j - 1].number + 1
        }
        while k < read.count {
            guard let head = read[k].record, head.part == 1 else {
                // A bad line, or a part with no change before it: damage, unless it is the last line.
                if read[k].record == nil, k == read.count - 1 { arriving(); return }
                damage.append(read[k].number)
                consumed(k + 1)
                k += 1
                continue
            }
            var j = k + 1
            while j < read.count, j - k < head.parts, let record = read[j].record, record.number == head.number,
                  record.part == j - k + 1, record.parts == head.parts {
                j += 1
            }
            if j - k < head.parts {
                // Never whole: at the end (nothing after it, or only a last bad line) still arriving.
                if j == read.count || (j == read.count - 1 && read[j].record == nil) { arriving(); return }
                damage.append(read[k].number)
                consumed(j)
                k = j
                continue
            }
            if head.number <= lastNumber {
                damage.append(read[k].number)
            } else {
                let change = ChangeLines(number: head.number, records: read[k..<j].map { Array($0.record!.fields) },
                                         ops: read[k..<j].map { $0.record!.op })
                note(change)
                changes.append(change)
                lastNumber = head.number
            }
            consumed(j)
            k = j
        }
    }

    /// Picks up the device's identity from its `object device` record.
    private mutating func note(_ change: ChangeLines) {
        for (k, op) in change.ops.enumerated() where op == .object {
            let f = change.records[k]
            guard f.count >= 6, f[3] == "device", f[5] == "+" else { continue }
            for field in f.dropFirst(6) {
                if field.hasPrefix("uid=") { uid = String(field.dropFirst(4)) }
                if field.hasPrefix("base="), let b = Int(field.dropFirst(5)) { base = b }
            }
        }
    }

    /// True when change `c` only says which device this is (it is not part of the ledger's history).
    static func isIdentity(_ c: ChangeLines) -> Bool {
        c.ops.allSatisfy { $0 == .object } && c.records.allSatisfy { $0.count >= 4 && $0[3] == "device" }
    }
}

struct ReferenceLedgerMerge {
    /// Where each change of the merged view came from: merged number `k + 1` is `origins[k]`.
    /// Always sorted by (number, device): the order of the history.
    typealias Origin = LedgerMerge.Origin

    /// A record the merge changed (groups kept from another device), as its device wrote it:
    /// merged change `change`, transaction `id`, the record's fields after the checksum joined by tabs.
    typealias Raw = LedgerMerge.Raw

    private(set) var bytes: [UInt8] = RecordCodec.header
    private(set) var origins: [Origin] = []
    private(set) var conflicts: [LedgerConflict] = []
    private(set) var raws: [Raw] = []
    /// The last change read, admitted or left out (number, device index).
    private(set) var lastConsumed = Origin(device: -1, number: 0)

    /// Field groups of a transaction record that an edit replaces together (indices into the
    /// record's fields: change, part, op, then RecordArgument order).
    static let groups: [(name: String, fields: [Int])] = [
        ("amount", [RecordArgument.amount, .currency]),
        ("type", [RecordArgument.type, .category, .account, .toAccount]),
        ("date", [RecordArgument.date, .time]),
        ("recurrence", [RecordArgument.recurrence]),
        ("note", [RecordArgument.note, .input]),
    ].map { ($0.0, $0.1.map(\.lineIndex)) }

    /// A field's name in `conflicts`, by its index in the record.
    static let fieldNames: [Int: String] = [
        RecordArgument.amount.lineIndex: "amount", RecordArgument.currency.lineIndex: "currency",
        RecordArgument.type.lineIndex: "type", RecordArgument.category.lineIndex: "category",
        RecordArgument.account.lineIndex: "account", RecordArgument.toAccount.lineIndex: "to_account",
        RecordArgument.date.lineIndex: "date", RecordArgument.time.lineIndex: "time",
        RecordArgument.recurrence.lineIndex: "recurrence", RecordArgument.note.lineIndex: "note",
        RecordArgument.input.lineIndex: "input",
    ]

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

    init(_ devices: [ReferenceDeviceFile]) {
        names = devices.map(\.name)
        admit(devices)
    }

    /// Admits the changes of `devices` (sorted by name, indices as in `names`) in history order.
    mutating func admit(_ devices: [ReferenceDeviceFile]) {
        var order: [(number: Int64, device: Int, change: Int)] = []
        for (d, device) in devices.enumerated() {
            for (c, change) in device.changes.enumerated() where !ReferenceDeviceFile.isIdentity(change) {
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

    /// The newest version of `id` (nil: never written).
    private mutating func headOf(_ id: Int) -> Int32? { head[id] }

    /// The ids change `t` wrote.
    private func writtenBy(_ t: Int) -> [Int] {
        written[t]
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
    private mutating func admit(_ change: ReferenceDeviceFile.ChangeLines, device: Int, name: String) -> [[Substring]]? {
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
                for group in ReferenceLedgerMerge.groups {
                    let mine = group.fields.map { record[$0] }, theirs = group.fields.map { now[$0] }
                    let old = group.fields.map { base[$0] }
                    guard mine != theirs else { continue }
                    if mine == old {
                        for f in group.fields { out[k][f] = now[f] }
                    } else if theirs != old {
                        let at = origins[Int(current.change)]
                        // Named by the one field that differs ("category"), else by the group.
                        let differing = zip(group.fields, zip(mine, theirs)).filter { $0.1.0 != $0.1.1 }
                        let one = differing.count == 1 ? ReferenceLedgerMerge.fieldNames[differing[0].0] : nil
                        let said = one.map { _ in (String(differing[0].1.1), String(differing[0].1.0)) }
                            ?? (theirs.joined(separator: " "), mine.joined(separator: " "))
                        merges.append((one ?? group.name, [
                            .init(device: deviceName(at.device), value: said.0, at: at.number),
                            .init(device: name, value: said.1, at: change.number),
                        ], said.1, id))
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
            bytes.append(contentsOf: ReferenceLedgerMerge.hex(crc))
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
