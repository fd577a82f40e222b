// JournalRecovery: `kassa check` and `kassa repair`, and the side files damaged bytes go to.
//
// check reads the journal (shared lock, changes nothing) and replays it tolerantly (see `replay`):
// a line whose checksum fails, a change with parts missing or damaged, or a record the replay
// refuses (an amount out of bounds, an id that does not exist) is a problem, reported with its
// line number; every record whose checksum holds and that applies is kept. repair does the same
// under the exclusive lock, writes the kept records to a temporary file (`.repairing-N`, beside the
// real file when the journal is a symlink, with the old file's owner and mode), fsyncs it, renames
// it over the real file and fsyncs the directory (atomic: a crash leaves either the old or the new
// file; a stale temporary is removed by the next open or repair), after moving the problem lines
// to `PATH.damaged-N` and the moved transactions that still decode to `PATH.damaged-N.jsonl`, for
// `kassa import`. Other processes notice the replaced file (inode) at their next lock. Side files
// keep ids and change numbers reserved: the journal never hands them out again.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

enum JournalRecovery {
    /// `PATH.torn-1`, `PATH.torn-2` ...: the first that does not exist yet.
    static func freeSidePath(for path: String, stem: String = "torn") -> String {
        var n = 1
        while JournalFile.exists("\(path).\(stem)-\(n)") { n += 1 }
        return "\(path).\(stem)-\(n)"
    }

    // MARK: what a side file or a temporary left behind

    /// Removes `.repairing-N` files a killed repair left beside the journal (or beside the file
    /// a symlinked journal points to). Call with the journal's lock held: a live repair holds it
    /// while its temporary exists, so any found now is stale.
    static func removeStaleTemporaries(of path: String) {
        for target in Set([path, resolved(path)]) {
            let (directory, name) = split(target)
            guard let dir = opendir(directory) else { continue }
            defer { closedir(dir) }
            let prefix = name + ".repairing-"
            while let entry = readdir(dir) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard entryName.hasPrefix(prefix), entryName.count > prefix.count,
                      entryName.dropFirst(prefix.count).allSatisfy(\.isNumber) else { continue }
                unlink(directory + "/" + entryName)
            }
        }
    }

    /// The highest transaction id and change number in the journal's side files (`.torn-N`,
    /// `.damaged-N`), counting only lines whose checksum holds: ids and change numbers that were
    /// ever written are never handed out again, even after repair moved their records aside.
    static func highestInSideFiles(of path: String) -> (id: Int, number: Int64) {
        var id = 0
        var number: Int64 = 0
        for stem in ["torn", "damaged"] {
            var n = 1
            while JournalFile.exists("\(path).\(stem)-\(n)") {
                if let bytes = readWholeFile("\(path).\(stem)-\(n)") {
                    let found = highest(in: bytes)
                    id = max(id, found.id)
                    number = max(number, found.number)
                }
                n += 1
            }
        }
        return (id, number)
    }

    /// The highest id and change number among the checksum-valid record lines of `bytes`.
    static func highest(in bytes: [UInt8]) -> (id: Int, number: Int64) {
        var id = 0
        var number: Int64 = 0
        for line in RecoveryLine.split(bytes, firstLine: 1) {
            guard let record = line.record else { continue }
            number = max(number, record.change)
            if let found = record.transactionID, found < JournalState.maxIDAllowed { id = max(id, Int(found)) }
        }
        return (id, number)
    }

    static func readWholeFile(_ path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? out : nil }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// The file a (possibly symlinked) journal path ends at; `path` itself when it resolves to nothing.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    // MARK: replay

    struct Replay {
        var state: JournalState
        var kept: [UInt8]
        var damaged: [UInt8]
        /// The damaged transaction records that still decode, as `kassa import` JSON lines.
        var reimportable: [String]
        /// Lines moved to `damaged` (every line counts once).
        var movedLines: Int
        var problems: [JournalProblem]
        var lines: Int
    }

    /// Replays `bytes` keeping every record whose checksum holds and that applies:
    /// - a whole change that applies is kept as it is (a CRLF line ending becomes LF);
    /// - a change whose parts are not all intact (one damaged, some missing) keeps its intact
    ///   parts as a change of their own (same number, parts renumbered), reported as `partial`;
    /// - an incomplete change at the very end — its missing parts never written, at most a last
    ///   cut-short line after it — is a torn tail: a write that was never acknowledged, moved
    ///   aside whole (`incomplete`), so an import killed midway stays all-or-nothing;
    /// - a line whose checksum fails is moved aside (`checksum`); a change the replay refuses
    ///   loses only the record named (a bad amount or date), or the whole change when it is the
    ///   change itself that cannot apply (`refused`).
    static func replay(_ bytes: [UInt8], path: String) throws -> Replay {
        if let problem = JournalState.checkHeader(bytes) { throw StoreError(problem, path: path, record: 1) }
        // The common case first: an intact journal replays in place, with no second copy of it
        // (check of a 2 GB journal must not need 4 GB).
        var clean = JournalState()
        clean.bytes = bytes
        clean.validEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        clean.nextLine = 2
        if clean.ingest() == .clean {
            let lines = bytes.withUnsafeBufferPointer { b in
                var count = 0, pos = 0
                while pos < b.count, let lf = memchrLF(b.baseAddress! + pos, b.count - pos) { count += 1; pos = lf - b.baseAddress! + 1 }
                return count
            }
            return Replay(state: clean, kept: bytes, damaged: [], reimportable: [], movedLines: 0, problems: [], lines: lines)
        }
        let headerEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        var state = JournalState()
        // The header as written by this version (a CRLF header becomes LF).
        state.bytes = RecordCodec.header
        state.validEnd = state.bytes.count
        state.nextLine = 2
        var out = Replay(state: state, kept: [], damaged: [], reimportable: [], movedLines: 0, problems: [], lines: 1)
        let lines = RecoveryLine.split(bytes, from: headerEnd, firstLine: 2)
        out.lines = 1 + lines.count
        // nextIntact[j]: the first line at or after j whose checksum holds (lines.count if none).
        var nextIntact = [Int](repeating: lines.count, count: lines.count + 1)
        for j in stride(from: lines.count - 1, through: 0, by: -1) {
            nextIntact[j] = lines[j].record != nil ? j : nextIntact[j + 1]
        }
        func moveAside(_ line: RecoveryLine, _ kind: JournalProblem.Kind, detail: String = "") {
            out.problems.append(JournalProblem(line: line.number, kind: kind, detail: detail, bytes: line.range.count))
            out.damaged += bytes[line.range]
            out.movedLines += 1
            if let json = line.reimportableJSON(in: bytes) { out.reimportable.append(json) }
        }
        var k = 0
        while k < lines.count {
            let first = lines[k]
            guard let head = first.record else {
                moveAside(first, first.terminated ? .checksum : .incomplete)
                k += 1
                continue
            }
            // The change's parts: the intact lines with its number, and the damaged lines between them.
            var members = [k]
            var inside: [Int] = []
            var j = k + 1
            while j < lines.count, members.count < head.parts {
                if let record = lines[j].record {
                    guard record.change == head.change else { break }
                    members.append(j)
                    j += 1
                } else {
                    let next = nextIntact[j]
                    guard next < lines.count, lines[next].record!.change == head.change else { break }
                    inside.append(contentsOf: j..<next)
                    j = next
                }
            }
            let whole = members.count == head.parts && inside.isEmpty
                && members.enumerated().allSatisfy { lines[$1].record!.part == $0 + 1 && lines[$1].record!.parts == head.parts }
            // Torn: parts 1...m in order and nothing after them but, perhaps, one last cut-short line.
            let rest = lines.count - j
            let torn = !whole && inside.isEmpty
                && members.enumerated().allSatisfy { lines[$1].record!.part == $0 + 1 }
                && (rest == 0 || (rest == 1 && lines[j].record == nil))
            if torn {
                // The change's parts and the cut-short line after them are one torn tail: one
                // problem, not two.
                let cut = rest == 1 && !lines[j].terminated
                let group = members.map { lines[$0] } + (cut ? [lines[j]] : [])
                out.problems.append(JournalProblem(line: first.number, kind: .incomplete, detail: String(head.change),
                                                   bytes: group.reduce(0) { $0 + $1.range.count }))
                for line in group {
                    out.damaged += bytes[line.range]
                    out.movedLines += 1
                }
                k = j + (cut ? 1 : 0)
                continue
            }
            for index in inside { moveAside(lines[index], lines[index].terminated ? .checksum : .incomplete) }
            var keep = members
            var renumber = !whole
            // Apply; a record the replay names as bad (its amount, its date ...) goes aside and
            // the rest is tried again as a change of its own.
            while !keep.isEmpty {
                let before = out.state.bytes.count
                var writer = LineWriter()
                for (i, index) in keep.enumerated() {
                    let line = lines[index]
                    if renumber {
                        writer.begin(change: head.change, part: i + 1, of: keep.count)
                        writer.out += bytes[line.record!.afterPart..<line.bodyEnd!]
                        writer.end()
                    } else {
                        writer.out += bytes[line.range.lowerBound..<line.bodyEnd!]
                        writer.out.append(RecordCodec.newline)
                    }
                }
                out.state.bytes += writer.out
                out.state.nextLine = 0  // so a refused line's number is its index in `keep`
                let outcome = out.state.ingest()
                if outcome == .clean {
                    if renumber {
                        out.problems.append(JournalProblem(line: first.number, kind: .partial, detail: String(head.change),
                                                           bytes: keep.count))
                    }
                    break
                }
                out.state.bytes.removeLast(out.state.bytes.count - before)
                out.state.validEnd = before
                guard case .corrupt(let at, let detail) = outcome else {
                    for index in keep { moveAside(lines[index], .refused, detail: "record") }
                    break
                }
                let applyWords: Set<String> = ["change-number", "duplicate-id", "id-reused", "no-such-transaction",
                                               "target", "conflict", "record", "parts", "fields"]
                if keep.count > 1, at >= 0, at < keep.count, !applyWords.contains(detail) {
                    moveAside(lines[keep[at]], .refused, detail: detail)
                    keep.remove(at: at)
                    renumber = true
                } else {
                    for index in keep { moveAside(lines[index], .refused, detail: detail) }
                    keep.removeAll()
                }
            }
            k = j
        }
        out.kept = out.state.bytes
        return out
    }
}

/// One line of a journal as recovery sees it: where it is, and — when its checksum holds — the
/// CHANGE and PART/PARTS of its record.
struct RecoveryLine {
    struct Record {
        var change: Int64
        var part: Int
        var parts: Int
        /// Where `<TAB>OP...` starts (after PART/PARTS).
        var afterPart: Int
        var opStart: Int

        /// The id of a commit, import, edit or delete record (nil for any other op).
        var transactionID: Int64?
    }

    var range: Range<Int>
    var number: Int
    var terminated: Bool
    /// End of the body (before CR LF) when the checksum holds.
    var bodyEnd: Int?
    var record: Record?

    static func split(_ bytes: [UInt8], from start: Int = 0, firstLine: Int) -> [RecoveryLine] {
        var out: [RecoveryLine] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var pos = start
            var number = firstLine
            while pos < buffer.count {
                let lf = memchrLF(base + pos, buffer.count - pos).map { $0 - base }
                var line = RecoveryLine(range: pos..<(lf.map { $0 + 1 } ?? buffer.count), number: number,
                                        terminated: lf != nil, bodyEnd: nil, record: nil)
                if let lf, let end = RecordLine.verifiedEnd(base, start: pos, lf: lf) {
                    line.bodyEnd = end
                    line.record = header(base, from: pos + RecordLine.bodyOffset, to: end)
                }
                out.append(line)
                pos = line.range.upperBound
                number += 1
            }
        }
        return out
    }

    /// CHANGE<TAB>PART/PARTS<TAB>OP of a verified body, split by the one splitter (RecordFields).
    private static func header(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Record? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds -> Record? in
            let fields = bounds.baseAddress!
            guard let n = RecordFields.split(base, from: start, to: end, into: fields),
                  let (change, part, parts) = RecordFields.changeAndPart(base, fields: fields, count: n),
                  parts < Int(Int32.max) else { return nil }
            let op = RecordField.op.rawValue, id = RecordField.arguments.rawValue
            var record = Record(change: change, part: part, parts: parts, afterPart: fields[2 * RecordField.part.rawValue + 1], opStart: fields[2 * op],
                                transactionID: nil)
            if n > id, let kind = RecordOp.parse(base + fields[2 * op], fields[2 * op + 1] - fields[2 * op]),
               [RecordOp.commit, .importBatch, .edit, .delete].contains(kind) {
                record.transactionID = RecordCodec.parseUInt(base + fields[2 * id], fields[2 * id + 1] - fields[2 * id])
            }
            return record
        }
    }

    /// The line as a `kassa import` JSON line, when it is a transaction record whose fields still
    /// decode (checksum or not): what a person can re-import after checking it. Written by the one
    /// JSON-lines writer (KassaCore's JSONLinesWriter, what `list --json` and export write).
    func reimportableJSON(in bytes: [UInt8]) -> String? {
        reimportableTransaction(in: bytes).map { JSONLinesWriter.object($0) }
    }

    /// The transaction a damaged line still holds, decoded field by field as the reader would.
    func reimportableTransaction(in bytes: [UInt8]) -> Transaction? {
        var end = range.upperBound
        if terminated { end -= 1 }
        if end > range.lowerBound, bytes[end - 1] == 13 { end -= 1 }
        let body = range.lowerBound + RecordLine.bodyOffset
        guard end > body, bytes[body - 1] == RecordCodec.tab,
              let fields = RecordFields.ranges(in: bytes, body: body..<end) else { return nil }
        typealias F = RecordArgument
        guard let slots = RecordTail.slots(lineCount: fields.count) else { return nil }
        let op = bytes[fields[RecordField.op.rawValue]]
        guard [RecordOp.commit, .importBatch, .edit].contains(where: { RecordOp.names[Int($0.rawValue)].elementsEqual(op) }) else {
            return nil
        }
        func text(_ f: F) -> String { RecordCodec.unescape(bytes[fields[f.lineIndex]]) }
        func optional(_ f: F) -> String? { fields[f.lineIndex].isEmpty ? nil : text(f) }
        /// A field parsed by one of RecordCodec's byte parsers; nil for an empty field.
        func parsed<T>(_ f: F, _ parse: (UnsafePointer<UInt8>, Int) -> T?) -> T? {
            let raw = Array(bytes[fields[f.lineIndex]])
            return raw.withUnsafeBufferPointer { b in b.isEmpty ? nil : parse(b.baseAddress!, b.count) }
        }
        guard let currency = Currency(code: text(.currency)), currency.code == text(.currency),
              let type = TransactionType(rawValue: text(.type)),
              let minor = parsed(.amount, { RecordCodec.parseAmount($0, $1, digits: currency.minorDigits) }),
              let days = parsed(.date, RecordCodec.parseDate),
              let id = parsed(.id, RecordCodec.parseUInt) else { return nil }
        let time = parsed(.time, RecordCodec.parseTime)
        if !fields[F.time.lineIndex].isEmpty, time == nil { return nil }
        let recurrence = optional(.recurrence).flatMap(Recurrence.init(rawValue:))
        if !fields[F.recurrence.lineIndex].isEmpty, recurrence == nil { return nil }
        var t = Transaction(id: Int(id), type: type, amount: Money(minorUnits: minor, currency: currency),
                            date: CivilDate(daysSinceEpoch: Int(days)), time: time, category: optional(.category),
                            account: optional(.account), toAccount: optional(.toAccount), note: text(.note),
                            recurrence: recurrence, input: text(.input))
        // The optional pairs (an exchange's target, a charged amount), decoded as strictly as the
        // amount; an empty pair only before a kept one.
        for slot in 0..<slots {
            let a = Array(bytes[fields[RecordTail.lineIndex(slot)]]), c = Array(bytes[fields[RecordTail.lineIndex(slot) + 1]])
            if slot < slots - 1, a.isEmpty, c.isEmpty { continue }
            let value = a.withUnsafeBufferPointer { a in
                c.withUnsafeBufferPointer { c -> Money? in
                    guard let amount = a.baseAddress, let currency = c.baseAddress else { return nil }
                    return RecordTail.money(amount, a.count, currency, c.count)
                }
            }
            guard let value else { return nil }
            RecordTail.place(value, slot: slot, in: &t)
        }
        return t
    }
}

extension Journal {
    /// Reads the journal at `path` and reports every problem; changes nothing.
    public static func check(path: String) throws -> CheckReport {
        try check(path: path, shedFrom: ByteShedder.minimumBytes)
    }

    /// `check`, giving back what it parsed of an intact journal from `shedFrom` bytes on (tests: small ones too).
    static func check(path: String, shedFrom: Int) throws -> CheckReport {
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        var bytes: [UInt8] = []
        defer { file.unlock() }
        try file.read(from: 0, into: &bytes)
        if bytes.isEmpty { bytes = RecordCodec.header }
        if JournalState.checkHeader(bytes) == nil {
            // An intact journal, the common case, is read as a first open reads it: a big one gives
            // back what it parsed as it goes (JournalState+Shedding.swift), so `check` of a 3 GB
            // journal needs the file, not the file and its rows. Anything else is replayed below.
            var state = JournalState()
            state.validEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
            state.nextLine = 2
            swap(&state.bytes, &bytes)
            if state.ingestShedding(from: shedFrom).0 == .clean {
                return CheckReport(path: path, lines: state.nextLine - 1, changes: state.changes.count,
                                   transactions: state.liveCount, problems: [], side: nil)
            }
            if !state.hole.isEmpty { _ = file.fill(&state.bytes, state.hole) }
            swap(&state.bytes, &bytes)
        }
        let replay = try JournalRecovery.replay(bytes, path: path)
        return CheckReport(path: path, lines: replay.lines, changes: replay.state.changes.count,
                           transactions: replay.state.liveCount, problems: replay.problems, side: nil)
    }

    /// Moves every damaged or unappliable record to `PATH.damaged-N` (and those that still decode
    /// to `PATH.damaged-N.jsonl`, ready for `kassa import`) and atomically replaces the journal
    /// with the intact ones. A clean journal is left untouched. A symlinked journal is written
    /// through to the file it points to; the file keeps its owner and mode.
    public static func repair(path: String) throws -> CheckReport {
        try repair(path: path, syncFolder: { JournalFile.syncDirectory(of: $0) })
    }

    /// `repair`, with the folder's fsync given (tests make it fail: the repair must say so).
    static func repair(path: String, syncFolder: (String) -> Int32?) throws -> CheckReport {
        try JournalRecovery.repairFile(path: path, syncFolder: syncFolder) { bytes in
            let replay = try JournalRecovery.replay(bytes, path: path)
            var report = CheckReport(path: path, lines: replay.lines, changes: replay.state.changes.count,
                                     transactions: replay.state.liveCount, problems: replay.problems, side: nil)
            report.moved = replay.movedLines
            return (report, replay.kept, replay.damaged, replay.reimportable)
        }
    }
}

extension JournalRecovery {
    /// A file's repair, whatever decides what is kept: locks the file, reads it (an empty one as a
    /// bare header), lets `sort` split it into the bytes kept and those moved aside with its
    /// report, and when there are problems writes them to `PATH.damaged-N` (and those that still
    /// decode to `PATH.damaged-N.jsonl`) and atomically replaces the file. A clean file is left
    /// untouched. Journal.repair and DeviceFile.repair both come here.
    static func repairFile(path: String, syncFolder: (String) -> Int32?,
                           sort: ([UInt8]) throws -> (report: CheckReport, kept: [UInt8], damaged: [UInt8], reimportable: [String]))
        throws -> CheckReport {
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        defer { file.unlock() }
        guard file.writable else { throw StoreError(.readOnly, path: path) }
        removeStaleTemporaries(of: path)
        var bytes: [UInt8] = []
        try file.read(from: 0, into: &bytes)
        if bytes.isEmpty { bytes = RecordCodec.header }
        let sorted = try sort(bytes)
        var report = sorted.report
        guard !report.problems.isEmpty else { return report }
        let side = freeSidePath(for: path, stem: "damaged")
        try JournalFile.writeNewFile(side, sorted.damaged)
        if !sorted.reimportable.isEmpty {
            let json = side + ".jsonl"
            try JournalFile.writeNewFile(json, Array((sorted.reimportable.joined(separator: "\n") + "\n").utf8))
            report.reimportable = (json, sorted.reimportable.count)
        }
        try JournalFile.replaceKeepingOwner(resolved(path), with: sorted.kept, stem: "repairing", syncFolder: syncFolder)
        report.side = side
        return report
    }
}
