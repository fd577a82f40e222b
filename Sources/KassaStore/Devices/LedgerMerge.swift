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
// Two devices joining while apart can pick one base: the one that joined later is read as if
// moved to the next free space, and moves its own file there when it opens the folder
// (DeviceSpaces). The uid tells two machines that claim one name apart: a device whose
// configured uid is not its file's is refused.
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
// - An edit replaces a transaction's fields in groups (amount with currency and an exchange's target; type with category
//   and accounts; date with time; recurrence; note with the dictated input). A group an edit left
//   as it was before the other device's edit keeps the other device's value (both edits survive);
//   a group both changed gets the later edit's value (clock, then device name), and
//   `kassa conflicts` lists both values.
// - A change that is no longer possible in the merged history (an edit or delete of a transaction
//   another device deleted first; an undo of a change another device has since built on) is left
//   out of the view and listed by `conflicts`; it stays in its device's file, nothing is erased.
// - Accounts, categories, budgets, series, rates and lessons are versions by key: the latest
//   applied version in the merged history is the current one (Journal/Roles/JournalObjects.swift).
// - undo and redo take only this device's own changes (Journal.DeviceHooks).

//
// SPEED. A first open of a folder merges every change of every device, a million transactions
// in the bench, so the merge never turns a line it takes as written into Strings. DeviceFile
// reads each line as a byte range with its number, part, op and first argument (the transaction
// number) read from the bytes; each device's changes are already in clock order, so the history
// is a k-way merge of the devices' lists (smallest (number, device) first), not a sort; a
// transaction's versions point at their lines (IdTable finds a transaction's newest version),
// and a line's fields are split from its text only when an edit, an undo or a conflict needs
// them, exactly as the text reads. The view gets a line taken as written by copying its bytes
// after the change number, with the merged number before it and a fresh checksum; only what the
// merge changed (an edit with groups kept from another device, an undo's target, a line whose
// bytes are not valid UTF-8, which the text would read with replacement characters) is written
// from its fields. The result is byte for byte what splitting every line into fields and
// joining them again gives (LedgerMergeReferenceTests compare the two on random histories).
// A copied line's checksum is not computed over its body again: CRC-32 is affine, so it follows
// from the line's own checksum (verified on reading) and those of the old and new numbers
// (LineChecksum). DeviceFile finds a line's first four tabs eight bytes at a time.
//
// A first open's critical path (a million transactions on three devices, two cores; the bar is
// 1.5× a single journal's open, whose reader parses every line once, its ReadAhead thread taking
// part of the parse on the other core):
// - The device files are read and verified, one thread each, on both cores.
// - The merge (k-way, admission, the view's bytes) runs on a thread of its own while the journal's
//   own reader parses the view on the opening thread, following the merge line by line
//   (LedgerViewRead; JournalState.ingest's `more`), inside a change too: a device's file may be
//   one import of hundreds of thousands of records, and waiting for a whole change would leave
//   the reader idle for most of the merge. A change bigger than a piece is handed on as it is
//   copied, never grown in a buffer of its own and copied twice; the merge's and the reader's big
//   arrays are reserved once, which keeps page faults down.
// - The view's prefix hash is made on the merge's thread as it merges (ViewPrefixHash), and the
//   view's file is written by whichever thread has the time (LedgerViewRead), so neither leg
//   waits on the other.
// - Once the merge is done, the reader's ReadAhead thread takes part of what is left on the core
//   the merge let go.
// - The view's snapshot is written on a thread of its own after the open returns
//   (ViewSnapshotWriter), while the command runs; the process waits for it before it exits.
// Why not more: device files are read, not mapped, and the view is written with pwrite, not
// through a mapping, because a file truncated under a mapping (a sync tool replacing a device
// file, a full disk under the view) is a SIGBUS. Reading a device file in segments would not feed
// the merge sooner: a change is merged only once it is whole.

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
    /// record's fields: change, part, op, then RecordArgument order).
    /// An exchange's target (what arrives) goes with the amount it was bought for.
    /// `names`: each field's name as `conflicts` says it, when it is the only one that differs.
    static let groups: [(name: String, fields: [Int], names: [String])] = [
        ("amount", [RecordArgument.amount, .currency].map(\.lineIndex) + (RecordTail.plainLineCount..<RecordTail.fullLineCount),
         ["amount", "currency"] + (0..<TransactionField.recordSlots).flatMap(RecordTail.names)),
        ("type", [RecordArgument.type, .category, .account, .toAccount].map(\.lineIndex),
         ["type", "category", "account", "to_account"]),
        ("date", [RecordArgument.date, .time].map(\.lineIndex), ["date", "time"]),
        ("recurrence", [RecordArgument.recurrence.lineIndex], ["recurrence"]),
        ("note", [RecordArgument.note, .input].map(\.lineIndex), ["note", "input"]),
    ]

    /// How a conflict in `group` is named and shown: the one field the two versions differ in
    /// ("category", with the two categories), else the group and its values side by side.
    static func conflicting(_ group: (name: String, fields: [Int], names: [String]), _ a: [Substring], _ b: [Substring])
        -> (field: String, a: String, b: String) {
        let differing = a.indices.filter { a[$0] != b[$0] }
        if differing.count == 1, let k = differing.first, k < group.names.count {
            return (group.names[k], String(a[k]), String(b[k]))
        }
        return (group.name, shown(a), shown(b))
    }

    /// A record compared as if it had every optional pair: a line without one gets empty fields
    /// for it, so an edit that adds, changes or drops one merges as any other field does.
    static func withTarget(_ fields: [Substring]) -> [Substring] {
        guard RecordTail.slots(lineCount: fields.count) != nil else { return fields }
        return fields + Array(repeating: "", count: RecordTail.fullLineCount - fields.count)
    }

    /// A merged record as it is written: no optional pair at its end that is empty, or that the
    /// groups it was merged from left as one the record cannot keep (in the amount's own currency
    /// where the field must be in another: the store refuses such a line). Slot 0 is a transfer's
    /// target, an expense's or income's charged amount.
    static func writtenTarget(_ fields: [Substring]) -> [Substring] {
        guard let slots = RecordTail.slots(lineCount: fields.count), slots > 0 else { return fields }
        var written = Array(fields.prefix(RecordTail.plainLineCount))
        var kept = written.count
        let type = TransactionType(rawValue: String(fields[RecordArgument.type.lineIndex]))
        for slot in 0..<slots {
            let a = RecordTail.lineIndex(slot)
            let (amount, currency) = (fields[a], fields[a + 1])
            let field = type.flatMap { TransactionField.inRecordSlot(slot, of: $0) }
            let apart = field?.isInAnotherCurrency ?? true
            let keeps = !amount.isEmpty && !currency.isEmpty && (!apart || currency != fields[RecordArgument.currency.lineIndex])
            written += keeps ? [amount, currency] : ["", ""]
            if keeps { kept = written.count }
        }
        return Array(written.prefix(kept))
    }

    /// A group's values as a conflict shows them (empty optional pairs are not shown).
    static func shown(_ values: [Substring]) -> String {
        let tail = 2 * TransactionField.recordSlots
        guard values.count == 2 + tail, values.suffix(tail).allSatisfy(\.isEmpty) else { return values.joined(separator: " ") }
        return values.prefix(2).joined(separator: " ")
    }

    /// Where a version's fields are.
    private enum Fields {
        /// Line `line` of `files[file]`, as its device wrote it (split when needed).
        case line(file: Int32, line: Int32)
        case text([Substring])
        case deleted
    }

    /// One version of a transaction in the merged history.
    private struct Version {
        var change: Int32
        var prev: Int32
        var fields: Fields
        var isDelete: Bool { if case .deleted = fields { true } else { false } }
    }

    /// What an admitted change puts into the view.
    private enum Output {
        /// Its lines as the device wrote them (copied, renumbered).
        case asWritten
        /// Its records as the merge changed them (an edit with groups kept, an undo's targets).
        case rewritten([[Substring]])
    }

    /// The device files whose lines versions point at.
    private var files: [DeviceFile] = []
    private var versions: [Version] = []
    /// The record as its device wrote it, for versions the merge changed (by version index).
    private var rawOf: [Int32: [Substring]] = [:]
    /// The newest version of each transaction.
    private var head = IdTable()
    /// The admission that last saw each transaction (a change naming one twice is left out).
    private var seen = IdTable()
    private var admission: Int32 = 0
    private var applied: [Bool] = []
    private var isData: [Bool] = []
    /// The ids each change merged here wrote: `writtenIDs[writtenFrom[k] ..< writtenFrom[k + 1]]`.
    private var writtenFrom: [Int] = []
    private var writtenIDs: [Int] = []

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

    /// Bytes of the view handed to `flush` at a time.
    static let flushEvery = 1 << 20

    /// Hands the view's bytes on as they are merged, a piece at a time (LedgerViewRead: the view
    /// is written and read while the merge goes on). The view starts with the first piece
    /// handed. A piece is `complete` when it ends where a change ends (what a journal's reader
    /// can read up to); a change bigger than a piece (a device's import of a third of a million
    /// records) is handed on in pieces as it is copied, the last one complete — `bytes` never
    /// grows past a piece and a line, and the big change is never copied twice. `flush` returns
    /// false when it takes no more: every byte from that piece on then stays in `bytes`.
    private var flush: ((UnsafeBufferPointer<UInt8>, _ complete: Bool) -> Bool)?

    private var flushAt = LedgerMerge.flushEvery

    /// A merge of `devices` that hands the view's bytes to `flush` as it goes (see `flush`), in
    /// pieces of at least `every` bytes (but the last).
    init(_ devices: [DeviceFile], every: Int = LedgerMerge.flushEvery,
         flush: @escaping (UnsafeBufferPointer<UInt8>, _ complete: Bool) -> Bool) {
        names = devices.map(\.name)
        self.flush = flush
        flushAt = every
        admit(devices)
        flushBytes(complete: true)
    }

    /// Some of the change being copied was handed on before its end: its end must be handed on
    /// as complete, even with no bytes left after it.
    private var handedPart = false

    /// Hands `bytes` to `flush`, unless it took no more before.
    private mutating func flushBytes(complete: Bool) {
        guard let flush, !bytes.isEmpty || (complete && handedPart) else { return }
        if bytes.withUnsafeBufferPointer({ flush($0, complete) }) {
            bytes.removeAll(keepingCapacity: true)
            handedPart = !complete
        } else {
            self.flush = nil
        }
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

    /// The view's bytes, handed over (the merge keeps none: the caller's copy is the only one).
    mutating func takeBytes() -> [UInt8] {
        var out: [UInt8] = []
        swap(&out, &bytes)
        return out
    }

    /// Lets go of the view's journal state (a copy kept would double its memory when it changes).
    mutating func release() { resumed = nil }

    private static func key(_ change: Int32, _ id: Int) -> Int64 { Int64(change) << 40 ^ Int64(id) }

    /// About the bytes the view of `devices` takes: each line as written, with 8 bytes to spare
    /// for a longer number (merged numbers are shorter than clock values; a record the merge
    /// rewrote may be longer, so this is not a bound).
    static func viewBound(_ devices: [DeviceFile]) -> Int {
        devices.reduce(0) { $0 + $1.buffer.count + 8 * $1.lines.count }
    }

    /// Admits the changes of `devices` (sorted by name, indices as in `names`) in history order.
    mutating func admit(_ devices: [DeviceFile]) {
        let first = files.count
        files.append(contentsOf: devices)
        // The view is about as big as the files: grown once, not by doubling (handed on in pieces: one piece).
        bytes.reserveCapacity(bytes.count + (flush != nil ? flushAt + (64 << 10)
                                                            : LedgerMerge.viewBound(devices)))
        // So are the merge's own arrays, a row per line or per change of the files.
        let lineCount = devices.reduce(0) { $0 + $1.lines.count }, changeCount = devices.reduce(0) { $0 + $1.changes.count }
        versions.reserveCapacity(versions.count + lineCount)
        writtenIDs.reserveCapacity(writtenIDs.count + lineCount)
        origins.reserveCapacity(origins.count + changeCount)
        applied.reserveCapacity(applied.count + changeCount)
        isData.reserveCapacity(isData.count + changeCount)
        writtenFrom.reserveCapacity(writtenFrom.count + changeCount)
        // Each device's changes are in increasing number order (DeviceFile stops at one that is
        // not), so the history — sorted by (number, device index), devices being sorted by name —
        // is a k-way merge: the smallest next change of any device, the first device on a tie.
        var next = [Int](repeating: 0, count: devices.count)
        // Each device's next change number (when `left`): the identity change is not history.
        var heads = [Int64](repeating: 0, count: devices.count)
        var left = [Bool](repeating: false, count: devices.count)
        func advance(_ d: Int) {
            let changes = devices[d].changes
            while next[d] < changes.count, devices[d].isIdentity(changes[next[d]]) { next[d] += 1 }
            left[d] = next[d] < changes.count
            if left[d] { heads[d] = changes[next[d]].number }
        }
        for d in devices.indices { advance(d) }
        while true {
            var pick = -1
            for d in devices.indices where left[d] && (pick < 0 || heads[d] < heads[pick]) { pick = d }
            guard pick >= 0 else { break }
            let change = devices[pick].changes[next[pick]]
            next[pick] += 1
            advance(pick)
            lastConsumed = Origin(device: pick, number: change.number)
            if let output = admit(change, file: first + pick, device: pick, name: devices[pick].name) {
                origins.append(Origin(device: pick, number: change.number))
                emit(output, change, file: first + pick, number: Int64(origins.count))
                if flush != nil, bytes.count >= flushAt || handedPart { flushBytes(complete: true) }
            }
        }
    }

    /// Admits one change of `device` (this device's own, already in the view as the journal
    /// wrote it; read in `file`): its records as the merge would write them, or nil when it
    /// would be left out.
    mutating func admitOwn(_ change: DeviceFile.ChangeLines, in file: DeviceFile, device: Int) -> [[Substring]]? {
        files.append(file)
        lastConsumed = Origin(device: device, number: change.number)
        guard let output = admit(change, file: files.count - 1, device: device, name: deviceName(device)) else { return nil }
        origins.append(Origin(device: device, number: change.number))
        switch output {
        case .asWritten: return file.records(change)
        case .rewritten(let records): return records
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

    /// The fields of version `v` (nil: a delete).
    private func fields(_ v: Version) -> [Substring]? {
        switch v.fields {
        case .line(let file, let line): files[Int(file)].fields(Int(line))
        case .text(let fields): fields
        case .deleted: nil
        }
    }

    /// The newest version of `id` (nil: never written). A resumed merge first brings in the
    /// versions the view holds.
    private mutating func headOf(_ id: Int) -> Int32? {
        let h = head.value(id)
        if h >= 0 { return h }
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
            var v = Version(change: e.change, prev: prev, fields: .deleted)
            if e.op != .delete {
                // A view line that does not read back would be a view not built by this merge.
                v.fields = .text(resumed.line(e.offset) ?? [])
                if let raw = resumed.raws[LedgerMerge.key(e.change, id)] {
                    rawOf[Int32(versions.count)] = Substring(raw).split(separator: "\t", omittingEmptySubsequences: false)
                }
            }
            versions.append(v)
            prev = Int32(versions.count - 1)
        }
        head.set(id, prev)
        return prev
    }

    /// The ids change `t` wrote.
    private func writtenBy(_ t: Int) -> [Int] {
        guard let resumed, t < resumed.count else {
            let k = t - (resumed?.count ?? 0)
            return Array(writtenIDs[writtenFrom[k]..<(k + 1 < writtenFrom.count ? writtenFrom[k + 1] : writtenIDs.count)])
        }
        let c = resumed.state.changes[t]
        return (Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount)).map { Int(resumed.state.entries[$0].id) }
    }

    /// The newest applied version of `id`, unless it is a delete.
    private mutating func live(_ id: Int) -> Version? {
        var p = headOf(id) ?? -1
        while p >= 0, !applied[Int(versions[Int(p)].change)] { p = versions[Int(p)].prev }
        guard p >= 0, !versions[Int(p)].isDelete else { return nil }
        return versions[Int(p)]
    }

    /// The fields of the last applied version of `id` that `device` wrote, as it wrote them;
    /// else the transaction's first version.
    private mutating func lastKnown(_ id: Int, by device: Int) -> [Substring] {
        var p = headOf(id) ?? -1
        var first: Int32 = -1
        while p >= 0 {
            let v = versions[Int(p)]
            if !v.isDelete {
                first = p
                if applied[Int(v.change)], origins[Int(v.change)].device == device { return rawOf[p] ?? fields(v) ?? [] }
            }
            p = v.prev
        }
        return first >= 0 ? fields(versions[Int(first)]) ?? [] : []
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

    /// Checks one device change (in `files[f]`) against the merged history so far and applies
    /// it: what goes into the view (as written, or an edit with other devices' groups kept), or
    /// nil when it is left out (a conflict is recorded).
    private mutating func admit(_ change: DeviceFile.ChangeLines, file f: Int, device: Int, name: String) -> Output? {
        let m = origins.count
        let idsFrom = writtenIDs.count
        let lower = change.lines.lowerBound
        let op = files[f].lines[lower].op
        func leftOut(_ id: Int) -> Output? {
            writtenIDs.removeLast(writtenIDs.count - idsFrom)
            conflicts.append(LedgerConflict(transaction: id, field: "change",
                                            values: [.init(device: name, value: op.name, at: change.number)], kept: ""))
            return nil
        }
        if op == .undo || op == .redo {
            var chosen: [Int] = []
            for k in change.lines {
                let line = files[f].lines[k]
                guard line.hasID, let t = merged(device: device, number: Int64(line.id)),
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
            writtenFrom.append(writtenIDs.count)
            return .rewritten(files[f].records(change).enumerated().map { k, record in
                var r = record
                r[3] = Substring(String(chosen[k] + 1))
                return r
            })
        }
        // A data change: every transaction record checked against the history before it.
        // `out`: the records as they go into the view, split only when an edit keeps a group.
        var out: [[Substring]]?
        admission += 1
        var merges: [(field: String, values: [LedgerConflict.Value], kept: String, id: Int)] = []
        for k in change.lines {
            let line = files[f].lines[k]
            let recordOp = line.op
            guard recordOp == .commit || recordOp == .importBatch || recordOp == .edit || recordOp == .delete else { continue }
            // An import is one change of many records: `seen` keeps its check linear.
            guard line.hasID, line.id > 0, seen.value(line.id) != admission else { return leftOut(0) }
            let id = line.id
            seen.set(id, admission)
            writtenIDs.append(id)
            switch recordOp {
            case .commit, .importBatch:
                if headOf(id) != nil { return leftOut(id) }
            case .edit:
                let record = LedgerMerge.withTarget(files[f].fields(k))
                guard let current = live(id), let now = fields(current).map(LedgerMerge.withTarget), record.count == now.count
                else { return leftOut(id) }
                // What this device last knew of the transaction: the last version it wrote itself
                // (as it wrote it), else the first version. A group equal there is one it did not
                // change: another device's newer value stays.
                let base = LedgerMerge.withTarget(lastKnown(id, by: device))
                guard base.count == now.count else { return leftOut(id) }
                for group in LedgerMerge.groups {
                    let mine = group.fields.map { record[$0] }, theirs = group.fields.map { now[$0] }
                    let old = group.fields.map { base[$0] }
                    guard mine != theirs else { continue }
                    if mine == old {
                        if out == nil { out = files[f].records(change) }
                        out![k - lower] = LedgerMerge.withTarget(out![k - lower])
                        for field in group.fields { out![k - lower][field] = now[field] }
                    } else if theirs != old {
                        let at = origins[Int(current.change)]
                        let said = LedgerMerge.conflicting(group, theirs, mine)
                        merges.append((said.field, [
                            .init(device: deviceName(at.device), value: said.a, at: at.number),
                            .init(device: name, value: said.b, at: change.number),
                        ], said.b, id))
                    }
                }
                if out != nil { out![k - lower] = LedgerMerge.writtenTarget(out![k - lower]) }
            case .delete:
                if live(id) == nil { return leftOut(id) }
            default: break
            }
        }
        for merge in merges {
            conflicts.append(LedgerConflict(transaction: merge.id, field: merge.field, values: merge.values, kept: merge.kept))
        }
        for k in change.lines {
            let line = files[f].lines[k]
            let recordOp = line.op
            guard recordOp == .commit || recordOp == .importBatch || recordOp == .edit || recordOp == .delete, line.hasID else { continue }
            let id = line.id
            var fields = Fields.line(file: Int32(f), line: Int32(k))
            if recordOp == .delete { fields = .deleted }
            if recordOp == .edit, let record = out?[k - lower] {
                let asWritten = files[f].fields(k)
                if asWritten != record {
                    fields = .text(record)
                    rawOf[Int32(versions.count)] = asWritten
                    raws.append(Raw(change: Int32(m), id: id, record: asWritten.joined(separator: "\t")))
                }
            }
            versions.append(Version(change: Int32(m), prev: headOf(id) ?? -1, fields: fields))
            head.set(id, Int32(versions.count - 1))
        }
        applied.append(true)
        isData.append(true)
        writtenFrom.append(idsFrom)
        return out.map { .rewritten($0) } ?? .asWritten
    }

    private var names: [String] = []
    private func deviceName(_ index: Int) -> String { index < names.count ? names[index] : String(index) }

    /// Appends an admitted change of `files[f]` to the view, numbered `number`.
    private mutating func emit(_ output: Output, _ change: DeviceFile.ChangeLines, file f: Int, number: Int64) {
        guard case .asWritten = output else {
            if case .rewritten(let records) = output { emit(records, number: number) }
            return
        }
        // The merged number's digits, and their checksum (LineChecksum).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let digitCount = LedgerMerge.decimal(number, into: &digits)
        let numberCRC = withUnsafeBytes(of: &digits) { CRC32.checksum($0.baseAddress!, count: digitCount) }
        let file = files[f]
        file.buffer.withUnsafeBufferPointer { source in
            let base = source.baseAddress!
            for k in change.lines {
                let line = file.lines[k]
                // Bytes that are not UTF-8 are written as the text reads them (replacement characters).
                guard line.plain else {
                    emit([file.fields(k)], number: number)
                    continue
                }
                // The line after its change number, copied; the merged number before it; its
                // checksum from the line's own, verified on reading (LineChecksum).
                let restFrom = line.start + Int(line.numberLength), restTo = line.start + Int(line.length)
                let stored = parseHex(base + line.start - RecordLine.bodyOffset)!
                let written = CRC32.checksum(base + line.start, count: Int(line.numberLength))
                let crc = LineChecksum.replacingPrefix(of: stored, old: written, new: numberCRC, restCount: restTo - restFrom)
                let at = bytes.count
                bytes.append(contentsOf: LedgerMerge.checksumSlot)
                withUnsafeBytes(of: &digits) { bytes.append(contentsOf: $0.prefix(digitCount)) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[restFrom..<restTo]))
                bytes.withUnsafeMutableBufferPointer { LedgerMerge.writeHex(crc, to: $0.baseAddress! + at) }
                bytes.append(RecordCodec.newline)
                // A big change is handed on as it is copied (`flush`).
                if bytes.count >= flushAt, flush != nil { flushBytes(complete: false) }
            }
        }
    }

    /// `number`'s decimal digits (as `String(number)` writes them) at the start of `out`; their count.
    private static func decimal(_ number: Int64, into out: inout (UInt64, UInt64, UInt64)) -> Int {
        withUnsafeMutableBytes(of: &out) { raw in
            var text = String(number)
            return text.withUTF8 { utf8 in
                raw.copyMemory(from: UnsafeRawBufferPointer(utf8))
                return utf8.count
            }
        }
    }

    /// Where a copied line's checksum goes, and the tab after it.
    private static let checksumSlot: [UInt8] = Array(repeating: UInt8(ascii: "0"), count: 8) + [RecordCodec.tab]

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

    /// The eight hex digits of `crc` at `p`, as `hex` writes them.
    @inline(__always)
    private static func writeHex(_ crc: UInt32, to p: UnsafeMutablePointer<UInt8>) {
        for k in 0..<8 {
            let digit = UInt8((crc >> UInt32(28 - 4 * k)) & 0xF)
            p[k] = digit < 10 ? 48 + digit : 87 + digit
        }
    }
}
