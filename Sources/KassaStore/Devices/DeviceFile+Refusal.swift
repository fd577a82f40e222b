// DeviceFile+Refusal: which whole changes of a device file this version's journal would refuse to
// read — a record whose checksum holds but whose fields the journal does not read (a currency it
// does not know, a transaction type or record kind from a newer kassa, an amount out of bounds),
// or a change mixing undo or redo with other records. The merged view is an ordinary journal
// (LedgerMerge): one such record copied into it would make the whole ledger unreadable on every
// device. A refused change is left out of the merge instead and kept in `damage` by line, as a
// damaged one is: every command says the ledger is incomplete and `kassa check` names the line.
//
// The check is the journal's own reader (JournalState.parseRecord) on the line's fields. Checking
// every line costs about what reading the journal costs, so a first open of a folder does not:
// the view's reader finds a refused line as it reads the view (LedgerViewRead), and only then is
// that device's file checked whole (Ledger.rebuild). Changes read on from a mark (a few new ones),
// `kassa check` and `kassa repair` check every line they read.

import KassaCore

extension DeviceFile {
    /// What the journal makes of one record line.
    enum Verdict: Equatable {
        /// It reads the line, as a record of this op.
        case reads(RecordOp)
        /// It refuses it; the detail names what (as the journal's "damaged at line N (detail)" does).
        case refused(String)
    }

    /// The journal's verdict on the record body `base[from..<to]` (after `CRC<TAB>`, before the
    /// line ending; its checksum already verified). `scratch`: a state the parser may fill
    /// (currencies and labels met), kept from line to line.
    static func verdict(_ base: UnsafePointer<UInt8>, from: Int, to: Int, scratch: inout JournalState) -> Verdict {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds in
            let fields = bounds.baseAddress!
            guard let n = RecordFields.split(base, from: from, to: to, into: fields), n >= 3 else { return .refused("fields") }
            let partAt = fields[2 * RecordField.part.rawValue], opAt = fields[2 * RecordField.op.rawValue]
            guard RecordFields.parsePart(base + partAt, fields[2 * RecordField.part.rawValue + 1] - partAt) != nil,
                  let op = RecordOp.parse(base + opAt, fields[2 * RecordField.op.rawValue + 1] - opAt) else { return .refused("record") }
            guard scratch.parseRecord(op: op, base: base, fields: fields, count: n, offset: 0) != nil else {
                return .refused(JournalState.invalidField(op: op, base: base, fields: fields, count: n))
            }
            return .reads(op)
        }
    }

    /// Why the journal would refuse a change of these ops, read in order (nil: it reads them):
    /// undo and redo changes hold only their own kind, and a data change holds no undo or redo.
    static func mixedParts(_ first: RecordOp, _ op: RecordOp) -> Bool {
        op.isData != first.isData || (!op.isData && op != first)
    }

    /// Leaves out every change from index `first` of `changes` on that the journal would refuse
    /// (see the top of this file).
    mutating func leaveOutRefused(from first: Int = 0) {
        guard first < changes.count else { return }
        var scratch = JournalState()
        var kept: [ChangeLines] = []
        kept.reserveCapacity(changes.count - first)
        var refusedAny = false
        buffer.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            for change in changes[first...] {
                var refused: (line: Int, detail: String)?
                var firstOp: RecordOp?
                for k in change.lines {
                    let line = lines[k]
                    switch DeviceFile.verdict(base, from: line.start, to: line.start + Int(line.length), scratch: &scratch) {
                    case .refused(let detail):
                        refused = (Int(line.number), detail)
                    case .reads(let op):
                        if let firstOp, DeviceFile.mixedParts(firstOp, op) { refused = (Int(line.number), "parts") }
                        if firstOp == nil { firstOp = op }
                    }
                    if refused != nil { break }
                }
                if let refused {
                    damage.append(DeviceDamage(line: refused.line, count: change.lines.count, kind: .refused, detail: refused.detail))
                    refusedAny = true
                } else {
                    kept.append(change)
                }
            }
        }
        guard refusedAny else { return }
        changes.replaceSubrange(first..., with: kept)
        damage.sort { $0.line < $1.line }
    }

    /// Leaves out the change numbered `number` (the journal refused its line `part`, 0-based,
    /// for `detail`). False when the file has no such change.
    mutating func leaveOut(change number: Int64, part: Int, detail: String) -> Bool {
        guard let k = changeIndex(number) else { return false }
        let change = changes.remove(at: k)
        let line = lines[change.lines.lowerBound + min(part, change.lines.count - 1)]
        damage.append(DeviceDamage(line: Int(line.number), count: change.lines.count, kind: .refused, detail: detail))
        damage.sort { $0.line < $1.line }
        return true
    }

    /// The index in `changes` of the change numbered `number`.
    func changeIndex(_ number: Int64) -> Int? {
        var lo = 0, hi = changes.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if changes[mid].number == number { return mid }
            if changes[mid].number < number { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }
}
