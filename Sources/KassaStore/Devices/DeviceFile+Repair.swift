// DeviceFile+Repair: `kassa repair` of this device's own journal in a ledger folder. Only its own
// device ever writes a device file (LedgerMerge: THE FOLDER), so repair is offered for that one
// file; another device's damaged file is reported, to be repaired on that device.
//
// A device file cannot be repaired as a single journal is (Journal.repair): its changes edit,
// delete and undo transactions of OTHER devices' files, which a replay of this file alone would
// refuse and move aside. So the repair here is by structure only — exactly what DeviceFile reads:
// every whole change (all its parts, checksums holding, its number above the previous kept one,
// every record one the journal reads: DeviceFile+Refusal.swift) is kept as it is, wherever it is
// in the file, damage before it or not — exactly what DeviceFile reads; whether a change applies
// is the merge's business (a change that no longer applies is left out of the view and listed by
// `conflicts`, never erased). Everything else goes aside as Journal.repair does it: the lines to
// `PATH.damaged-N`, those that still decode as transactions to `PATH.damaged-N.jsonl` for
// `kassa import`, and the kept bytes replace the file atomically (temporary, fsync, rename, fsync
// of the folder), under the file's lock so no save of this device interleaves. A torn tail (a save
// killed before it was whole, never acknowledged) is one `incomplete` problem, moved aside whole.
// A clean file is left untouched: a sync tool then has nothing new to carry.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

extension DeviceFile {
    /// Repairs the device file at `path` (this device's own): see the top of this file.
    public static func repair(path: String) throws -> CheckReport {
        try repair(path: path, syncFolder: { JournalFile.syncDirectory(of: $0) })
    }

    /// `repair`, with the folder's fsync given (a test's fault seam, as for Journal.repair).
    static func repair(path: String, syncFolder: (String) -> Int32?) throws -> CheckReport {
        try JournalRecovery.repairFile(path: path, syncFolder: syncFolder) { bytes in
            if let problem = JournalState.checkHeader(bytes) { throw StoreError(problem, path: path, record: 1) }
            let sorted = sortLines(bytes)
            let name = JournalRecovery.split(path).name
            let read = try DeviceFile(name: String(name.dropLast(DeviceName.suffix.count)), path: path, bytes: sorted.kept)
            // Changes as `kassa devices` counts them: the one naming the device is not part of the history.
            var report = CheckReport(path: path, lines: sorted.lines, changes: read.changes.filter { !read.isIdentity($0) }.count,
                                     transactions: read.transactionCount, problems: sorted.problems, side: nil)
            report.moved = sorted.moved
            return (report, sorted.kept, sorted.damaged, sorted.reimportable)
        }
    }

    /// Transactions this file wrote (commits and imports), as `kassa devices` counts them.
    var transactionCount: Int {
        lines.reduce(0) { $0 + ($1.op == .commit || $1.op == .importBatch ? 1 : 0) }
    }

    /// What repair keeps and moves aside.
    struct SortedLines {
        var kept: [UInt8]
        var damaged: [UInt8] = []
        var reimportable: [String] = []
        var problems: [JournalProblem] = []
        var moved = 0
        var lines = 1
    }

    /// Splits a device file (its header intact) into whole changes, kept in order, and the rest.
    static func sortLines(_ bytes: [UInt8]) -> SortedLines {
        let headerEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        // The header as this version writes it (a CRLF header becomes LF), as Journal.repair does.
        var out = SortedLines(kept: RecordCodec.header)
        let lines = RecoveryLine.split(bytes, from: headerEnd, firstLine: 2)
        out.lines = 1 + lines.count
        func moveAside(_ group: [RecoveryLine], _ kind: JournalProblem.Kind, detail: String = "") {
            guard let first = group.first else { return }
            out.problems.append(JournalProblem(line: first.number, kind: kind, detail: detail,
                                               bytes: group.reduce(0) { $0 + $1.range.count }))
            for line in group {
                out.damaged += bytes[line.range]
                out.moved += 1
                if let json = line.reimportableJSON(in: bytes) { out.reimportable.append(json) }
            }
        }
        var last: Int64 = 0
        var scratch = JournalState()
        /// Why the journal would refuse the change of these lines (nil: it reads it).
        func refusal(_ group: ArraySlice<RecoveryLine>) -> String? {
            bytes.withUnsafeBufferPointer { b -> String? in
                var first: RecordOp?
                for line in group {
                    let body = line.range.lowerBound + RecordLine.bodyOffset
                    switch DeviceFile.verdict(b.baseAddress!, from: body, to: line.bodyEnd!, scratch: &scratch) {
                    case .refused(let detail): return detail
                    case .reads(let op):
                        if let first, DeviceFile.mixedParts(first, op) { return "parts" }
                        if first == nil { first = op }
                    }
                }
                return nil
            }
        }
        var k = 0
        while k < lines.count {
            let first = lines[k]
            guard let head = first.record else {
                moveAside([first], first.terminated ? .checksum : .incomplete)
                k += 1
                continue
            }
            guard head.part == 1 else {
                // A part whose change has no first part before it.
                moveAside([first], .incomplete, detail: String(head.change))
                k += 1
                continue
            }
            // Parts 2, 3 … of this change, in order, right after it: what DeviceFile reads as one change.
            var j = k + 1
            while j < lines.count, j - k < head.parts, let record = lines[j].record, record.change == head.change,
                  record.part == j - k + 1, record.parts == head.parts {
                j += 1
            }
            let group = Array(lines[k..<j])
            if j - k < head.parts {
                // A change some of whose parts are missing or damaged: never whole, so never read.
                // At the very end (at most a cut-short line after it) it is a torn tail: one problem.
                let cut = j == lines.count - 1 && lines[j].record == nil && !lines[j].terminated
                moveAside(group + (cut ? [lines[j]] : []), .incomplete, detail: String(head.change))
                k = j + (cut ? 1 : 0)
                continue
            }
            guard head.change > last else {
                // Out of order: DeviceFile leaves it out, and the clock never goes back.
                moveAside(group, .refused, detail: "change-number")
                k = j
                continue
            }
            if let detail = refusal(lines[k..<j]) {
                // A whole change the journal does not read: DeviceFile leaves it out too.
                moveAside(group, .refused, detail: detail)
                k = j
                continue
            }
            for line in group {
                out.kept += bytes[line.range.lowerBound..<line.bodyEnd!]
                out.kept.append(RecordCodec.newline)
            }
            last = head.change
            k = j
        }
        return out
    }
}
