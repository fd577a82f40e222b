// Journal: the file-backed store of transactions with a persistent undo/redo history.
//
// FORMAT (version 1). A UTF-8 text file, one record per line, never rewritten in place:
//
//     kassa-journal<TAB>1                                   the header, line 1
//     CRC<TAB>CHANGE<TAB>PART/PARTS<TAB>OP<TAB>FIELDS...     every other line
//
// CRC is the CRC-32 (zlib polynomial) of everything after the first tab up to (not including)
// the newline, as 8 lower-case hex digits. CHANGE is the change number (1, 2, 3 ...; strictly
// increasing). A change of several records (a commit of two drafts, an import batch, `:undo 3`,
// an account rename with the edits it implies) has PART 1/N ... N/N on consecutive lines and
// counts only when all N are present. One change is one undo step. OP and FIELDS:
//
//     commit|import|edit  ID TYPE AMOUNT CURRENCY DATE TIME CATEGORY ACCOUNT TO_ACCOUNT RECURRENCE NOTE INPUT
//     delete              ID
//     undo|redo           CHANGE          the change taken back / brought back
//     account             NAME +|- CURRENCY ALIAS...   (+ defines or replaces, - removes)
//     learn               PHRASE CATEGORY (empty category: forget)
//
// TYPE is expense|income|transfer; AMOUNT a decimal with exactly the currency's minor digits and
// `.` (`1500.00`, `-3.5` is invalid); CURRENCY an ISO 4217 code; DATE YYYY-MM-DD; TIME HH:MM or
// empty; empty CATEGORY/ACCOUNT/TO_ACCOUNT/RECURRENCE mean none. In text fields `\\`, `\t`, `\n`,
// `\r` stand for a backslash, tab, newline and carriage return. An edit record holds the whole
// new version of the transaction.
//
// INVARIANTS. The file only grows by whole changes appended with one write(2) under an exclusive
// flock, after reading what other processes appended, and made durable by fdatasync before the
// caller is told "saved"; a failed write or sync is truncated away. Ids are
// never reused. The state is the replay of all changes: a transaction's current version is the
// newest one written by a change that is still applied; undo and redo records flip that.
// Undo refuses a change that a later applied change builds on (same transaction ids).
//
// RECOVERY. On open, a line whose checksum fails, an unterminated last line, or an incomplete
// multi-part change at the end is a torn tail: it is moved to `PATH.torn-N` and reported as a
// warning. A bad line followed by any valid record is damage in the middle: open fails naming
// the line, and `Journal.repair` moves the bad records aside, keeping every intact one.

import KassaCore

public final class Journal {
    public let path: String
    /// What open or refresh fixed on its own (a torn tail moved aside); the shell prints these.
    public private(set) var warnings: [StoreWarning] = []
    var state = JournalState()
    let file: JournalFile
    /// Data changes this instance (this session) made, oldest first.
    var ownChanges: [Int32] = []
    /// Changes this session undid, in the order it undid them.
    var ownUndone: [Int32] = []
    /// The record buffer, kept between appends so bulk batches reuse its pages.
    var scratch: [UInt8] = []

    private init(path: String, file: JournalFile) {
        self.path = path
        self.file = file
    }

    /// Opens (creating if missing: file 0600, directories 0700) and reads the whole journal.
    /// Waits up to `lockTimeoutMilliseconds` for another process's lock, then throws `.locked`.
    public static func open(path: String, io: JournalIO = SystemJournalIO(),
                            lockTimeoutMilliseconds: Int = 15_000) throws -> Journal {
        let journal = Journal(path: path, file: try JournalFile.open(path: path, io: io))
        journal.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        _ = try journal.file.lock()
        defer { journal.file.unlock() }
        try journal.reload()
        return journal
    }

    /// How long to wait for another process's lock before failing with `.locked`.
    public var lockTimeoutMilliseconds: Int {
        get { file.lockTimeoutMilliseconds }
        set { file.lockTimeoutMilliseconds = newValue }
    }

    // MARK: reading under the lock

    /// Reads the file from scratch. Call with the lock held.
    private func reload() throws {
        var bytes: [UInt8] = []
        try file.read(from: 0, into: &bytes)
        let header = RecordCodec.header
        if bytes.count < header.count, Array(header[0..<bytes.count]) == bytes {
            // New file, or a crash while the header was being written: (re)write the header.
            if bytes.count > 0 { try file.truncate(to: 0) }
            try file.append(header, at: 0)
            JournalFile.syncDirectory(of: path)
            bytes = header
        }
        if let problem = JournalState.checkHeader(bytes) {
            throw StoreError(problem, path: path, record: 1)
        }
        state = JournalState()
        // Records are ~100 bytes: reserve once rather than regrow (and briefly double) big arrays.
        // Untouched reserved pages cost no memory.
        state.entries.reserveCapacity(bytes.count / 48)
        state.changes.reserveCapacity(bytes.count / 48)
        state.bytes = bytes
        state.validEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        state.nextLine = 2
        ownChanges.removeAll()
        ownUndone.removeAll()
        try settle(state.ingest())
    }

    /// Reads what other processes appended since the last read. Call with the lock held.
    private func catchUp(replaced: Bool) throws {
        let size = try file.size()
        if replaced || size < state.bytes.count {
            let mine = ownChanges.map { state.changes[Int($0)].number }
            let undone = ownUndone.map { state.changes[Int($0)].number }
            try reload()
            ownChanges = mine.compactMap { state.changeIndex(number: $0) }
            ownUndone = undone.compactMap { state.changeIndex(number: $0) }
            return
        }
        guard size > state.bytes.count else { return }
        try file.read(from: state.bytes.count, into: &state.bytes)
        try settle(state.ingest())
    }

    /// Acts on how an ingest ended: a torn tail is moved aside, damage in the middle throws.
    private func settle(_ outcome: IngestOutcome) throws {
        switch outcome {
        case .clean:
            return
        case .corrupt(let line, let detail):
            throw StoreError(.corrupt, path: path, detail: detail, record: line)
        case .tail(let offset, let line):
            let tail = Array(state.bytes[offset...])
            if file.writable {
                let side = JournalRecovery.freeSidePath(for: path)
                try JournalFile.writeNewFile(side, tail)
                try file.truncate(to: offset)
                warnings.append(StoreWarning(kind: .tornTail, path: path, side: side, bytes: tail.count, line: line))
            } else {
                // Read-only: the tail stays in the file and is seen again on every refresh; say it once.
                let warning = StoreWarning(kind: .tornTailKept, path: path, side: "", bytes: tail.count, line: line)
                if !warnings.contains(warning) { warnings.append(warning) }
            }
            state.bytes.removeLast(tail.count)
        }
    }

    /// Sees other processes' appends now (the write operations do this themselves, under the lock).
    public func refresh() throws {
        let replaced = try file.lock()
        defer { file.unlock() }
        try catchUp(replaced: replaced)
    }

    /// Locks, catches up with other writers, lets `build` write the records of one change
    /// (numbered `number`), appends them durably and applies them. Returns the change's index.
    func append(_ build: (_ writer: inout LineWriter, _ number: Int64) throws -> Void) throws -> Int32 {
        let replaced = try file.lock()
        defer { file.unlock() }
        try catchUp(replaced: replaced)
        guard file.writable else { throw StoreError(.readOnly, path: path) }
        var writer = LineWriter()
        swap(&writer.out, &scratch)
        writer.out.removeAll(keepingCapacity: true)
        defer { swap(&writer.out, &scratch) }
        try build(&writer, state.lastNumber + 1)
        let length = state.bytes.count
        try file.append(writer.out, at: length)
        if state.bytes.capacity < length + writer.out.count {
            // Grow by half again at least, so a run of bulk batches does not copy the journal each time.
            state.bytes.reserveCapacity(max(length + writer.out.count, length + length / 2))
        }
        state.bytes.append(contentsOf: writer.out)
        // These bytes were checksummed a moment ago by the writer: skip verifying them again.
        let outcome = state.ingest(trusted: true)
        guard outcome == .clean else {
            // Our own change was refused by the replay: a bug, but never leave it in the file.
            state.bytes.removeLast(writer.out.count)
            try? file.truncate(to: length)
            throw StoreError(.invalid, path: path, detail: "record")
        }
        return Int32(state.changes.count - 1)
    }

    // MARK: state

    /// Live transactions, in id order. Materializes all of them: prefer `query` on large journals.
    public var transactions: [Transaction] {
        var out: [Transaction] = []
        out.reserveCapacity(state.liveCount)
        for id in 1..<max(state.current.count, 1) where state.current[id] >= 0 {
            out.append(materialize(state.current[id]))
        }
        return out
    }

    /// Number of live transactions.
    public var count: Int { state.liveCount }

    public func transaction(id: Int) -> Transaction? {
        state.exists(id) ? materialize(state.current[id]) : nil
    }

    /// The id the next committed transaction will get (if no other process commits first).
    public var nextID: Int { state.maxID + 1 }

    /// Number of changes in the history (commits, edits, undos ... each counts one).
    public var changeCount: Int { state.changes.count }

    /// The transaction version stored in entry `index` (a commit, import or edit record).
    func materialize(_ index: Int32) -> Transaction {
        let e = state.entries[Int(index)]
        return state.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var fields: [Range<Int>] = []
            fields.reserveCapacity(16)
            var start = e.offset + 9
            var i = start
            while true {
                let b = base[i]
                if b == RecordCodec.tab || b == RecordCodec.newline {
                    fields.append(start..<i)
                    start = i + 1
                    if b == RecordCodec.newline { break }
                }
                i += 1
            }
            func text(_ k: Int) -> String {
                let r = fields[k + 3]
                return RecordCodec.unescape(base + r.lowerBound, r.count)
            }
            func optional(_ k: Int) -> String? { fields[k + 3].isEmpty ? nil : text(k) }
            let time = fields[8].isEmpty ? nil : RecordCodec.parseTime(base + fields[8].lowerBound, fields[8].count)
            return Transaction(
                id: Int(e.id), type: e.type,
                amount: Money(minorUnits: e.amount, currency: state.currencies[Int(e.currency)]),
                date: CivilDate(daysSinceEpoch: Int(e.days)), time: time,
                category: state.labels.string(e.category), account: state.labels.string(e.account),
                toAccount: state.labels.string(e.toAccount), note: text(10),
                recurrence: optional(9).flatMap { Recurrence(rawValue: $0) }, input: text(11))
        }
    }

    /// The change at `index` as the shell reports it (for undo/redo: `kind` and the target).
    func report(_ index: Int32, as kind: Change.Kind? = nil, number: Int? = nil) -> Change {
        let c = state.changes[Int(index)]
        var subjects: [String] = []
        for record in state.accountRecords where record.change == index { subjects.append(record.account.name) }
        for record in state.learnRecords where record.change == index { subjects.append(record.phrase) }
        let own = Change.Kind(c.op)
        return Change(kind: kind ?? own, transactions: transactions(of: index), number: number ?? Int(c.number),
                      targetKind: kind == nil ? nil : own, targetNumber: kind == nil ? nil : Int(c.number),
                      subjects: Journal.unique(subjects))
    }

    /// The transactions a change concerned (for a delete: the versions it removed).
    func transactions(of changeIndex: Int32) -> [Transaction] {
        let c = state.changes[Int(changeIndex)]
        var out: [Transaction] = []
        for e in Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount) {
            var p = Int32(e)
            while p >= 0, state.entries[Int(p)].op == .delete { p = state.entries[Int(p)].prev }
            if p >= 0 { out.append(materialize(p)) }
        }
        return out
    }
}
