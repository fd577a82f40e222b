// Ledger: a folder of device journals opened as one (the rules are in LedgerMerge.swift). Merges
// every `NAME.kassa` of the folder into a journal in the cache (the view) and opens it with
// Journal, so every command works on the union unchanged; when this device has joined, what a
// command writes goes first to this device's own file (the only file it ever writes), then into
// the view. Also joins a device to a folder (`kassa devices join`, Ledger+Join.swift).
//
// THE CACHE. Beside the view, `<hash>.state` (LedgerState) records what the view was built from.
// Opening a folder, or a running session's `Journal.refresh()`, compares each device file with
// its mark there, by one stat and (when the stat differs) a hash of the first and last 4 KiB of
// what was read of it:
// - nothing changed (same inode, size and mtime): the view is opened as it is, with its
//   snapshot, and no device file is read;
// - files only grew (what was read is still there, byte for byte at both ends) and every new
//   complete change sorts after the last change read: only the new bytes are read, the new
//   changes admitted by the same rules against the merge state (LedgerMerge: RESUMING), their
//   records appended to the view under its lock, and the Journal catches up from its tail —
//   exactly the view a full merge would write, since the order puts them last;
// - anything else (a file shrank, was replaced by other content or removed, a device or a sync
//   tool's copy appeared, a change sorts before one already merged, a new identity record, the
//   state missing, damaged or not describing the view): the whole folder is read and merged again.
// This device's own saves update the state as they are forwarded (under the view's lock), so its
// own writes never force a rebuild. The state is a cache: losing it costs one rebuild, nothing else.
//
// SAVING. How a save of this device is numbered and made durable: Ledger+Saving.swift.
//
// DAMAGE. A device file is read past damage (DeviceFile, DeviceDamage), and a change the journal
// would refuse to read is left out of the merge rather than making the view unreadable
// (DeviceFile+Refusal.swift): the view's reader finds such a line while it reads the merged view,
// the ledger leaves that change out (checking that device's file whole) and merges again. Every
// open says, for each device file with damage, that the ledger is incomplete (a warning naming
// the file and lines); `kassa check` names them all. A file that shrank, vanished or changed
// under a read is read again whole next time (an unsure mark), never trusted to have only grown.
//
// A view just merged is not read back: the journal's reader parses it while it is merged, from
// the merged bytes in memory (LedgerViewRead), trusted (their checksums were made by the merge from
// verified lines), and the journal takes that state when the file it locks is still the one
// written (same inode and size; else it reads the file as ever) — on open, and in a running
// session once it sees the view replaced (Journal.adopt). The view, its
// snapshot and the state are caches and never fsynced: a crash may leave any of them torn. The
// state and the snapshot end in content hashes; the view is opened as a cache (Journal.isCache):
// a torn tail or a bad line in it is an error, never moved aside or kept with a warning, and the
// open rebuilds the view from the device files (LedgerViewCacheTests).

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

/// What refuses a ledger operation, with its message key.
public struct LedgerError: LocalizableError, Equatable {
    public enum Kind: String, Sendable {
        /// The name is another machine's device (its file has another uid).
        case nameTaken = "name-taken"
        case badName = "bad-name"
        case notAFolder = "not-a-folder"
        /// This device has not joined the folder: the view is read-only.
        case notJoined = "not-joined"
        /// The configured device was joined on another machine (its config was copied here).
        case copiedConfig = "copied-config"
        /// This device used every number of its space.
        case spaceFull = "space-full"
        /// A change of the folder is numbered at DeviceClock.limit: no number is left above it.
        case numbersUsed = "numbers-used"
        /// The view changed under this process (another kassa of this device rebuilt it).
        case stale
        /// This device must move its numbers (it joined apart) but its own file is damaged.
        case cannotMove = "cannot-move"
        /// A device of the folder has this name in another case ("Laptop" beside "laptop").
        case nameCase = "name-case"
    }
    public let kind: Kind
    public let arguments: [String: String]
    public init(_ kind: Kind, _ arguments: [String: String] = [:]) {
        self.kind = kind
        self.arguments = arguments
    }
    public var messageKey: String { "devices." + kind.rawValue }
    public var messageArguments: [String: String] { arguments }
}

public final class Ledger {
    /// How many transaction numbers each device has (LedgerMerge: IDENTITY).
    public static let spaceSize = 1_000_000

    public let folder: String
    /// The device files as last read (after an open that read none, without their changes:
    /// `summaries` reads them).
    public internal(set) var devices: [DeviceFile]
    /// Files of the folder that are a sync tool's copies of a device journal (never read).
    public private(set) var copies: [String]
    public let journal: Journal
    /// This device's index in `devices` (nil: not joined; the view is read-only).
    public internal(set) var own: Int?
    private let ownName: String?
    /// This device's uid, as configured (a move of its own file checks it).
    var ownUID: String?
    /// This device must move its space but cannot (its file is damaged): saves are refused.
    var mustMove = false
    /// The merge state, the marks of the device files and of the view (THE CACHE).
    var state: LedgerState
    let viewPath: String
    let statePath: String
    /// This device's lock (SAVING); nil when this process is not a device of the folder.
    let lock: DeviceLock?
    /// The highest transaction id in this device's side files (`NAME.kassa.torn-N`, `.damaged-N`).
    var sideFloor = 0
    /// How the last open or refresh got the view: for tests and the bench.
    public enum Route: String, Sendable { case unchanged, pickedUp = "picked-up", rebuilt }
    public private(set) var route: Route

    public var conflicts: [LedgerConflict] { state.conflicts }

    /// Lets go of the view: the journal and the ledger keep each other (its hooks) until then;
    /// a process that opens one ledger for its life need not call it.
    public func close() {
        journal.deviceHooks = nil
        journal.ledgerPickUp = nil
    }

    /// Waits for what a first open left to be written after it returned (the view's snapshot,
    /// ViewSnapshotWriter); the process does so itself before it exits.
    public static func finishWriting() { ViewSnapshotWriter.finish() }

    /// The device file of this device in `folder`.
    public static func path(of name: String, in folder: String) -> String { folder + "/" + name + DeviceName.suffix }

    /// Opens the folder's merged view. `device`: this device's name and uid when it has joined
    /// (a file with that name but another uid is refused: two machines claim one name).
    /// `cache`: the directory for the view, its state and its snapshot ($XDG_CACHE_HOME/kassa).
    public static func open(folder: String, device: (name: String, uid: String)?, cache: String,
                            readOnly: Bool) throws -> Ledger {
        // A snapshot of a view this process merged, still being written, is there before the view is looked at.
        ViewSnapshotWriter.finish()
        // The view changes only under this device's lock (SAVING): a rebuild takes it; reading
        // the view needs only the view's own lock.
        let lock = device.map { DeviceLock(path: path(of: $0.name, in: folder)) }
        let (names, copies) = try list(folder)
        var key = Array(folder.utf8) + [0] + Array((device?.name ?? "").utf8)
        let hash = key.withUnsafeMutableBytes { ContentHash.hash($0.baseAddress!, count: $0.count) }
        key = []
        let directory = cache + "/ledgers"
        try makeDirectories(directory)
        let view = directory + "/" + String(hash, radix: 16) + ".kassa"
        let statePath = directory + "/" + String(hash, radix: 16) + ".state"
        func rebuildLocked() throws -> (state: LedgerState, devices: [DeviceFile], view: Journal.Built?, placed: Bool,
                                        moves: [Int: DeviceSpaces.Move]) {
            try lock?.lock()
            defer { lock?.unlock() }
            return try rebuild(folder: folder, names: names, copies: copies, view: view, statePath: statePath)
        }
        // The saved state, when it still describes the view and the folder's set of files.
        var state: LedgerState?
        if let saved = LedgerState.load(statePath), saved.marks.map(\.name) == names, saved.copies == copies,
           LedgerState.stamp(view) == saved.view {
            state = saved
        }
        var route = Route.rebuilt
        var grown = false
        if let saved = state {
            var same = true
            for mark in saved.marks {
                switch look(mark, in: folder, readingOn: false) {
                case .same: continue
                case .grown: grown = true
                case .changed: same = false
                }
                if !same { break }
            }
            if !same { state = nil } else { route = grown ? .pickedUp : .unchanged }
        }
        var devices: [DeviceFile]
        var built: Journal.Built?
        var moved: StoreWarning?
        var mustMove = false
        if let state {
            devices = state.marks.map { DeviceFile(continuing: $0, path: path(of: $0.name, in: folder)) }
        } else {
            var made = try rebuildLocked()
            // This device joined apart from one that took the same space first: its own file
            // moves to the space every view already reads it in (DeviceSpaces).
            if let device, let k = made.devices.firstIndex(where: { $0.name == device.name }), let move = made.moves[k] {
                if readOnly {
                    // Read only: shown as moved, the file moved by the next save (and said now).
                    moved = StoreWarning(kind: .deviceMoving, path: made.devices[k].path, side: made.devices[move.keeper].name,
                                         bytes: move.to + 1, line: move.from + 1)
                } else {
                    switch try moveOwnSpace(of: device, in: folder, lock: lock) {
                    case .moved(let warning):
                        moved = warning
                        made = try rebuildLocked()
                    case .cannot(let warning):
                        moved = warning
                        mustMove = true
                    case nil: break
                    }
                }
            }
            state = made.state
            devices = made.devices
            built = made.view
        }
        func owner(_ devices: [DeviceFile]) throws -> Int? {
            guard let device, let index = devices.firstIndex(where: { $0.name == device.name }) else { return nil }
            if let uid = devices[index].uid, uid != device.uid {
                throw LedgerError(.nameTaken, ["name": device.name, "folder": folder])
            }
            // A file of this name that does not (yet) say which device it is — emptied, or still
            // being written — is not this device's to write: nothing is saved until it reads whole.
            return devices[index].base == nil ? nil : index
        }
        var own = try owner(devices)
        var writes = !readOnly && !mustMove && own != nil
        let journal: Journal
        do {
            // A view just merged is opened from its bytes in memory (THE CACHE).
            journal = try Journal.open(view: view, readOnly: !writes, snapshots: cache + "/snapshots", built: built)
        } catch let error as StoreError where built == nil && [.corrupt, .notAJournal, .unsupportedVersion].contains(error.kind) {
            // A view kept from before that does not read whole (a crash tore the cache, which is
            // never synced) is rebuilt, never trusted.
            let made = try rebuildLocked()
            state = made.state
            devices = made.devices
            route = .rebuilt
            grown = false
            own = try owner(devices)
            writes = !readOnly && !mustMove && own != nil
            journal = try Journal.open(view: view, readOnly: !writes, snapshots: cache + "/snapshots", built: made.view)
        }
        let ledger = Ledger(folder: folder, devices: devices, copies: copies, journal: journal, own: own,
                            ownName: device?.name, state: state!, view: view, statePath: statePath, route: route, lock: lock)
        ledger.ownUID = device?.uid
        if grown, try ledger.pickUp() { try journal.catchUpWithFile() }
        if let moved { journal.warn(moved) }
        ledger.warnOfDamage()
        if writes, let own = ledger.own, let base = ledger.devices[own].base {
            // The journal and the ledger keep each other: the view lives as long as its process.
            journal.attach(Journal.DeviceHooks(owns: { ledger.owns($0) },
                                               forward: { try ledger.forward($0, merged: $1) },
                                               begin: { try ledger.beginSave() }, end: { ledger.endSave() },
                                               check: { try ledger.checkView() }),
                           idSpace: base..<(base + spaceSize))
            ledger.sideFloor = JournalRecovery.highestInSideFiles(of: ledger.devices[own].path).id
            ledger.raiseFloor()
        }
        journal.ledgerPickUp = { try ledger.pickUp() }
        return ledger
    }

    private init(folder: String, devices: [DeviceFile], copies: [String], journal: Journal, own: Int?, ownName: String?,
                 state: LedgerState, view: String, statePath: String, route: Route, lock: DeviceLock?) {
        self.lock = lock
        self.folder = folder
        self.devices = devices
        self.copies = copies
        self.journal = journal
        self.own = own
        self.ownName = ownName
        self.state = state
        viewPath = view
        self.statePath = statePath
        self.route = route
    }

    /// What became of a device file since its mark.
    private enum Look {
        case same
        /// Grown: the file read on from where the mark left off (its new changes only), and its stamp.
        case grown(DeviceFile, LedgerState.FileStamp)
        case changed
    }

    /// `readingOn` false: a grown file is only recognized, not read.
    private static func look(_ mark: LedgerState.Mark, in folder: String, readingOn: Bool = true) -> Look {
        let path = path(of: mark.name, in: folder)
        guard let now = LedgerState.stamp(path) else { return .changed }
        // A file whose header was not read whole (still arriving, or damaged), or that did not
        // read as it was read (an unsure mark), is read again from its start.
        if mark.nextLine == 1 || mark.size < 0 { return .changed }
        if now.inode == mark.inode, now.mtime == mark.mtime, now.size == mark.size { return .same }
        guard now.size >= mark.validEnd, let (head, tail) = LedgerState.probes(path, end: mark.validEnd),
              head == mark.headHash, tail == mark.tailHash else { return .changed }
        var device = DeviceFile(continuing: mark, path: path)
        guard readingOn else { return .grown(device, now) }
        guard device.readOn() else { return .changed }
        // The few new changes are checked whole: one the journal would refuse is left out.
        device.leaveOutRefused()
        return .grown(device, device.stamp ?? now)
    }

    /// Reads the whole folder, merges it, writes the view (when it differs) and the state. The
    /// view is read as it is merged (LedgerViewRead) and comes back read, with the view file's
    /// inode, for the journal to take without reading the file again; `placed`: the view file was
    /// replaced (else it already held these bytes). A change the journal refuses to read is left
    /// out and the folder merged again without it (DAMAGE).
    private static func rebuild(folder: String, names: [String], copies: [String], view: String, statePath: String) throws
        -> (state: LedgerState, devices: [DeviceFile], view: Journal.Built?, placed: Bool, moves: [Int: DeviceSpaces.Move]) {
        let paths = names.map { path(of: $0, in: folder) }
        var devices = try DeviceFile.read(names: names, paths: paths)
        // A file whose identity names another device is a copy of its journal (a backup left in
        // the folder under another name): not read, or it would show that device's transactions twice.
        devices = devices.map(\.unlessCopy)
        // Devices that joined apart with one space: each later one read as if moved (DeviceSpaces).
        let moves = DeviceSpaces.moves(devices)
        for (k, move) in moves { if let moved = devices[k].moved(to: move.to) { devices[k] = moved } }
        var checked = Set<Int>()
        var merge: LedgerMerge
        var built: Journal.Built?
        var placed = false
        while true {
            let temporary = try temporaryCache(beside: view)
            let result = LedgerViewRead.run(devices, writingTo: temporary.descriptor)
            var failure = result.failure
            if Glibc.close(temporary.descriptor) != 0, failure == 0 { failure = errno }
            var refused = result.refused
            if refused == nil, result.read == nil, failure == 0 { refused = refusal(inViewAt: temporary.path) }
            if failure == 0, let refused {
                unlink(temporary.path)
                guard leaveOut(refused, origins: result.merge.origins, devices: &devices, checked: &checked) else {
                    throw StoreError(.corrupt, path: view, detail: refused.detail, record: refused.line)
                }
                continue
            }
            merge = result.merge
            // A view that is already these bytes stays (a running session need not read it again).
            if failure == 0, LedgerState.stamp(view)?.size == result.size,
               let old = DeviceFile.contents(of: view), DeviceFile.contents(of: temporary.path) == old {
                unlink(temporary.path)
            } else {
                try placeCache(temporary, failure: failure)
                placed = true
            }
            built = result.read.map { Journal.Built(bytes: [], inode: 0, read: $0) }
            break
        }
        var state = LedgerState()
        state.copies = copies
        state.origins = merge.origins
        state.raws = merge.raws
        state.conflicts = merge.conflicts
        state.lastConsumed = merge.lastConsumed
        state.highest = devices.map(\.lastNumber).max() ?? 0
        // Each file marked as it was read; one that vanished or changed under the read is marked
        // unsure (read again whole next time), and the state is then not kept on disk.
        var complete = true
        for device in devices {
            if let stamp = device.stamp, let mark = LedgerState.mark(of: device, stamp: stamp) {
                state.marks.append(mark)
            } else {
                state.marks.append(LedgerState.unsure(device))
                complete = false
            }
        }
        // What was read is in the view now: the ledger keeps only where each file's reading stopped.
        for k in devices.indices { devices[k].forgetChanges() }
        let stamp = LedgerState.stamp(view)
        if let stamp { state.view = stamp }
        if complete, stamp != nil {
            try state.save(to: statePath)
        } else {
            LedgerState.forget(statePath)
        }
        guard let stamp, var built else { return (state, devices, nil, placed, moves) }
        built.inode = stamp.inode
        return (state, devices, built, placed, moves)
    }

    /// What moving this device's own file to its space came to (DeviceSpaces).
    enum OwnMove {
        /// Moved: the warning that says so.
        case moved(StoreWarning)
        /// It must move but cannot (its file is damaged): nothing is saved on it until repaired.
        case cannot(StoreWarning)
    }

    /// Moves this device's own file to the space DeviceSpaces gives it, when it joined apart from
    /// a device that took the same space first: the file rewritten whole (every change kept, its
    /// own numbers shifted, its identity naming the move's clock), atomically, under this
    /// device's lock, which is then taken on the new file. A save killed before it was whole
    /// (never acknowledged) goes aside first, as a save puts it. nil when there is nothing to
    /// move (or the file is another machine's: the open refuses that).
    static func moveOwnSpace(of device: (name: String, uid: String), in folder: String, lock: DeviceLock?) throws -> OwnMove? {
        guard let lock else { return nil }
        return try lock.withLock {
            let (names, _) = try list(folder)
            let devices = try DeviceFile.read(names: names, paths: names.map { path(of: $0, in: folder) }).map(\.unlessCopy)
            guard let k = devices.firstIndex(where: { $0.name == device.name }), devices[k].uid == device.uid,
                  let move = DeviceSpaces.moves(devices)[k] else { return nil }
            let own = devices[k]
            func warning(_ kind: StoreWarning.Kind) -> StoreWarning {
                StoreWarning(kind: kind, path: own.path, side: devices[move.keeper].name, bytes: move.to + 1, line: move.from + 1)
            }
            guard !own.damaged, let clock = DeviceClock.next(after: devices.map(\.lastNumber).max() ?? 0),
                  let bytes = own.movedLines(to: move.to, at: clock) else { return .cannot(warning(.deviceCannotMove)) }
            if own.size > own.validEnd, let whole = DeviceFile.contents(of: own.path), whole.count > own.validEnd {
                try JournalFile.writeNewFile(JournalRecovery.freeSidePath(for: own.path), Array(whole[own.validEnd...]))
            }
            try JournalFile.replaceKeepingOwner(JournalRecovery.resolved(own.path), with: bytes, stem: "moving")
            try lock.reacquire()
            return .moved(warning(.deviceMoved))
        }
    }

    /// Leaves out the device change the journal refused at line `refused.line` of the merged view
    /// (`origins`: where each merged change came from). The first time a device's change is
    /// refused, its whole file is checked, so all it holds that the journal would refuse goes in
    /// one merge more. False when the line is no device change's.
    private static func leaveOut(_ refused: (line: Int, detail: String), origins: [LedgerMerge.Origin],
                                 devices: inout [DeviceFile], checked: inout Set<Int>) -> Bool {
        // The view: its header, then each merged change's records, one per line of its device change.
        var at = 2
        for origin in origins {
            guard origin.device < devices.count, let k = devices[origin.device].changeIndex(origin.number) else { return false }
            let count = devices[origin.device].changes[k].lines.count
            guard refused.line >= at + count else {
                let d = origin.device
                if checked.insert(d).inserted {
                    devices[d].leaveOutRefused()
                    if devices[d].changeIndex(origin.number) == nil { return true }
                }
                return devices[d].leaveOut(change: origin.number, part: refused.line - at, detail: refused.detail)
            }
            at += count
        }
        return false
    }

    /// The line the journal refuses in the view written at `path`, read the way the journal reads
    /// it (when the view was not read as it was merged).
    private static func refusal(inViewAt path: String) -> (line: Int, detail: String)? {
        guard let bytes = DeviceFile.contents(of: path), JournalState.checkHeader(bytes) == nil,
              let headerEnd = bytes.firstIndex(of: RecordCodec.newline) else { return nil }
        var state = JournalState()
        state.bytes = bytes
        state.validEnd = headerEnd + 1
        state.nextLine = 2
        if case .corrupt(let line, let detail) = state.ingest(trusted: true) { return (line, detail) }
        return nil
    }

    /// Puts `bytes` at `path` (in the cache) through a temporary beside it, renamed over it.
    /// Not fsynced: a cache torn by a crash fails its checks on the next open and is rebuilt.
    static func writeCache(_ bytes: [UInt8], to path: String) throws {
        let temporary = try temporaryCache(beside: path)
        var failure = bytes.withUnsafeBytes { SafeFile.writeAll($0, to: temporary.descriptor) }?.code ?? 0
        if Glibc.close(temporary.descriptor) != 0, failure == 0 { failure = errno }
        try placeCache(temporary, failure: failure)
    }

    /// A new temporary file beside `path`, for a cache file written whole and then renamed over it.
    static func temporaryCache(beside path: String) throws -> SafeFile.Temporary {
        switch SafeFile.create(beside: path, mode: 0o600) {
        case .success(let t): return t
        case .failure(let e): throw StoreError(.unwritable, path: path, errno: e.code)
        }
    }

    /// Renames `temporary` (written and closed; `failure`: the errno of its writing, 0 if none)
    /// over its target, or removes it and throws.
    static func placeCache(_ temporary: SafeFile.Temporary, failure: Int32) throws {
        var failure = failure
        if failure == 0, rename(temporary.path, temporary.target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw StoreError(.unwritable, path: temporary.target, errno: failure)
        }
    }

    /// The device names and sync-tool copies of `folder`, sorted. Only a regular file is a
    /// device's journal: a directory, a symbolic link, a FIFO or a device node under a
    /// device's name is never opened (a FIFO would block every command) and is listed with
    /// the copies, which `devices` names and nothing reads.
    static func list(_ folder: String) throws -> ([String], [String]) {
        guard let dir = opendir(folder) else { throw LedgerError(.notAFolder, ["folder": folder]) }
        defer { closedir(dir) }
        var names: [String] = [], copies: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            switch DeviceName.kind(ofFile: name) {
            case .device(let device):
                if isRegularFile(folder + "/" + name) { names.append(device) } else { copies.append(name) }
            case .copy: copies.append(name)
            case .other: break
            }
        }
        names.sort()
        copies.sort()
        return (names, copies)
    }

    /// Whether `path` is a regular file itself (a symbolic link is not followed).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The device files (read whole) and sync-tool copies of `folder`, devices sorted by name.
    static func scan(_ folder: String) throws -> ([DeviceFile], [String]) {
        let (names, copies) = try list(folder)
        return (try names.map { try DeviceFile.read(name: $0, path: path(of: $0, in: folder)).unlessCopy }, copies)
    }

    /// Brings the view up to the folder (THE CACHE): nothing when no device file changed, the new
    /// changes appended when files only grew, else a rebuild. True when the view file changed
    /// (the journal must catch up). Called by `Journal.refresh()` and by open.
    func pickUp() throws -> Bool {
        try withLock {
            for _ in 0..<3 {
                if let done = try pickUpOnce() { return done }
                // The view moved on under this process (another kassa of this device wrote it): catch
                // up with it and its state, then look again.
                try journal.catchUpWithFile()
                if let saved = LedgerState.load(statePath), LedgerState.stamp(viewPath) == saved.view,
                   saved.marks.map(\.name) == state.marks.map(\.name) {
                    take(saved)
                }
            }
            try rebuildNow()
            return true
        }
    }

    /// Runs `body` under this device's lock, when this process is one of its devices.
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        guard let lock else { return try body() }
        return try lock.withLock(body)
    }

    /// Takes a state another process of this device saved for the view as it is now.
    private func take(_ saved: LedgerState) {
        state = saved
        devices = saved.marks.map { DeviceFile(continuing: $0, path: Ledger.path(of: $0.name, in: folder)) }
        own = ownName.flatMap { name in devices.firstIndex { $0.name == name && $0.base != nil } }
    }

    /// One attempt: nil when the view is not the one this process and its state know.
    private func pickUpOnce() throws -> Bool? {
        let (names, copies) = try Ledger.list(folder)
        guard names == state.marks.map(\.name), copies == self.copies else {
            try rebuildNow()
            return true
        }
        var grown: [(Int, DeviceFile, LedgerState.FileStamp)] = []
        for (k, mark) in state.marks.enumerated() {
            switch Ledger.look(mark, in: folder) {
            case .same: continue
            case .grown(let device, let stamp): grown.append((k, device, stamp))
            case .changed:
                try rebuildNow()
                return true
            }
        }
        if grown.isEmpty {
            guard LedgerState.stamp(viewPath) == state.view else { return nil }
            route = .unchanged
            return false
        }
        for (k, device, _) in grown {
            for change in device.changes where device.isIdentity(change) || LedgerMerge.Origin(device: k, number: change.number) <= state.lastConsumed {
                try rebuildNow()
                return true
            }
        }
        for (k, device, _) in grown where device.damage.count > devices[k].damage.count { warn(of: device) }
        let handle = try JournalFile.open(path: viewPath, io: SystemJournalIO(), create: false)
        _ = try handle.lock()
        defer { handle.unlock() }
        guard LedgerState.stamp(viewPath) == state.view, journal.state.validEnd == state.view.size,
              journal.state.bytes.count == state.view.size else { return nil }
        guard var merge = LedgerMerge(resuming: state, names: state.marks.map(\.name), state: journal.state,
                                      line: { Ledger.line(in: handle, at: $0) }) else { return nil }
        var news = state.marks.map { DeviceFile(continuing: $0, path: Ledger.path(of: $0.name, in: folder)) }
        for (k, device, _) in grown { news[k] = device }
        merge.admit(news)
        merge.release()
        try handle.append(merge.bytes, at: state.view.size, sync: false)
        state.origins = merge.origins
        state.raws = merge.raws
        state.conflicts = merge.conflicts
        state.lastConsumed = merge.lastConsumed
        for (k, device, stamp) in grown {
            state.highest = max(state.highest, device.lastNumber)
            guard let mark = LedgerState.mark(of: device, stamp: stamp) else {
                LedgerState.forget(statePath)
                return nil
            }
            state.marks[k] = mark
            devices[k] = DeviceFile(continuing: mark, path: device.path)
        }
        guard let stamp = LedgerState.stamp(viewPath) else { return nil }
        state.view = stamp
        try state.save(to: statePath)
        route = .pickedUp
        return true
    }

    /// The whole folder read and merged again (the view replaced: the journal reloads it, taking
    /// the state read as it was merged).
    private func rebuildNow() throws {
        let (names, copies) = try Ledger.list(folder)
        var built = try Ledger.rebuild(folder: folder, names: names, copies: copies, view: viewPath, statePath: statePath)
        // A device that joined apart arrived while this process writes: this device moves now if
        // it is the later one (DeviceSpaces), before anything more is numbered.
        if journal.deviceHooks != nil, let ownName, let ownUID, let k = built.devices.firstIndex(where: { $0.name == ownName }),
           built.moves[k] != nil {
            switch try Ledger.moveOwnSpace(of: (ownName, ownUID), in: folder, lock: lock) {
            case .moved(let warning):
                journal.warn(warning)
                built = try Ledger.rebuild(folder: folder, names: names, copies: copies, view: viewPath, statePath: statePath)
            case .cannot(let warning):
                journal.warn(warning)
                mustMove = true
            case nil: break
            }
        }
        if built.placed, let view = built.view { journal.adopt(view) }
        state = built.state
        devices = built.devices
        self.copies = copies
        own = ownName.flatMap { name in devices.firstIndex { $0.name == name && $0.base != nil } }
        route = .rebuilt
        warnOfDamage()
    }

    /// Says, for each device file with damage, that the ledger is incomplete (a warning naming
    /// the file and the lines left out; one whose header does not read, that nothing of it is read).
    func warnOfDamage() {
        for device in devices where device.damaged { warn(of: device) }
    }

    private func warn(of device: DeviceFile) {
        if device.damage.contains(where: { $0.kind == .header }) {
            journal.warn(StoreWarning(kind: .deviceHeaderDamaged, path: device.path, side: "", bytes: device.size, line: 1))
            return
        }
        guard let first = device.damage.first else { return }
        journal.warn(StoreWarning(kind: .deviceDamaged, path: device.path, side: "", bytes: device.damage.count, line: first.line,
                                  lines: device.damage.map(\.line)))
    }

    /// The fields (after the checksum) of the view's record line at `offset`.
    static func line(in file: JournalFile, at offset: Int) -> [Substring]? {
        var length = 512
        while true {
            guard let size = try? file.size() else { return nil }
            let end = min(offset + length, size)
            guard end > offset, let bytes = try? file.read(offset..<end) else { return nil }
            if let lf = bytes.firstIndex(of: RecordCodec.newline) {
                guard lf > RecordLine.bodyOffset else { return nil }
                return String(decoding: bytes[RecordLine.bodyOffset..<lf], as: UTF8.self)
                    .split(separator: "\t", omittingEmptySubsequences: false)
            }
            if end == size { return nil }
            length *= 4
        }
    }

    /// True when merged change `number` is this device's (undo and redo take only those). A
    /// change past the merge was appended by this device's kassa processes.
    func owns(_ number: Int64) -> Bool {
        let k = Int(number) - 1
        return k >= state.origins.count || state.origins[k].device == own
    }

    static func appendLine(_ body: String, to out: inout [UInt8]) {
        let bytes = Array(body.utf8)
        out.append(contentsOf: LedgerMerge.hex(CRC32.checksum(bytes)))
        out.append(RecordCodec.tab)
        out.append(contentsOf: bytes)
        out.append(RecordCodec.newline)
    }

    static func makeDirectories(_ path: String) throws {
        var at = ""
        for part in path.split(separator: "/") {
            at += "/" + part
            if mkdir(at, 0o700) != 0, errno != EEXIST { throw StoreError(.unwritable, path: at, errno: errno) }
        }
    }
}
