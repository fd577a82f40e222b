// ByteBuffer: a growing byte buffer that lets a writer put a row of at most N bytes straight
// into its spare room through a ByteCursor: one capacity check per row instead of one per
// piece, and no copy of the row. Listings (`kassa list`, `list --json`) format a chunk of rows
// into one of these per thread.

public struct ByteBuffer {
    /// Always fully "initialized" as far as Array knows; bytes past `count` are scratch room.
    private var storage: [UInt8]
    public private(set) var count = 0

    public init(capacity: Int) {
        let size = max(capacity, 256)
        storage = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
    }

    /// Lets `body` write at most `limit` bytes at the end; the buffer grows first if it must.
    public mutating func write(atMost limit: Int, _ body: (inout ByteCursor) -> Void) {
        if storage.count - count < limit { grow(to: count + limit) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(buffer.baseAddress! + start)
            body(&cursor)
            return cursor.count
        }
        // Past the limit the row overwrote memory: stop rather than print what is there.
        precondition(written <= limit, "a row wrote more bytes than it reserved")
        count += written
    }

    private mutating func grow(to needed: Int) {
        let size = max(needed, storage.count * 2)
        let old = storage
        let used = count
        storage = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            old.withUnsafeBufferPointer { buffer.baseAddress!.update(from: $0.baseAddress!, count: used) }
            initialized = size
        }
    }

    /// The bytes written.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    public var bytes: [UInt8] { Array(storage[0..<count]) }
}

extension Array where Element == UInt8 {
    /// Appends what `body` writes (at most `limit` bytes) through a cursor on a scratch.
    @inlinable public mutating func appendWritten(atMost limit: Int, _ body: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit) { scratch in
            var cursor = ByteCursor(scratch.baseAddress!)
            body(&cursor)
            precondition(cursor.count <= limit, "a row wrote more bytes than it reserved")
            append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<cursor.count]))
        }
    }
}
