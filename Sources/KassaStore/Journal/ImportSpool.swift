// ImportSpool: where a streamed import keeps its encoded records until it knows how many there
// are (every record line carries PART/PARTS, so nothing can be written to the journal before the
// count is known). An unnamed temporary file beside the journal (O_TMPFILE; else a named one
// unlinked at once): the records of a million-line import live in the page cache, not in the
// process, and a crash leaves nothing behind to clean up.
// Each record is one line: the transaction's fields as the journal writes them (each preceded by
// a tab, the id first) and a newline; fields never hold a raw newline (they are escaped).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ImportSpool {
    private var fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes written to the file so far (not counting `buffer`).
    private var flushed = 0
    private static let flushSize = 1 << 20

    /// Opens a temporary file in the directory of `path` (the journal's).
    init(besideJournal path: String) throws {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let folder = directory.isEmpty ? "/" : directory
        #if os(Linux)
        // O_TMPFILE (Linux 3.11): an inode with no name at all. Glibc's macro does not reach Swift.
        let tmpfile: Int32 = 0o20_200_000
        fd = open(folder, O_RDWR | O_CLOEXEC | tmpfile, 0o600)
        #else
        fd = -1
        #endif
        if fd < 0 {
            var template = Array((folder + "/.kassa-import-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw StoreError(.unwritable, path: folder, errno: errno) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        buffer.reserveCapacity(ImportSpool.flushSize + 4096)
    }

    deinit { close(fd) }

    /// All bytes appended so far.
    var count: Int { flushed + buffer.count }

    /// Appends one record: `body` already holds the fields; the newline is added here.
    func append(_ body: inout [UInt8]) throws {
        body.append(RecordCodec.newline)
        buffer.append(contentsOf: body)
        if buffer.count >= ImportSpool.flushSize { try flush() }
    }

    /// Appends records another thread encoded, each its fields and a newline: copied into the
    /// buffer when they fit, else written as they are (after what the buffer holds).
    func append(records: UnsafeBufferPointer<UInt8>) throws {
        guard buffer.count + records.count > ImportSpool.flushSize else {
            buffer.append(contentsOf: records)
            return
        }
        try flush()
        try write(UnsafeRawBufferPointer(records))
    }

    func flush() throws {
        try buffer.withUnsafeBytes { try write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` at the end of the file.
    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(flushed + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw StoreError(n < 0 && errno == ENOSPC ? .noSpace : .unwritable, path: "", errno: errno) }
            done += n
        }
        flushed += bytes.count
    }

    /// Calls `body` with each record line (without its newline), in order, reading the file back
    /// in chunks of about a megabyte.
    func forEachRecord(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try flush()
        var chunk = [UInt8](repeating: 0, count: ImportSpool.flushSize)
        var offset = 0
        var kept = 0
        while offset < flushed {
            let room = chunk.count - kept
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + kept, min(room, flushed - offset), off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw StoreError(.unreadable, path: "", errno: n < 0 ? errno : EIO) }
            offset += n
            let filled = kept + n
            let consumed = try chunk.withUnsafeBufferPointer { buffer -> Int in
                var start = 0
                let base = buffer.baseAddress!
                while start < filled, let found = memchr(base + start, Int32(RecordCodec.newline), filled - start) {
                    let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    try body(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
                    start = newline + 1
                }
                return start
            }
            // A record cut by the chunk's end moves to the front; a record longer than the chunk grows it.
            kept = filled - consumed
            if kept > 0 { chunk.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: $0.baseAddress! + consumed, count: kept) } }
            if kept == chunk.count { chunk.append(contentsOf: repeatElement(0, count: chunk.count)) }
        }
    }
}
