// JournalState+Shedding: the first open of a big journal (no snapshot yet) without holding the
// file and its replayed state at once. The whole file is read, as always, but while the reading
// loop goes forward the pages it has parsed are hashed and handed back to the system
// (madvise DONTNEED): the journal ends up as if opened from its snapshot — the parsed records'
// text unread (`hole`, read again from the file when wanted, Journal+Text.swift) and the hash of
// the bytes that were parsed known, so the text read late is checked against exactly them and
// the snapshot can be written without reading the file a second time. Holding both, a 3 GB
// journal of 2.1M records would peak at the file + 161 MB (the file, then 90 MB of rows and the
// rest on top); shedding, it peaks at the file plus the process, and holds the rows only once
// most of the file is given back.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the reading loop gave back of `bytes` so far, and the hash of everything up to there.
struct ByteShedder {
    /// Bytes of a journal from which its first open sheds what it parsed (smaller ones are read
    /// whole: their rows weigh little next to the limit of the file + 100 MB).
    static let minimumBytes = 64 << 20
    /// The first page holds the header: it stays, as in an open from a snapshot.
    static let kept = 4096

    /// The prefix the hash is of: all the bytes read (a clean read parses them all).
    let count: Int
    private let middle: Int
    private var first = ContentHash(), second = ContentHash()
    /// Bytes `0..<hashed` went into the hashers.
    private var hashed = 0
    /// Bytes given back (page-aligned in memory); empty until the first shed.
    private(set) var released = 0..<0

    init(count: Int) {
        self.count = count
        // A prefix too small to be hashed in halves goes whole into the first hasher.
        middle = count >= JournalSnapshot.splitHashBytes ? JournalSnapshot.hashMiddle(count: count) : count
    }

    /// A shedder of `count` bytes already hashed, split as `init(count:)` splits them
    /// (Devices/ViewPrefixHash.swift: a ledger's view hashed while it was merged): `shed` only
    /// gives pages back.
    init(count: Int, hashed: (first: ContentHash, second: ContentHash)) {
        self.init(count: count)
        (first, second) = hashed
        self.hashed = count
    }

    /// Feeds `base[hashed..<end]` to the hashers (each byte to its half's).
    private mutating func hash(_ base: UnsafePointer<UInt8>, upTo end: Int) {
        while hashed < end {
            let stop = hashed < middle ? min(end, middle) : end
            let piece = UnsafeRawBufferPointer(start: base + hashed, count: stop - hashed)
            if hashed < middle { first.update(piece) } else { second.update(piece) }
            hashed = stop
        }
    }

    /// Hashes, then gives back, the whole pages of `base[kept..<line - 1]` not given back yet;
    /// `line` is the line start the reading loop is at (nothing before it is read again while it
    /// runs). The LF before `line` stays, so the first line after the shed part can be found.
    mutating func shed(_ base: UnsafePointer<UInt8>, upTo line: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let address = Int(bitPattern: base)
        let start = released.isEmpty ? (address + ByteShedder.kept + page - 1) / page * page - address : released.upperBound
        let stop = (address + line - 1) / page * page - address
        guard stop - start >= 1 << 20 else { return }
        hash(base, upTo: stop)
        #if os(Linux)
        guard madvise(UnsafeMutableRawPointer(mutating: base + start), stop - start, MADV_DONTNEED) == 0 else { return }
        #else
        return
        #endif
        released = (released.isEmpty ? start : released.lowerBound)..<stop
    }

    /// The prefix hash (JournalSnapshot.prefixHash) of `base[0..<count]`, all of which is hashed
    /// or still in memory.
    mutating func finish(_ base: UnsafePointer<UInt8>) -> UInt64 {
        hash(base, upTo: count)
        guard count >= JournalSnapshot.splitHashBytes else { return first.finish() }
        return JournalSnapshot.combine(count: count, first: first.finish(), second: second.finish())
    }
}

extension JournalState {
    /// `ingest` of a fresh state on a journal's first open, shedding what it parsed as it goes
    /// when the journal is big. A clean read of all the bytes returns their prefix hash, with the
    /// parsed records left as the unread `hole`; any other outcome gives nil, with what was shed
    /// as the `hole`, for the caller to read back before it looks at the bytes.
    /// `minimum`: from what size on (tests make it small).
    /// `trusted`: the bytes were just made (and checked) by this process (JournalState.ingest).
    mutating func ingestShedding(from minimum: Int = ByteShedder.minimumBytes, trusted: Bool = false) -> (IngestOutcome, prefixHash: UInt64?) {
        guard bytes.count >= minimum, hole.isEmpty else { return (ingest(trusted: trusted), nil) }
        var shedder = ByteShedder(count: bytes.count)
        var shedding: ByteShedder? = shedder
        let outcome = ingest(trusted: trusted, shedder: &shedding)
        shedder = shedding!
        let data = bytes
        return data.withUnsafeBufferPointer { finishShedding(&shedder, outcome: outcome, base: $0.baseAddress!) }
    }

    /// The end of a shedding read of the bytes at `base` (`bytes`, or a ledger's view read in
    /// pieces, Devices/LedgerViewRead.swift): the prefix hash and the unread `hole` after a clean
    /// read, else nil with what was shed as the `hole`.
    mutating func finishShedding(_ shedder: inout ByteShedder, outcome: IngestOutcome,
                                 base: UnsafePointer<UInt8>) -> (IngestOutcome, prefixHash: UInt64?) {
        guard !shedder.released.isEmpty else { return (outcome, nil) }
        guard outcome == .clean, validEnd == shedder.count else {
            // Rare (damage, a torn tail): the shed part is read again, from the file as it is now.
            hole = shedder.released
            return (outcome, nil)
        }
        let whole = shedder.finish(base)
        // The unread part runs from the first line that reaches into a shed page to the first line
        // starting after the last one: no record is left half in memory, half not.
        var start = shedder.released.lowerBound
        while start > 0, base[start - 1] != RecordCodec.newline { start -= 1 }
        let next = memchrLF(base + shedder.released.upperBound, validEnd - shedder.released.upperBound)
        let end = next.map { $0 - base + 1 } ?? validEnd
        // The last record stays in memory (it is compared with the file before every append);
        // the shedding stops before the line the loop was on, so this always holds.
        guard end <= lastLineStart else {
            hole = shedder.released
            return (outcome, nil)
        }
        hole = start..<end
        return (.clean, whole)
    }
}
