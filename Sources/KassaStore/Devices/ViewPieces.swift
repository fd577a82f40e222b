// ViewPieces: how much of a merged view is ready, told by the merge's thread to the thread that
// reads the view while it is merged (LedgerViewRead) — a count of ready bytes that only grows and
// whether the merge is done, under a pthread mutex with a condition to wait on. The mutex is
// also what makes the bytes written before a `publish` visible to the reader after its `wait`.
// Both threads write the view's file (whichever has the time: LedgerViewRead), each the bytes it
// claimed here, so every byte is written once; the first failed write's errno is kept here.

#if canImport(Glibc)
import Glibc
#endif

final class ViewPieces: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var ready = 0
    private var done = false
    /// Bytes before this are claimed for writing to the view's file.
    private var claimed = 0
    /// errno of the first failed write (0: none).
    private var failure: Int32 = 0

    init() {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// The first `end` bytes are ready (whole lines).
    func publish(_ end: Int) {
        pthread_mutex_lock(lock)
        ready = end
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// Nothing more comes.
    func finish() {
        pthread_mutex_lock(lock)
        done = true
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// How many bytes are ready, and whether nothing more comes, without waiting.
    func now() -> (ready: Int, done: Bool) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return (ready, done)
    }

    /// Claims the bytes from the last claim up to `end` for writing: what this caller writes
    /// (empty when another claimed them first).
    func claim(upTo end: Int) -> Range<Int> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let from = claimed
        claimed = max(claimed, end)
        return from..<claimed
    }

    /// A write failed with `code`; the first failure is the one kept.
    func failed(_ code: Int32) {
        pthread_mutex_lock(lock)
        if failure == 0 { failure = code }
        pthread_mutex_unlock(lock)
    }

    /// errno of the first failed write (0: none).
    var firstFailure: Int32 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return failure
    }

    /// Waits until more than `seen` bytes are ready or nothing more comes.
    func wait(beyond seen: Int) -> (ready: Int, done: Bool) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while ready <= seen, !done { pthread_cond_wait(changed, lock) }
        return (ready, done)
    }
}
