// MemoryArena: raw buffers of plain values that are freed together when their arena goes away.
// The grammar's hot tables and a line's working memory are read through raw pointers (a load per
// access, no reference counting); every such buffer is taken from an arena, so none of them has
// to be listed and freed by hand.

final class MemoryArena: @unchecked Sendable {
    // @unchecked: buffers are handed out while their owner is built; afterwards the owner only
    // reads them (a Grammar) or uses them from one thread at a time (a LineScratch).
    private var blocks: [UnsafeMutableRawPointer] = []

    init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// How many buffers the arena owns (for tests).
    var count: Int { blocks.count }

    /// Room for `count` values (at least one), uninitialized. T must be a plain value: the
    /// arena frees memory without deinitializing it.
    func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, count))
        blocks.append(UnsafeMutableRawPointer(p))
        return p
    }

    /// A copy of `array` that lives as long as the arena.
    func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer(start: allocate(T.self, count: array.count), count: array.count)
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(buffer)
    }

    /// `count` values of `value`, to fill in place.
    func filled<T>(_ value: T, count: Int) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer(start: allocate(T.self, count: count), count: count)
        buffer.initialize(repeating: value)
        return buffer
    }
}
