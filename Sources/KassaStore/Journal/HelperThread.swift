// HelperThread: one piece of work on a thread of its own, joined by the caller — the store's use of
// the machine's second core when opening a big journal (the read of the file, ReadAhead's parsing).
// A pthread rather than libdispatch, whose concurrentPerform ran everything on the calling thread
// on Linux. KassaStore cannot use the shell's TwoThreads, and needs start and join apart.

#if canImport(Glibc)
import Glibc
#endif

final class HelperThread {
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    private var thread = pthread_t()
    private var job: (() -> Void)?
    /// False when no thread could be made: the work runs only in `join` (a caller that waits
    /// for the work's results before joining must join first).
    let started: Bool

    /// Starts `work` on a new thread; when no thread can be made, `join` runs it instead.
    init(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Job(work))
        var handle = pthread_t()
        started = pthread_create(&handle, nil, { raw in
            Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
            return nil
        }, box.toOpaque()) == 0
        thread = handle
        if !started {
            box.release()
            job = work
        }
    }

    /// Waits for the work to finish (or does it here). Call exactly once.
    func join() {
        if let job {
            job()
            self.job = nil
        } else {
            pthread_join(thread, nil)
        }
    }
}
