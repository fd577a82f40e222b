// Journal: the file-backed store of transactions with a persistent undo/redo history.
//
// FORMAT (version 1). A UTF-8 text file, one record per line, never rewritten in place:
//
//     kassa-journal<TAB>1                                   the header, line 1
//     CRC<TAB>CHANGE<TAB>PART/PARTS<TAB>OP<TAB>FIELDS...     every other line
//
// CRC is the CRC-32 (zlib polynomial) of everything after the first tab up to (not including)
// the newline, as 8 lower-case hex digits. A CR before the newline (a CRLF journal, from an editor
// or a Windows sync tool) is part of the line ending, not of the record: such lines read as if
// they ended in LF. The layout of a line and the one checksum check are in Records/RecordLayout.swift.
// CHANGE is the change number (1, 2, 3 ...; strictly
// increasing). A change of several records (a commit of two drafts, a whole import, `:undo 3`,
// an account rename with the edits it implies) has PART 1/N ... N/N on consecutive lines and
// counts only when all N are present. One change is one undo step. OP and FIELDS:
//
//     commit|import|edit  ID TYPE AMOUNT CURRENCY DATE TIME CATEGORY ACCOUNT TO_ACCOUNT RECURRENCE NOTE INPUT
//     delete              ID
//     undo|redo           CHANGE          the change taken back / brought back
//     account             NAME +|- CURRENCY ALIAS...   (+ defines or replaces, - removes)
//     learn               PHRASE CATEGORY (empty category: forget)
//
// TYPE is expense|income|transfer; AMOUNT an unsigned decimal (the TYPE says which way the money
// goes) with exactly the currency's minor digits and `.` (`1500.00`; `-1500.00` and `3.5` are
// invalid) and at most 12 digits before the point; CURRENCY an ISO 4217
// code; DATE YYYY-MM-DD within 1900-01-01 ... 2999-12-31 (CivilDate.supported); TIME HH:MM or
// empty; empty CATEGORY/ACCOUNT/TO_ACCOUNT/RECURRENCE mean none. In text fields `\\`, `\t`, `\n`,
// `\r` stand for a backslash, tab, newline and carriage return. An edit record holds the whole
// new version of the transaction. A record with an amount or date out of those bounds is invalid
// (reported as "invalid amount"/"invalid date" naming its line), whatever its checksum says.
//
// INVARIANTS. The file only grows by whole changes appended under an exclusive flock, after
// reading what other processes appended, and made durable by fdatasync before the caller is told
// "saved"; a failed write or sync is truncated away. (A ledger's merged view is a cache, never
// synced: there a change is made durable in this device's own file, under that file's lock too —
// Devices/Ledger.swift: SAVING.) A change is one write(2), except an import,
// which writes its one change in batches (one write and one fdatasync each) under one lock and
// counts only once the last batch is written. Before every append, under the lock, the file must
// still be the one read: same inode, not shorter, and the header and the last record read still
// there byte for byte; otherwise (a restore with `cp backup journal`, a sync tool writing in
// place) it is read again from the start before appending, so no acknowledged save is written
// after bytes this instance has not read. Ids and change numbers are never reused: new ones are
// above the highest in the journal and in its side files (`.torn-N`, `.damaged-N`). The state is
// the replay of all changes: a transaction's current version is the newest one written by a
// change that is still applied; undo and redo records flip that. Undo refuses a change that a
// later applied change builds on (same transaction ids). A journal opened read-only (list,
// balance, history, check) is never written.
//
// RECOVERY. On open, only the end of the file can be a torn tail: an unterminated or damaged last
// line, together with the intact parts of the incomplete change it ends (or a multi-part change
// whose later parts were never written, e.g. an import killed between batches). A writer moves it
// to `PATH.torn-N` and reports a warning; a reader ignores it and says so. A bad line anywhere
// else is damage: open fails naming the line, and `Journal.repair` moves only the damaged lines
// aside, keeping every record whose checksum holds (the intact parts of a damaged change become a
// change of their own). A `.repairing-N` left by a killed repair is removed on the next open by a
// writer, or by the next repair.
//
// SNAPSHOT. With a cache directory (the shell gives $XDG_CACHE_HOME/kassa/snapshots), the replayed
// state of a journal of 2 MiB or more is kept there between runs (Snapshot/JournalSnapshot.swift)
// and used only when the journal still begins with exactly the bytes it was made from, which every
// open hashes. What follows those bytes is read and checked as always; the records the snapshot
// covers stay unread until a transaction's text is wanted (Journal+Text.swift). The snapshot is
// never part of the journal: deleting it loses nothing, and check and repair never use it.
//
// ROLES. This file keeps what every role shares: the file, the lock, the replayed state, open,
// refresh, the append machinery and materialisation. The public surface is split by role into
// protocols, each declared with its implementation in one file of Roles/: JournalQueries (counts,
// lookups, queries, listings, the TransactionSource), JournalChanges (commit, edit, delete, undo,
// redo, history), JournalObjects (accounts, lessons, budgets, series, rates — ObjectRecords) and
// JournalImport (an import as one change). Journal conforms to all four. Protocols rather than
// role structs reached through properties (`journal.changes.commit(…)`): a role struct would only
// forward to this class's state and lock, adding a hop and a type per role without separating
// anything, and renaming ~450 call sites would collide with every branch editing the shell's
// commands; with protocols call sites stay as they are, the compiler checks each role's file
// against its declaration, and code that needs only one role can take `some JournalQueries` (a
// read-only command, a report) and be tested against a fake.

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

    /// Opened for reading only: nothing is ever written (a torn tail is ignored, not moved).
    public let readOnly: Bool
    /// Where this journal's snapshot (Snapshot/JournalSnapshot.swift) is read and written; nil: none.
    let snapshotPath: String?
    /// How far the snapshot this instance read or wrote reaches (0: none), and the ContentHash of
    /// the journal's bytes up to there.
    var snapshotEnd = 0
    var snapshotHash: UInt64 = 0
    /// The hole, read late, did not hash to what the snapshot was made from (the file was
    /// rewritten since open): every line is checked before its text is used.
    var textSuspect = false
    /// Set by `prepareText(for:)` for a listing that goes forward through the unread part.
    var textWindows: TextWindows?

    /// From what size a first open gives back the bytes it parsed (JournalState+Shedding.swift).
    let shedFrom: Int

    /// Set when this journal is the merged view of a ledger folder (Devices/Ledger.swift): which
    /// changes are this device's own (the only ones undo and redo take), and where every change
    /// appended here goes first — this device's own file, the one that counts. `begin` runs before
    /// an append takes the view's lock (the ledger takes this device's lock and brings the view up
    /// to its file), `end` after it, whatever happened; `check` under the view's lock, caught up,
    /// before anything is numbered (it throws when the view is not the one the ledger knows).
    public struct DeviceHooks {
        public var owns: (Int64) -> Bool
        public var forward: (_ records: ArraySlice<UInt8>, _ number: Int64) throws -> Void
        public var begin: () throws -> Void
        public var end: () -> Void
        public var check: () throws -> Void
        public init(owns: @escaping (Int64) -> Bool, forward: @escaping (ArraySlice<UInt8>, Int64) throws -> Void,
                    begin: @escaping () throws -> Void = {}, end: @escaping () -> Void = {}, check: @escaping () throws -> Void = {}) {
            self.owns = owns
            self.forward = forward
            self.begin = begin
            self.end = end
            self.check = check
        }
    }
    var deviceHooks: DeviceHooks?

    /// What a ledger just merged and wrote as its view file (Devices/Ledger.swift): its bytes and
    /// the file's inode. Opening the view takes the bytes as the file's content, neither read nor
    /// verified again, when the file locked is still that one (same inode and size).
    struct Built {
        var bytes: [UInt8]
        var inode: UInt64
        /// The view already read while it was merged (Devices/LedgerViewRead.swift): its state
        /// (`bytes` are then its `state.bytes`) and, when its read shed them, their prefix hash.
        var read: (state: JournalState, prefixHash: UInt64?)?
    }
    /// Set by `open(view:)` (or `adopt`) until the next reload takes it.
    private var built: Built?

    /// The view a ledger just merged again and put in place of the one this journal read
    /// (Devices/Ledger.swift): the reload that follows takes its state when the file is that one.
    func adopt(_ made: Built) { built = made }
    /// A ledger's view is a cache: a torn tail or damage in it is neither moved aside nor kept
    /// with a warning but thrown (`.corrupt`), and the ledger rebuilds the view.
    private(set) var isCache = false

    /// Adds a warning about this journal's sources (a ledger's view: a device file left out), once.
    func warn(_ warning: StoreWarning) {
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Makes this journal a ledger's merged view: new transactions numbered in `idSpace`.
    public func attach(_ hooks: DeviceHooks, idSpace: Range<Int>) {
        deviceHooks = hooks
        state.idSpace = idSpace
    }

    /// True when undo and redo may take change `index` (always, outside a ledger folder).
    func ownsChange(_ index: Int32) -> Bool {
        deviceHooks.map { $0.owns(state.changes[Int(index)].number) } ?? true
    }

    private init(path: String, file: JournalFile, readOnly: Bool, snapshotPath: String?, shedFrom: Int) {
        self.shedFrom = shedFrom
        self.path = path
        self.file = file
        self.readOnly = readOnly
        self.snapshotPath = snapshotPath
    }

    /// Opens (creating a missing file 0600; its directory too, 0700, only with
    /// `createDirectories`, which the shell passes for kassa's own default data directory, never
    /// for a path the person gave) and reads the whole journal. Waits up to
    /// `lockTimeoutMilliseconds` for another process's lock, then throws `.locked`.
    /// `readOnly`: list, balance, history — the open never writes: a torn tail is reported and
    /// left where it is for the next writer or `repair` to move aside.
    /// `snapshots`: a cache directory where the replayed state of a big journal is kept between
    /// runs (JournalSnapshot); nil replays the whole journal on every open.
    public static func open(path: String, io: JournalIO = SystemJournalIO(), lockTimeoutMilliseconds: Int = 15_000,
                            readOnly: Bool = false, createDirectories: Bool = false,
                            snapshots: String? = nil) throws -> Journal {
        try open(path: path, io: io, lockTimeoutMilliseconds: lockTimeoutMilliseconds, readOnly: readOnly,
                 createDirectories: createDirectories, snapshots: snapshots, shedFrom: ByteShedder.minimumBytes)
    }

    /// `open`, giving back what a first open parsed from journals of `shedFrom` bytes on (tests: small ones too).
    static func open(path: String, io: JournalIO = SystemJournalIO(), lockTimeoutMilliseconds: Int = 15_000,
                     readOnly: Bool = false, createDirectories: Bool = false, snapshots: String? = nil,
                     shedFrom: Int) throws -> Journal {
        let file = try JournalFile.open(path: path, io: io, createDirectories: createDirectories && !readOnly, readOnly: readOnly)
        let journal = Journal(path: path, file: file, readOnly: readOnly,
                              snapshotPath: snapshots.map { JournalSnapshot.path(for: path, in: $0) }, shedFrom: shedFrom)
        journal.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        _ = try journal.file.lock()
        defer { journal.file.unlock() }
        try journal.reload()
        // Only once the file has read as a journal (its header checked) is it treated as kassa's
        // own: `--file /etc/passwd add …` is refused without its mode or its neighbours touched.
        if journal.writes {
            JournalRecovery.removeStaleTemporaries(of: path)
            if let old = file.tightenPermissions() {
                journal.warnings.append(StoreWarning(kind: .permissionsTightened, path: path, side: "", bytes: Int(old), line: 0))
            }
        }
        return journal
    }

    /// Opens a ledger's merged view (a cache: `isCache`), from `built` when given and the file
    /// is still the one it was written to (else the file is read as ever).
    static func open(view path: String, readOnly: Bool, snapshots: String?, built: Built?) throws -> Journal {
        let file = try JournalFile.open(path: path, io: SystemJournalIO())
        let journal = Journal(path: path, file: file, readOnly: readOnly,
                              snapshotPath: snapshots.map { JournalSnapshot.path(for: path, in: $0) },
                              shedFrom: ByteShedder.minimumBytes)
        journal.isCache = true
        journal.built = built
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

    /// True when this instance may write (not opened read-only, and the file is writable).
    var writes: Bool { !readOnly && file.writable }

    // MARK: reading under the lock

    /// Reads the file from scratch. Call with the lock held. A ledger view's number space (attach)
    /// belongs to the device, not to what was read: it survives the fresh state, or a session
    /// whose view was rewritten under it would number a save past its space.
    private func reload() throws {
        let space = state.idSpace
        defer { state.idSpace = space }
        ownChanges.removeAll()
        ownUndone.removeAll()
        textSuspect = false
        textWindows = nil
        // A view read as it was merged: its state taken as it is, when the file locked is the one written.
        if let made = built, let read = made.read {
            built = nil
            if file.inodeNumber == made.inode, try file.size() == read.state.bytes.count {
                state = read.state
                snapshotEnd = 0
                (state.idFloor, state.numberFloor) = JournalRecovery.highestInSideFiles(of: path)
                if let prefix = read.prefixHash {
                    // As a first open that shed what it parsed (below).
                    snapshotEnd = state.validEnd
                    snapshotHash = prefix
                    if let snapshotPath, JournalSnapshot.isStale(end: state.validEnd, snapshotEnd: 0) {
                        // Written after the answer (Devices/ViewSnapshotWriter.swift).
                        ViewSnapshotWriter.save(state, to: snapshotPath, prefix: prefix)
                    }
                } else {
                    saveSnapshotIfStale()
                }
                return
            }
        }
        // Bytes just built are newer than any snapshot.
        let fromSnapshot = try built == nil && reloadFromSnapshot()
        var trusted = false
        if !fromSnapshot { trusted = try readWhole() }
        (state.idFloor, state.numberFloor) = JournalRecovery.highestInSideFiles(of: path)
        guard !fromSnapshot else {
            try settle(state.ingest())
            saveSnapshotIfStale()
            return
        }
        // A first open: a big journal's parsed bytes are given back as it is read, leaving it as
        // if opened from its snapshot (JournalState+Shedding.swift), so the snapshot is written
        // with the hash of what was parsed.
        let (outcome, prefix) = state.ingestShedding(from: shedFrom, trusted: trusted)
        if let prefix {
            snapshotEnd = state.validEnd
            snapshotHash = prefix
            if let snapshotPath, JournalSnapshot.isStale(end: state.validEnd, snapshotEnd: 0) {
                JournalSnapshot.save(state, to: snapshotPath, prefix: prefix, sync: !isCache)
            }
            return
        }
        if !state.hole.isEmpty {
            // Damage or a torn tail after bytes were given back: read them again to report or move it.
            let shed = state.hole
            state.hole = 0..<0
            _ = file.fill(&state.bytes, shed)
        }
        try settle(outcome)
        saveSnapshotIfStale()
    }

    /// Reads the whole file into a fresh state, to be replayed from its first record. True when
    /// the bytes are a ledger's just built view (`built`), trusted: not read, not verified.
    @discardableResult
    private func readWhole() throws -> Bool {
        var bytes: [UInt8] = []
        var trusted = false
        if let made = built {
            built = nil
            if file.inodeNumber == made.inode, try file.size() == made.bytes.count, JournalState.checkHeader(made.bytes) == nil {
                bytes = made.bytes
                trusted = true
            }
        }
        if !trusted { try file.read(from: 0, into: &bytes) }
        let header = RecordCodec.header
        if bytes.count < header.count, Array(header[0..<bytes.count]) == bytes {
            // New file, or a crash while the header was being written: (re)write the header.
            // A reader only pretends it is there.
            if writes {
                if bytes.count > 0 { try file.truncate(to: 0) }
                try file.append(header, at: 0)
                JournalFile.syncDirectory(of: path)
            }
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
        snapshotEnd = 0
        return trusted
    }

    /// Takes the state from this journal's snapshot when the file still begins with the bytes it
    /// was made from: reads the header and what follows the snapshot's last record, and leaves
    /// the records in between unread (`state.hole`). False when there is no usable snapshot.
    private func reloadFromSnapshot() throws -> Bool {
        guard let snapshotPath else { return false }
        let size = try file.size()
        guard size >= JournalSnapshot.minimumBytes,
              let (saved, prefixHash) = JournalSnapshot.load(from: snapshotPath, prefixMatches: { end, hash in
                  guard end <= size else { return false }
                  nonisolated(unsafe) let file = file
                  return JournalSnapshot.prefixHash(count: end) { try? file.contentHash(of: $0) } == hash
              }) else { return false }
        // The header line lies in the first page (the snapshot's prefix hash vouched for it); the
        // unread part starts after that page's last whole line, so no record is read in part.
        let head = 0..<min(size, 4096, saved.lastLineStart)
        guard let bytes = try file.readSparse(size: size, ranges: [head, saved.lastLineStart..<size]),
              let lastLF = bytes[head].lastIndex(of: RecordCodec.newline),
              JournalState.checkHeader(bytes) == nil else { return false }
        state = saved
        state.bytes = bytes
        state.hole = lastLF + 1..<max(lastLF + 1, saved.lastLineStart)
        snapshotEnd = saved.validEnd
        snapshotHash = prefixHash
        return true
    }

    /// Writes a new snapshot when the records replayed after the last one cost more than
    /// writing it (and the journal is big enough to be worth one).
    private func saveSnapshotIfStale() {
        guard let snapshotPath, JournalSnapshot.isStale(end: state.validEnd, snapshotEnd: snapshotEnd) else { return }
        readHole()
        guard !textSuspect else { return }
        if let prefix = JournalSnapshot.save(state, to: snapshotPath, sync: !isCache) {
            snapshotEnd = state.validEnd
            snapshotHash = prefix
        }
    }

    /// True when the file still holds, at the same places, the header and the last record this
    /// instance read: false after an in-place rewrite (`cp backup journal`, a sync tool) that
    /// kept the inode and did not shrink the file.
    private func fileStillMatches() throws -> Bool {
        let headerEnd = state.bytes.firstIndex(of: RecordCodec.newline).map { $0 + 1 } ?? 0
        var ranges = [0..<headerEnd]
        if state.lastLineStart > 0 { ranges.append(state.lastLineStart..<state.validEnd) }
        for range in ranges where !range.isEmpty {
            guard let found = try file.read(range), found.elementsEqual(state.bytes[range]) else { return false }
        }
        return true
    }

    /// Reads what other processes appended since the last read. Call with the lock held.
    private func catchUp(replaced: Bool) throws {
        let size = try file.size()
        let rewritten = replaced || size < state.validEnd
        if try rewritten || !fileStillMatches() {
            let mine = ownChanges.map { state.changes[Int($0)].number }
            let undone = ownUndone.map { state.changes[Int($0)].number }
            try reload()
            ownChanges = mine.compactMap { state.changeIndex(number: $0) }
            ownUndone = undone.compactMap { state.changeIndex(number: $0) }
            return
        }
        if state.bytes.count > state.validEnd {
            // Defensive: never keep unverified bytes in memory across a read.
            state.bytes.removeLast(state.bytes.count - state.validEnd)
        }
        guard size > state.bytes.count else { return }
        try file.read(from: state.bytes.count, into: &state.bytes)
        try settle(state.ingest())
    }

    /// Acts on how an ingest ended: a torn tail is moved aside (by a writer), damage in the middle throws.
    private func settle(_ outcome: IngestOutcome) throws {
        switch outcome {
        case .clean:
            return
        case .corrupt(let line, let detail):
            throw StoreError(.corrupt, path: path, detail: detail, record: line)
        case .tail(let offset, let line):
            let tailCount = state.bytes.count - offset
            if isCache { throw StoreError(.corrupt, path: path, detail: "tail", record: line) }
            if writes {
                let tail = Array(state.bytes[offset...])
                let side = JournalRecovery.freeSidePath(for: path)
                try JournalFile.writeNewFile(side, tail)
                try file.truncate(to: offset)
                // What the tail used (an import killed between batches wrote whole, valid records)
                // is never handed out again, like everything in side files.
                let used = JournalRecovery.highest(in: tail)
                state.idFloor = max(state.idFloor, used.id)
                state.numberFloor = max(state.numberFloor, used.number)
                warnings.append(StoreWarning(kind: .tornTail, path: path, side: side, bytes: tailCount, line: line))
            } else {
                // Reading never writes: the tail stays in the file (the next writer or repair moves
                // it) and is seen again on every refresh; say it once. Only its length is needed: a
                // torn import can be gigabytes, and a reader must not hold it twice.
                let warning = StoreWarning(kind: .tornTailKept, path: path, side: "", bytes: tailCount, line: line)
                if !warnings.contains(warning) { warnings.append(warning) }
            }
            state.bytes.removeLast(tailCount)
        }
    }

    /// Sees other processes' appends now (the write operations do this themselves, under the lock);
    /// for a ledger's view, also other devices' new changes (`ledgerPickUp`).
    public func refresh() throws {
        try catchUpWithFile()
        if let ledgerPickUp, try ledgerPickUp() { try catchUpWithFile() }
    }

    /// Set by a ledger's view (Devices/Ledger.swift): brings the view file up to the folder's
    /// device files; true when it changed the file. Called by `refresh` without the lock held.
    var ledgerPickUp: (() throws -> Bool)?

    /// Reads what was appended to the file since (or all of it, when it was replaced).
    func catchUpWithFile() throws {
        let replaced = try file.lock()
        defer { file.unlock() }
        try catchUp(replaced: replaced)
    }

    /// Locks, catches up with other writers, lets `build` write the records of one change
    /// (numbered `number`), appends them durably and applies them. Returns the change's index.
    func append(_ build: (_ writer: inout LineWriter, _ number: Int64) throws -> Void) throws -> Int32 {
        let index = try withoutActuallyEscaping(build) { build in
            try appendParts { lines in
                let number = state.nextNumber
                try lines { writer in
                    try build(&writer, number)
                    return []
                }
            }
        }
        guard let index else { throw StoreError(.invalid, path: path, detail: "record") }
        return index
    }

    /// Where an append's lines are cut into writes: the byte offset (in the journal's bytes) a
    /// write ends at, and what to tell `progress` once it is written.
    struct WritePiece {
        var end: Int
        var done: Int
    }

    /// The one way records reach the file. Under the lock, caught up with other writers, `work`
    /// decides what to write and calls `lines` at most once: its closure writes the change's
    /// record lines through a LineWriter and says where to cut them into writes (none: one
    /// write). `inPlace` (a bulk change): the writer's buffer is the journal's own bytes, so
    /// nothing is copied, and the closure must not read the state (its bytes are away);
    /// otherwise the lines are built apart and appended. The lines are then
    /// written by a second thread while this one replays them (the replay reads only memory),
    /// fsynced once after the last piece — the change counts only once whole, so the pieces
    /// before need no flush of their own — and only then is the change acknowledged. If anything
    /// fails, the file is cut back to where it was and the state rebuilt as it was: the change
    /// is all there or not at all (a kill in between leaves an incomplete change, which is a
    /// torn tail by the format's rule and never counts). `progress` gets each piece's `done`
    /// once it is written (on the writing thread). Returns nil when nothing was written.
    func appendParts(inPlace: Bool = false, progress: ((Int) -> Void)? = nil,
                     _ work: (_ lines: ((inout LineWriter) throws -> [WritePiece]) throws -> Void) throws -> Void) throws -> Int32? {
        // In a ledger folder, this device's lock first, then the view's (Devices/Ledger.swift: SAVING).
        let hooks = deviceHooks
        if let hooks { try hooks.begin() }
        defer { hooks?.end() }
        let replaced = try file.lock()
        defer { file.unlock() }
        try catchUp(replaced: replaced)
        guard writes else { throw StoreError(.readOnly, path: path) }
        if let hooks { try hooks.check() }
        let length = state.bytes.count
        if try file.size() != length {
            // Bytes this instance has not accounted for: never write after them.
            try reload()
            guard state.bytes.count == (try file.size()) else { throw StoreError(.corrupt, path: path, detail: "tail") }
        }
        var pieces: [WritePiece] = []
        do {
            try work { build in
                var writer = LineWriter()
                guard inPlace else {
                    pieces = try build(&writer)
                    state.bytes.append(contentsOf: writer.out)
                    return
                }
                swap(&writer.out, &state.bytes)
                defer { swap(&writer.out, &state.bytes) }
                pieces = try build(&writer)
            }
        } catch {
            state.bytes.removeLast(state.bytes.count - length)
            throw error
        }
        let end = state.bytes.count
        guard end > length else { return nil }
        if pieces.last?.end != end { pieces.append(WritePiece(end: end, done: pieces.last?.done ?? 0)) }
        // The writer's own reference to the bytes: nothing changes them until both are done, and
        // it is dropped before anything may (a change to bytes shared would copy the journal).
        var lines: [UInt8]? = state.bytes
        let file = self.file
        var failure: (any Error)?
        func writeLines() {
            var at = length
            for piece in pieces {
                do {
                    try lines!.withUnsafeBytes { try file.append(UnsafeRawBufferPointer(rebasing: $0[at..<piece.end]), at: at, sync: false) }
                } catch {
                    failure = error
                    return
                }
                // The disk starts on this piece while the next is written.
                if pieces.count > 1 { file.startWriteback(offset: at, count: piece.end - at) }
                at = piece.end
                progress?(piece.done)
            }
        }
        // These bytes were checksummed a moment ago by the writer: the replay skips verifying them.
        var outcome = IngestOutcome.clean, replayed = false
        if end - length >= Journal.concurrentWriteBytes {
            let writing = HelperThread(writeLines)
            outcome = state.ingest(trusted: true)
            replayed = true
            // The snapshot is written while the lines still are: should they fail, it describes
            // bytes the file does not begin with, and no open ever trusts it. (Not when the text
            // of an open from the snapshot is still unread: reading it in changes the bytes.)
            if outcome == .clean, state.hole.isEmpty { saveSnapshotIfStale() }
            writing.join()
        } else {
            writeLines()
            if failure == nil { outcome = state.ingest(trusted: true); replayed = true }
        }
        lines = nil
        do {
            if let failure { throw failure }
            // Our own change refused by the replay would be a bug, but never leave it in the file.
            guard outcome == .clean else { throw StoreError(.invalid, path: path, detail: "record") }
            // In a ledger folder the change counts once it is in this device's own file; the view
            // is a cache, never synced: nothing after the forward may fail the save.
            if let hooks {
                try hooks.forward(state.bytes[length..<end], state.changes[state.changes.count - 1].number)
            } else {
                try file.sync(keeping: length)
            }
        } catch {
            try? file.truncate(to: length)
            state.bytes.removeLast(state.bytes.count - length)
            if replayed { try? restoreAfterFailedAppend() }
            throw error
        }
        saveSnapshotIfStale()
        return Int32(state.changes.count - 1)
    }

    /// An append this large is written on a second thread while its lines are replayed.
    static let concurrentWriteBytes = 1 << 20

    /// After a change was replayed but could not be made durable (the file is cut back to
    /// before it): the state is read again from the file, this instance's own changes kept
    /// (they are all still there, at the same indices).
    private func restoreAfterFailedAppend() throws {
        let (own, undone) = (ownChanges, ownUndone)
        try reload()
        (ownChanges, ownUndone) = (own, undone)
    }

    // MARK: state

    /// The transaction version stored in entry `index` (a commit, import or edit record).
    /// Changes nothing, so listings call it from two threads; in a journal opened from its
    /// snapshot, callers about to materialize many first call `prepareText(for:)`.
    func materialize(_ index: Int32, cursor: ListingCursor? = nil) -> Transaction {
        let e = state.entries[Int(index)]
        let input = cursor?.readsInput ?? true
        if state.hole.contains(e.offset) {
            if let textWindows { return materializeFromWindow(e, textWindows, cursor: cursor) }
            return materializeFromFile(e)
        }
        if textSuspect { return materializeChecked(e, in: state.bytes, start: e.offset, input: input) }
        return state.bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            // Field bounds on the stack (start, end pairs): no array per transaction, as a million
            // of these are made for one `list --json`. The line was verified when it was read.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds in
                let start = e.offset
                let lf = memchrLF(base + start, buffer.count - start)! - base
                let n = RecordFields.split(base, from: start + RecordLine.bodyOffset,
                                           to: RecordLine.bodyEnd(base, start: start, lf: lf), into: bounds.baseAddress!)
                guard let n, RecordTail.slots(lineCount: n) != nil else { preconditionFailure("a verified record line") }
                return transaction(e, base: base, bounds: bounds.baseAddress!, count: n, input: input)
            }
        }
    }

    static let transactionFieldCount = RecordTail.plainLineCount

    /// Entry `e`'s record slot 0 amount (read with its line into `state.exchanges`): a transfer's
    /// exchange target, an expense's or income's charged amount; nil when it has none.
    func otherAmount(_ e: Entry) -> Money? {
        guard !state.exchanges.isEmpty, let target = state.exchanges[e.offset] else { return nil }
        return Money(minorUnits: target.amount, currency: state.currencies[Int(target.currency)])
    }

    /// Builds the transaction of entry `e` from its verified record line, whose fields are at
    /// `bounds` (start, end pairs, `count` of them) in `base`; without its dictated input when
    /// `input` is false.
    func transaction(_ e: Entry, base: UnsafePointer<UInt8>, bounds: UnsafeMutablePointer<Int>, count: Int,
                     input: Bool = true) -> Transaction {
        typealias F = RecordArgument
        @inline(__always) func range(_ f: F) -> Range<Int> { bounds[2 * f.lineIndex]..<bounds[2 * f.lineIndex + 1] }
        func text(_ f: F) -> String {
            let r = range(f)
            return RecordCodec.unescape(base + r.lowerBound, r.count)
        }
        func optional(_ f: F) -> String? { range(f).isEmpty ? nil : text(f) }
        let timeRange = range(F.time)
        let time = timeRange.isEmpty ? nil : RecordCodec.parseTime(base + timeRange.lowerBound, timeRange.count)
        var t = Transaction(
            id: Int(e.id), type: e.type,
            amount: Money(minorUnits: e.amount, currency: state.currencies[Int(e.currency)]),
            date: CivilDate(daysSinceEpoch: Int(e.days)), time: time,
            category: state.labels.string(e.category), account: state.labels.string(e.account),
            toAccount: state.labels.string(e.toAccount), note: text(.note),
            recurrence: optional(.recurrence).flatMap { Recurrence(rawValue: $0) }, input: input ? text(.input) : "")
        // The optional pairs: slot 0's as read with the line, a later one's from the line itself.
        RecordTail.place(otherAmount(e), slot: 0, in: &t)
        for slot in 1..<max(1, RecordTail.slots(lineCount: count) ?? 0) {
            let a = RecordTail.lineIndex(slot)
            RecordTail.place(RecordTail.money(base + bounds[2 * a], bounds[2 * a + 1] - bounds[2 * a],
                                              base + bounds[2 * a + 2], bounds[2 * a + 3] - bounds[2 * a + 2]), slot: slot, in: &t)
        }
        return t
    }

    /// The change at `index` as the shell reports it (for undo/redo: `kind` and the target).
    func report(_ index: Int32, as kind: Change.Kind? = nil, number: Int? = nil) -> Change {
        let c = state.changes[Int(index)]
        var subjects: [String] = []
        for record in state.accountRecords where record.change == index { subjects.append(record.account.name) }
        for record in state.learnRecords where record.change == index { subjects.append(record.phrase) }
        var objectKinds: [String] = []
        for record in state.objectRecords where record.change == index {
            if !objectKinds.contains(record.object.kind) { objectKinds.append(record.object.kind) }
            // The change is about its first kind (a series, with the occurrence it settles): what a
            // person calls those (a series' note, a category's name), else their keys.
            guard record.object.kind == objectKinds[0] else { continue }
            subjects.append(record.object["note"] ?? record.object["name"] ?? record.object.key)
        }
        let own = Change.Kind(c.op)
        var change = Change(kind: kind ?? own, transactions: transactions(of: index), number: number ?? Int(c.number),
                            targetKind: kind == nil ? nil : own, targetNumber: kind == nil ? nil : Int(c.number),
                            subjects: Journal.unique(subjects))
        change.objectKinds = objectKinds
        return change
    }

    /// The transactions a change concerned (for a delete: the versions it removed).
    func transactions(of changeIndex: Int32) -> [Transaction] {
        let c = state.changes[Int(changeIndex)]
        prepareText(for: Int(c.entryCount))
        var out: [Transaction] = []
        for e in Int(c.firstEntry)..<Int(c.firstEntry + c.entryCount) {
            var p = Int32(e)
            while p >= 0, state.entries[Int(p)].op == .delete { p = state.entries[Int(p)].prev }
            if p >= 0 { out.append(materialize(p)) }
        }
        return out
    }
}
