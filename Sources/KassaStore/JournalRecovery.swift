// JournalRecovery: `kassa check` and `kassa repair`, and the side files damaged bytes go to.
//
// check reads the journal (shared lock, changes nothing) and replays it tolerantly: a line whose
// checksum fails, a multi-part change with parts missing, or a change the replay refuses (it
// names an id that does not exist, say) is a problem, reported with its line number; every other
// change is kept. repair does the same under the exclusive lock, writes the kept lines to a
// temporary file, fsyncs it, renames it over the journal and fsyncs the directory (atomic: a
// crash leaves either the old or the new file), after moving the problem lines to
// `PATH.damaged-N`. Other processes notice the replaced file (inode) at their next lock.

#if canImport(Glibc)
import Glibc
#endif

enum JournalRecovery {
    /// `PATH.torn-1`, `PATH.torn-2` ...: the first that does not exist yet.
    static func freeSidePath(for path: String, stem: String = "torn") -> String {
        var n = 1
        while JournalFile.exists("\(path).\(stem)-\(n)") { n += 1 }
        return "\(path).\(stem)-\(n)"
    }

    struct Replay {
        var state: JournalState
        var kept: [UInt8]
        var damaged: [UInt8]
        var problems: [JournalProblem]
        var lines: Int
    }

    /// Replays `bytes` keeping every change that is whole and applies.
    static func replay(_ bytes: [UInt8], path: String) throws -> Replay {
        if let problem = JournalState.checkHeader(bytes) { throw StoreError(problem, path: path, record: 1) }
        let headerEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        var state = JournalState()
        state.bytes = Array(bytes[0..<headerEnd])
        state.validEnd = headerEnd
        state.nextLine = 2
        var damaged: [UInt8] = []
        var problems: [JournalProblem] = []
        // Split into lines (the last may lack its newline) with their line numbers.
        var lines: [(range: Range<Int>, number: Int)] = []
        var start = headerEnd
        var number = 2
        while start < bytes.count {
            let lf = bytes[start...].firstIndex(of: RecordCodec.newline)
            lines.append(((start..<(lf.map { $0 + 1 } ?? bytes.count)), number))
            number += 1
            start = (lf ?? bytes.count - 1) + 1
        }
        var k = 0
        while k < lines.count {
            let (range, lineNumber) = lines[k]
            let line = Array(bytes[range])
            guard let (change, parts) = header(of: line) else {
                let kind: JournalProblem.Kind = line.last == RecordCodec.newline ? .checksum : .incomplete
                problems.append(JournalProblem(line: lineNumber, kind: kind, detail: "", bytes: line.count))
                damaged += line
                k += 1
                continue
            }
            // Collect the change's parts: consecutive lines with the same number.
            var group = [k]
            while group.count < parts, k + group.count < lines.count,
                  let (next, _) = header(of: Array(bytes[lines[k + group.count].range])), next == change {
                group.append(k + group.count)
            }
            let groupBytes = group.flatMap { Array(bytes[lines[$0].range]) }
            if group.count < parts {
                problems.append(JournalProblem(line: lineNumber, kind: .incomplete, detail: String(change),
                                               bytes: groupBytes.count))
                damaged += groupBytes
            } else {
                let before = state.bytes.count
                state.bytes += groupBytes
                let outcome = state.ingest()
                if outcome != .clean {
                    var detail = "record"
                    if case .corrupt(_, let word) = outcome { detail = word }
                    state.bytes.removeLast(state.bytes.count - before)
                    problems.append(JournalProblem(line: lineNumber, kind: .refused, detail: detail,
                                                   bytes: groupBytes.count))
                    damaged += groupBytes
                }
            }
            k += group.count
        }
        return Replay(state: state, kept: state.bytes, damaged: damaged, problems: problems, lines: number - 1)
    }

    /// (change number, parts) of a line whose checksum holds and which ends in a newline.
    private static func header(of line: [UInt8]) -> (Int64, Int)? {
        guard line.count > 10, line.last == RecordCodec.newline, line[8] == RecordCodec.tab else { return nil }
        return line.withUnsafeBufferPointer { b -> (Int64, Int)? in
            let p = b.baseAddress!
            guard let stored = parseHex(p), stored == CRC32.checksum(UnsafeRawPointer(p + 9), count: b.count - 10) else {
                return nil
            }
            let body = b[9..<(b.count - 1)]
            let fields = body.split(separator: RecordCodec.tab, maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3 else { return nil }
            let partText = fields[1]
            guard let slash = partText.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            func number(_ s: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
                guard !s.isEmpty else { return nil }
                return RecordCodec.parseUInt(p + s.startIndex, s.count)
            }
            guard let change = number(fields[0]), let parts = number(partText[(slash + 1)...]), parts >= 1 else { return nil }
            return (change, Int(parts))
        }
    }
}

extension Journal {
    /// Reads the journal at `path` and reports every problem; changes nothing.
    public static func check(path: String) throws -> CheckReport {
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        var bytes: [UInt8] = []
        defer { file.unlock() }
        try file.read(from: 0, into: &bytes)
        if bytes.isEmpty { bytes = RecordCodec.header }
        let replay = try JournalRecovery.replay(bytes, path: path)
        return CheckReport(path: path, lines: replay.lines, changes: replay.state.changes.count,
                           transactions: replay.state.liveCount, problems: replay.problems, side: nil)
    }

    /// Moves every damaged or unappliable record to `PATH.damaged-N` and atomically replaces the
    /// journal with the intact ones. A clean journal is left untouched.
    public static func repair(path: String) throws -> CheckReport {
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        defer { file.unlock() }
        guard file.writable else { throw StoreError(.readOnly, path: path) }
        var bytes: [UInt8] = []
        try file.read(from: 0, into: &bytes)
        if bytes.isEmpty { bytes = RecordCodec.header }
        let replay = try JournalRecovery.replay(bytes, path: path)
        var report = CheckReport(path: path, lines: replay.lines, changes: replay.state.changes.count,
                                 transactions: replay.state.liveCount, problems: replay.problems, side: nil)
        guard !replay.problems.isEmpty else { return report }
        let side = JournalRecovery.freeSidePath(for: path, stem: "damaged")
        try JournalFile.writeNewFile(side, replay.damaged)
        try JournalFile.replaceAtomically(path, with: replay.kept, stem: "repairing")
        report.side = side
        return report
    }
}
