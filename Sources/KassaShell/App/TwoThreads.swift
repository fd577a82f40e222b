// TwoThreads: runs two pieces of work at once, one on a new thread and one on the caller's,
// and returns when both are done. For `kassa parse` batches: libdispatch's concurrentPerform
// ran both halves on the calling thread on Linux, so this asks the system for a thread itself.

#if canImport(Glibc)
import Glibc
#endif

enum TwoThreads {
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// Runs `second` on another thread and `first` here; falls back to running both here when
    /// no thread can be made.
    static func run(_ first: () -> Void, _ second: @escaping () -> Void) {
        let job = Unmanaged.passRetained(Job(second))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
            job.work()
            return nil
        }, job.toOpaque())
        guard started == 0 else {
            job.takeRetainedValue().work()
            first()
            return
        }
        first()
        pthread_join(thread, nil)
    }
}
