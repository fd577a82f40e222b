// ImportSpool: where a streamed import keeps its encoded records until it knows how many there
// are (every record line carries PART/PARTS, so nothing can be written to the journal before the
// count is known). In memory first, in chunks of whole records mapped apart from the heap (so
// each is given back to the system the moment the journal's lines are built from it): a
// million-line import (~110 MB) never goes through the kernel twice. Past `memoryLimit` every
// record moves to an unnamed temporary file beside the journal (O_TMPFILE; else a named one
// unlinked at once), whose pages are the page cache's, not the process's; a crash leaves
// nothing behind to clean up either way.
// Each record is one line: the transaction's fields as the journal writes them (each preceded by
// a tab, the id first) and a newline; fields never hold a raw newline (they are escaped).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ImportSpool {
    /// Bytes held in memory before the records move to a file.
    static let memoryLimit = 256 << 20
    /// Size of a memory chunk (larger only for a record that needs it).
    static let chunkSize = 4 << 20

    private let folder: String
    private let memoryLimit: Int
    /// Whole records in memory, in order (empty once they moved to the file).
    private var chunks: [Chunk] = []
    private var inMemory = 0
    /// The file, once memory would have passed the limit.
    private var fd: Int32 = -1
    private var buffer: [UInt8] = []
    /// Bytes written to the file so far (not counting `buffer`).
    private var flushed = 0
    private static let flushSize = 1 << 20

    /// A spool for an import into the journal at `path` (a spilled spool's file goes beside it).
    init(besideJournal path: String, memoryLimit: Int = ImportSpool.memoryLimit) throws {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        folder = directory.isEmpty ? "/" : directory
        self.memoryLimit = memoryLimit
    }

    deinit { if fd >= 0 { close(fd) } }

    /// All bytes appended so far.
    var count: Int { inMemory + flushed + buffer.count }

    /// Appends one record: `body` already holds the fields; the newline is added here.
    func append(_ body: inout [UInt8]) throws {
        body.append(RecordCodec.newline)
        try body.withUnsafeBufferPointer { try append(records: $0) }
    }

    /// Appends whole records (each its fields and a newline).
    func append(records: UnsafeBufferPointer<UInt8>) throws {
        if fd < 0, inMemory + records.count > memoryLimit { try spill() }
        guard fd >= 0 else { return try keep(records) }
        guard buffer.count + records.count > ImportSpool.flushSize else {
            buffer.append(contentsOf: records)
            return
        }
        try flush()
        try write(UnsafeRawBufferPointer(records))
    }

    /// Calls `body` with the records a block at a time (whole records, each with its newline;
    /// valid during the call only), in order. Records held in memory are given back as they are
    /// passed: call once.
    func forEachBlock(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard fd >= 0 else {
            while !chunks.isEmpty {
                let chunk = chunks.removeFirst()
                inMemory -= chunk.used
                try body(UnsafeBufferPointer(start: chunk.base, count: chunk.used))
            }
            return
        }
        try readBack(body)
    }

    // MARK: memory

    /// Copies records into the chunks: as many whole ones as fit in the last, the rest into new ones.
    private func keep(_ records: UnsafeBufferPointer<UInt8>) throws {
        var rest = records
        while !rest.isEmpty {
            let base = rest.baseAddress!
            if let last = chunks.last {
                let room = last.capacity - last.used
                if rest.count <= room {
                    last.take(rest)
                    inMemory += rest.count
                    return
                }
                // The last newline that fits (memrchr is a GNU extension Swift does not see).
                var end = room
                while end > 0, base[end - 1] != RecordCodec.newline { end -= 1 }
                if end > 0 {
                    let cut = end
                    last.take(UnsafeBufferPointer(rebasing: rest[..<cut]))
                    inMemory += cut
                    rest = UnsafeBufferPointer(rebasing: rest[cut...])
                    continue
                }
            }
            // Not even one more record fits: a chunk large enough for the first one at least.
            let first = memchr(base, Int32(RecordCodec.newline), rest.count)
                .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 } ?? rest.count
            guard let chunk = Chunk(capacity: max(ImportSpool.chunkSize, first)) else {
                // No memory to map: the file takes everything from here.
                try spill()
                return try append(records: rest)
            }
            chunks.append(chunk)
        }
    }

    /// A chunk of memory of its own mapping (given back whole by munmap when dropped).
    private final class Chunk {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        private(set) var used = 0

        init?(capacity: Int) {
            guard let raw = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  raw != MAP_FAILED else { return nil }
            base = raw.assumingMemoryBound(to: UInt8.self)
            self.capacity = capacity
        }

        deinit { munmap(base, capacity) }

        func take(_ bytes: UnsafeBufferPointer<UInt8>) {
            (base + used).update(from: bytes.baseAddress!, count: bytes.count)
            used += bytes.count
        }
    }

    /// Calls `body` with each line of `bytes` (whole lines, each ending in a newline).
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>,
                                    _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count, let found = memchr(base + start, Int32(RecordCodec.newline), bytes.count - start) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            try body(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
            start = newline + 1
        }
    }

    // MARK: file

    /// Opens the temporary file and moves every record held in memory into it.
    private func spill() throws {
        #if os(Linux)
        // O_TMPFILE (Linux 3.11): an inode with no name at all. Glibc's macro does not reach Swift.
        let tmpfile: Int32 = 0o20_200_000
        fd = open(folder, O_RDWR | O_CLOEXEC | tmpfile, 0o600)
        #endif
        if fd < 0 {
            var template = Array((folder + "/.kassa-import-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw StoreError(.unwritable, path: folder, errno: errno) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        buffer.reserveCapacity(ImportSpool.flushSize + 4096)
        while !chunks.isEmpty {
            let chunk = chunks.removeFirst()
            try write(UnsafeRawBufferPointer(start: chunk.base, count: chunk.used))
        }
        inMemory = 0
    }

    private func flush() throws {
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

    /// Reads the file back in chunks of about a megabyte, calling `body` with the whole records
    /// of each.
    private func readBack(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
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
                // Up to the last newline read: the whole records.
                var end = filled
                while end > 0, buffer[end - 1] != RecordCodec.newline { end -= 1 }
                if end > 0 { try body(UnsafeBufferPointer(rebasing: buffer[..<end])) }
                return end
            }
            // A record cut by the chunk's end moves to the front; a record longer than the chunk grows it.
            kept = filled - consumed
            if kept > 0 { chunk.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: $0.baseAddress! + consumed, count: kept) } }
            if kept == chunk.count { chunk.append(contentsOf: repeatElement(0, count: chunk.count)) }
        }
    }
}
