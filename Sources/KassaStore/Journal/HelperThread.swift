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

    /// Starts `work` on a new thread; when no thread can be made, `join` runs it instead.
    init(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Job(work))
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
            return nil
        }, box.toOpaque()) == 0
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
