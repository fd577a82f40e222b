// DeviceLock: the exclusive lock on this device's own journal in a ledger folder (`DIR/NAME.kassa`)
// — the one place every kassa process of a device serializes, exactly as processes of a single
// journal serialize on its flock (Journal/JournalFile.swift). Two sessions of one device (two
// terminals, a scheduled `kassa due --yes` beside an interactive session, even with caches of
// their own) each number a save only under this lock, after reading what the other wrote to the
// file (Ledger: SAVING), so no transaction number is acknowledged twice. Every change a process
// of this device makes to its merged view (a rebuild, new changes appended) is made under it too,
// so the view cannot change between a save's numbering and its write.
//
// The lock is re-entrant within a process (a save that first brings the view up to date takes it
// once). It is taken on whatever file is at the path when it is taken (JournalFile.lock: a file
// replaced by `kassa repair` is opened again). A device whose file is not in the folder takes no
// lock: it has nothing of its own there, and does not write.

#if canImport(Glibc)
import Glibc
#endif

final class DeviceLock {
    let path: String
    /// The own file, open while the lock is held.
    private(set) var file: JournalFile?
    private var depth = 0

    init(path: String) {
        self.path = path
    }

    /// True while this process holds the lock.
    var held: Bool { depth > 0 && file != nil }

    /// Takes the lock (waiting up to the journal's timeout for another process; `.locked` then),
    /// or counts one more holder. Without a file at the path, nothing is locked.
    func lock() throws {
        if depth > 0 {
            depth += 1
            return
        }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            depth = 1
            return
        }
        let file = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try file.lock()
        self.file = file
        depth = 1
    }

    /// Lets go of one hold; the last one unlocks and closes the file.
    func unlock() {
        guard depth > 0 else { return }
        depth -= 1
        guard depth == 0 else { return }
        file?.unlock()
        file = nil
    }

    /// After this process replaced the file it holds the lock on (a device moving its space):
    /// the lock taken on the file now at the path, the replaced one let go, the hold kept.
    func reacquire() throws {
        guard depth > 0, let old = file else { return }
        let new = try JournalFile.open(path: path, io: SystemJournalIO(), create: false)
        _ = try new.lock()
        file = new
        old.unlock()
    }

    /// Runs `body` with the lock held.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        try lock()
        defer { unlock() }
        return try body()
    }
}
