// ImportLines: the journal lines of an import's transactions, built from the spool's records a
// block at a time — each block cut in two at a record's end and its halves built at once on two
// threads (each record's part number, and its fresh id when the ids are not kept, follow from
// its place, so the halves need nothing of each other), then appended in order.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ImportLines {
    let change: Int64
    let parts: Int
    /// Keep each record's id; otherwise part `p` gets id `idBase + p`.
    let keepIDs: Bool
    let idBase: Int
    /// A write piece ends after every `batch` parts.
    let batch: Int

    /// Below this a block is built on one thread.
    static let parallelBytes = 64 << 10

    /// One thread's lines of a half block, and where batches end in them.
    struct Half {
        var writer = LineWriter()
        var marks: [(end: Int, part: Int)] = []
    }

    /// Appends the lines of `block`'s records (whole records, each with its newline), the first
    /// being part `first`, to `writer`; batch ends go to `pieces`. Returns the records' count.
    func append(_ block: UnsafeBufferPointer<UInt8>, first: Int, to writer: inout LineWriter,
                pieces: inout [Journal.WritePiece], halves: inout (Half, Half)) -> Int {
        guard let base = block.baseAddress, !block.isEmpty else { return 0 }
        // Moved out and back (not copied), so each buffer keeps one owner and is reused in place.
        var low = Half(), high = Half()
        swap(&low, &halves.0)
        swap(&high, &halves.1)
        defer {
            swap(&low, &halves.0)
            swap(&high, &halves.1)
        }
        guard block.count >= ImportLines.parallelBytes else {
            let count = build(block, first: first, into: &low)
            take(&low, into: &writer, pieces: &pieces)
            return count
        }
        // Cut at the first record end past the middle; the second half's first part is known
        // once the first half's records are counted.
        var cut = block.count / 2
        while base[cut - 1] != RecordCodec.newline { cut += 1 }
        let lower = UnsafeBufferPointer(rebasing: block[..<cut]), upper = UnsafeBufferPointer(rebasing: block[cut...])
        let lowerCount = ImportLines.records(in: lower)
        nonisolated(unsafe) var second = Half()
        swap(&second, &high)
        var upperCount = 0
        let helper = HelperThread { upperCount = self.build(upper, first: first + lowerCount, into: &second) }
        _ = build(lower, first: first, into: &low)
        helper.join()
        swap(&high, &second)
        take(&low, into: &writer, pieces: &pieces)
        take(&high, into: &writer, pieces: &pieces)
        return lowerCount + upperCount
    }

    /// Builds the lines of `records`, the first being part `first`, into `half` (emptied first).
    private func build(_ records: UnsafeBufferPointer<UInt8>, first: Int, into half: inout Half) -> Int {
        half.writer.out.removeAll(keepingCapacity: true)
        half.marks.removeAll(keepingCapacity: true)
        half.writer.out.reserveCapacity(records.count + records.count / 2)
        var run = PartRun(change: change, first: first, of: parts, op: .importBatch)
        var part = first - 1
        try? ImportSpool.forEachLine(in: records) { record in
            part += 1
            run.begin(&half.writer)
            if keepIDs {
                half.writer.out.append(contentsOf: record)
            } else {
                // The record starts with <TAB>ID<TAB>: put the fresh id in its place.
                var second = 1
                while record[second] != RecordCodec.tab { second += 1 }
                half.writer.out.append(RecordCodec.tab)
                RecordCodec.appendInt(Int64(idBase + part), to: &half.writer.out)
                half.writer.out.append(contentsOf: UnsafeBufferPointer(rebasing: record[second...]))
            }
            half.writer.end()
            if part % batch == 0 { half.marks.append((half.writer.out.count, part)) }
        }
        return part - first + 1
    }

    /// Moves a half's lines to the end of `writer`, its batch ends becoming write pieces.
    private func take(_ half: inout Half, into writer: inout LineWriter, pieces: inout [Journal.WritePiece]) {
        let offset = writer.out.count
        writer.out.append(contentsOf: half.writer.out)
        for mark in half.marks { pieces.append(Journal.WritePiece(end: offset + mark.end, done: mark.part)) }
    }

    /// How many records (newlines) `bytes` holds.
    static func records(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0, at = 0
        while at < bytes.count, let found = memchr(base + at, Int32(RecordCodec.newline), bytes.count - at) {
            count += 1
            at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }
}
