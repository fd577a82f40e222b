// Deferred: a value made on first use, once, by whichever thread asks first, then shared by
// every copy of the struct that holds it. Start-up's tool: the built-in messages, session
// words and category names are kept as text until a command first looks one up, so a command
// that never shows a message (`kassa parse --json`) never reads them.

import Synchronization

/// @unchecked: `stored` is written once, under `lock`, before `ready` is set with release
/// ordering, and read only after `ready` is seen with acquire ordering — so a value once made is
/// read without the lock (a listing asks for its money formatter once per row).
public final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    private let lock = Mutex<Void>(())
    private let ready = Atomic<Bool>(false)
    private let stored = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    deinit {
        if ready.load(ordering: .acquiring) { stored.deinitialize(count: 1) }
        stored.deallocate()
    }

    /// The value, made now if nobody asked before. Two threads asking at once: one makes it,
    /// the other waits for it; it is never made twice.
    public var value: Value {
        if ready.load(ordering: .acquiring) { return stored.pointee }
        return lock.withLock { _ in
            if ready.load(ordering: .acquiring) { return stored.pointee }
            let value = make()
            stored.initialize(to: value)
            ready.store(true, ordering: .releasing)
            return value
        }
    }
}
