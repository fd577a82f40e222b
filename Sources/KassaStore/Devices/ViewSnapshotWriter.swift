// ViewSnapshotWriter: the snapshot of a ledger's view just merged, written on a helper thread
// after the open returns — the first open's last serial step (tens of milliseconds for a million
// transactions, one core busy and the other idle) moved off its answer. The process waits for
// it before it exits (atexit), and every ledger open in the same process waits for the ones
// before (Ledger.open), so a later open finds the snapshot as if it had been written at once.
// Nothing depends on it being there: the snapshot is a cache with its own content hash
// (JournalSnapshot), written through a temporary file renamed over the old one; a process killed
// before it is whole leaves the old snapshot or none, and the next open reads the view whole.
// The thread holds a copy of the journal's state: arrays shared until the journal changes them.

#if canImport(Glibc)
import Glibc
#endif

enum ViewSnapshotWriter {
    /// The state a writer thread saves (its arrays are only read there).
    private final class Job: @unchecked Sendable {
        let state: JournalState
        init(_ state: JournalState) { self.state = state }
    }

    /// The writer threads not yet joined, under `lock`.
    private final class Pending: @unchecked Sendable {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var threads: [HelperThread] = []
        var waitsAtExit = false
        init() { pthread_mutex_init(lock, nil) }
    }
    private static let pending = Pending()

    /// Writes the snapshot of `state` (a view read whole, its parsed bytes given back, their
    /// prefix hash `prefix`) to `path`, on a thread of its own; here when no thread can be made.
    static func save(_ state: JournalState, to path: String, prefix: UInt64) {
        let job = Job(state)
        let thread = HelperThread { JournalSnapshot.save(job.state, to: path, prefix: prefix, sync: false) }
        guard thread.started else {
            thread.join()
            return
        }
        pthread_mutex_lock(pending.lock)
        pending.threads.append(thread)
        let register = !pending.waitsAtExit
        pending.waitsAtExit = true
        pthread_mutex_unlock(pending.lock)
        if register { atexit { ViewSnapshotWriter.finish() } }
    }

    /// Waits for every snapshot still being written.
    static func finish() {
        pthread_mutex_lock(pending.lock)
        let threads = pending.threads
        pending.threads = []
        pthread_mutex_unlock(pending.lock)
        for thread in threads { thread.join() }
    }
}
