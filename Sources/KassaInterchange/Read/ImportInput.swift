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

    /// Calls `body` with blocks of whole lines (each block ends after a LF, or at the end of the
    /// input) of about a chunk each, and the number of the block's first line; `body` returns
    /// how many lines the block held.
    public func forEachBlock(_ body: (_ block: UnsafeBufferPointer<UInt8>, _ firstLine: Int) throws -> Int) rethrows {
        dropMark()
        var number = 1
        while true {
            let more = fill()
            let consumed = try buffer.withUnsafeBufferPointer { whole -> Int in
                guard let base = whole.baseAddress, whole.count > start else { return start }
                // The block ends after its last LF; at the end of the input, at the end.
                var end = whole.count
                if more {
                    var last = whole.count - 1
                    while last >= start, base[last] != 10 { last -= 1 }
                    guard last >= start else { return start }
                    end = last + 1
                }
                let block = UnsafeBufferPointer(rebasing: whole[start..<end])
                number += try body(block, number)
                return end
            }
            start = consumed
            if !more { break }
        }
        buffer = []
        start = 0
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
