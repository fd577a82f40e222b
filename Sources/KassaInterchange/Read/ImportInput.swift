// ImportInput: the bytes of a file being imported, read in chunks of a few megabytes so a
// line-by-line reader (BackupReader) never holds the whole file: its lines are handed out one at
// a time, a line cut by a chunk's end carried into the next. `prefix` peeks at the start (format
// detection) without losing it; `readAll` gives the rest whole, for the readers that need the
// whole table (CSV, whose quoted cells may hold newlines). A UTF-8 byte order mark is dropped.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class ImportInput {
    private let fd: Int32
    private let owned: Bool
    /// Bytes read but not handed out yet.
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var failed = false
    private var checkedMark = false
    /// Bytes read at a time (a few megabytes: few system calls, little memory).
    private let chunkSize: Int
    /// `nextBlock`'s buffers, the next one to fill, the bytes after the last block's last LF,
    /// and whether the last block was given.
    private var ring: [Slot] = []
    private var turn = 0
    private var carried: UnsafeBufferPointer<UInt8>?
    private var blocksDone = false

    /// Opens `path` for reading; nil when it cannot be read.
    public convenience init?(path: String, chunkSize: Int = 4 << 20) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { close(fd); return nil }
        self.init(fd: fd, owned: true, chunkSize: chunkSize)
    }

    /// Reads from an open descriptor (standard input: 0), which stays open unless `owned`.
    public init(fd: Int32, owned: Bool = false, chunkSize: Int = 4 << 20) {
        self.fd = fd
        self.owned = owned
        self.chunkSize = max(1, chunkSize)
    }

    /// Bytes already in memory (tests, small inputs).
    public init(bytes: [UInt8]) {
        fd = -1
        owned = false
        buffer = bytes
        ended = true
        chunkSize = 1
    }

    deinit { if owned { close(fd) } }

    /// True when a read failed (the file vanished, an I/O error): what was read is incomplete.
    public var readFailed: Bool { failed }

    /// Reads one more chunk onto the buffer; false at the end of the input.
    private func fill() -> Bool {
        guard !ended else { return false }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let old = buffer.count
        var got = 0
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunkSize) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { failed = true }
            got = max(n, 0)
            break
        }
        buffer.removeLast(chunkSize - got)
        if got == 0 { ended = true }
        dropMark()
        return got > 0
    }

    private func dropMark() {
        guard !checkedMark, buffer.count - start >= 3 || ended else { return }
        checkedMark = true
        if buffer.count - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF { start += 3 }
    }

    /// The first `count` bytes (fewer at the end of the input), left in place for what reads next.
    public func prefix(_ count: Int) -> [UInt8] {
        dropMark()
        while buffer.count - start < count, fill() {}
        return Array(buffer[start..<min(buffer.count, start + count)])
    }

    /// Everything not read yet.
    public func readAll() -> [UInt8] {
        // A regular file's size up front: one allocation, no regrowth copies of a 100 MB table.
        var info = stat()
        if !ended, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            let here = lseek(fd, 0, SEEK_CUR)
            if here >= 0 { buffer.reserveCapacity(buffer.count + max(0, Int(info.st_size) - Int(here)) + chunkSize) }
        }
        while fill() {}
        dropMark()
        let rest = start == 0 ? buffer : Array(buffer[start...])
        buffer = []
        start = 0
        return rest
    }

    /// The next block of whole lines (it ends after a LF, or at the end of the input), of about
    /// a chunk; nil at the end. Each block is read into a buffer of its own, one of three in
    /// turn, so a block stays as it is while the next two are read: a reader hands one block on
    /// while the next is decoded and the one after is read. Read with read(2) copies, never a
    /// mapping: a file cut short under us (or a pipe) cannot fault.
    public func nextBlock() -> UnsafeBufferPointer<UInt8>? {
        dropMark()
        guard !blocksDone else { return nil }
        if ring.isEmpty {
            // What `prefix` already read is carried into the first block.
            for _ in 0..<3 { ring.append(Slot(capacity: chunkSize + max(buffer.count - start, 0) + 1)) }
        }
        let slot = ring[turn]
        turn = (turn + 1) % ring.count
        // The bytes after the last block's last LF (or the ones read before) come first.
        var count = 0
        if let carry = carried {
            slot.reserve(carry.count + chunkSize)
            slot.base.update(from: carry.baseAddress!, count: carry.count)
            count = carry.count
            carried = nil
        } else if buffer.count > start {
            let rest = buffer.count - start
            slot.reserve(rest + chunkSize)
            buffer.withUnsafeBufferPointer { slot.base.update(from: $0.baseAddress! + start, count: rest) }
            count = rest
        }
        buffer = []
        start = 0
        var searched = 0
        while true {
            // A block of about a chunk even from a pipe (which gives 64 KB a read): then it ends
            // after its last LF (one carried from before ends it without reading more).
            if count >= chunkSize || ended {
                var last = count - 1
                while last >= searched, slot.base[last] != 10 { last -= 1 }
                if last >= searched {
                    let end = last + 1
                    if end < count { carried = UnsafeBufferPointer(start: slot.base + end, count: count - end) }
                    return markChecked(UnsafeBufferPointer(start: slot.base, count: end))
                }
                searched = count
                if ended { break }
            }
            slot.reserve(count + chunkSize)
            var n = 0
            while true {
                n = read(fd, slot.base + count, chunkSize)
                if n < 0, errno == EINTR { continue }
                break
            }
            if n < 0 { failed = true }
            if n <= 0 { ended = true } else { count += n }
        }
        // The end of the input: the rest is the last block (a line without its LF).
        blocksDone = true
        return count > 0 ? markChecked(UnsafeBufferPointer(start: slot.base, count: count)) : nil
    }

    /// The first block without a byte order mark (when `dropMark` could not see it yet).
    private func markChecked(_ block: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard !checkedMark else { return block }
        checkedMark = true
        guard block.count >= 3, block[0] == 0xEF, block[1] == 0xBB, block[2] == 0xBF else { return block }
        return block.count > 3 ? UnsafeBufferPointer(rebasing: block[3...]) : nextBlock()
    }

    /// A buffer of `nextBlock`'s.
    private final class Slot {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        /// Room for `size` bytes, what is there kept (a line longer than a chunk grows it).
        func reserve(_ size: Int) {
            guard size > capacity else { return }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(size, capacity * 2))
            bigger.update(from: base, count: capacity)
            base.deallocate()
            base = bigger
            capacity = max(size, capacity * 2)
        }
    }

    /// Calls `body` with each line (without its LF; a CR before it and spaces around are the
    /// reader's to trim) and its number, counting from 1.
    public func forEachLine(_ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Void) rethrows {
        dropMark()
        var number = 0
        while true {
            let consumed = try buffer.withUnsafeBufferPointer { whole -> Int in
                var at = start
                let end = whole.count
                guard let base = whole.baseAddress else { return at }
                while at < end, let found = memchr(base + at, 10, end - at) {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    number += 1
                    try body(UnsafeBufferPointer(rebasing: whole[at..<newline]), number)
                    at = newline + 1
                }
                return at
            }
            start = consumed
            if !fill() { break }
        }
        if start < buffer.count {
            number += 1
            try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start...]), number) }
        }
        buffer = []
        start = 0
    }
}
