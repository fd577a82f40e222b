// LedgerViewRead: a first open's two halves on the machine's two cores. Merging a folder and
// reading the merged view each cost about as much as a single journal's whole open; one after
// the other they would make a first open of a folder twice a single one. Here the merge runs on
// a thread of its own and hands the view on in pieces (LedgerMerge.flush), each placed in one
// buffer, where the view's bytes lie as in the file, and published. This thread reads it with the
// journal's own reader (JournalState.ingest, told by `more` when more bytes are there) line by
// line as it comes — within a change too: a device's import of a third of a million records is
// read while it is copied, not after. Once the merge is done, the reader's ReadAhead thread
// takes part of what is left on the core the merge let go. The reader is the one a plain open
// of the view uses, on the same bytes in the same order, so the state is the state a read of
// the whole view gives (LedgerViewReadTests compare them); what it parsed is then given back to
// the system as a first open of a big journal does (JournalState+Shedding.swift), with the
// prefix hash its snapshot needs, made on the merge's thread as it merged (ViewPrefixHash)
// rather than on this one after the read.
//
// The view's file is written by whichever thread has the time (pwrite, each range at its place,
// claimed in ViewPieces so every byte is written once): this thread writes what is there when it
// has caught up and would wait; the merge's thread, when it hands on a piece, writes what came
// before it that this one has not claimed — the reader is behind. With a million transactions
// the reader, parsing, is the longer leg, and the write(2) copy is a sizeable part of it, so the
// merge's thread takes that share whenever it is ahead.
//
// Whatever goes wrong is not hidden and loses nothing: a write error comes back to the caller
// (the view is not used); a line the journal's reader refuses comes back with its line (the
// ledger leaves that device change out and merges again: DeviceFile+Refusal.swift); a piece that
// does not read clean otherwise, or a view bigger than the buffer (records the merge rewrote
// longer than their lines), leaves the view unread here — it is still written whole, and the
// journal reads it from the file as ever.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

struct LedgerViewRead {
    /// The merge, its bytes handed on (origins, conflicts and the rest for the ledger's state).
    var merge: LedgerMerge
    /// The view's size, as written.
    var size: Int
    /// The view read: its state, whose `bytes` are the view's, and the prefix hash of those
    /// bytes when they were given back. Nil: not read here.
    var read: (state: JournalState, prefixHash: UInt64?)?
    /// errno of a failed write of the view (0: written whole).
    var failure: Int32
    /// The view's line the journal's reader refused, and why (nil: none).
    var refused: (line: Int, detail: String)?

    /// The reader's helper thread (ReadAhead), as a journal's open uses it: only once the merge
    /// is done (JournalState.ingest's `more`) — beside the merge it would be a third thread on
    /// two cores — for what is left to read then, on the core the merge let go.
    static let readAhead: (minimum: Int, stretch: Int)? = (ReadAhead.minimum, ReadAhead.stretch)

    /// Merges `devices` on a helper thread, writing the view to `descriptor` as it is merged, and
    /// reads it here meanwhile. `shedFrom`: from what size the parsed bytes are given back (the
    /// journal's own limit; tests make it small).
    /// Tests: `pieces`, the bytes the merge hands on at a time; `room`, the buffer's size (default: the view's size
    /// bound by its device lines, and a quarter more).
    static func run(_ devices: [DeviceFile], writingTo descriptor: Int32, shedFrom: Int = ByteShedder.minimumBytes,
                    readAhead: (minimum: Int, stretch: Int)? = LedgerViewRead.readAhead,
                    pieces pieceBytes: Int = LedgerMerge.flushEvery, room: Int? = nil) -> LedgerViewRead {
        /// What the merge's thread leaves for this one; read after `join`.
        final class Slot: @unchecked Sendable {
            var merge: LedgerMerge?
            /// Bytes placed in the buffer (handed on as whole changes or not yet).
            var taken = 0
            /// The prefix hash of the placed bytes, made on the merge's thread (ViewPrefixHash).
            var hash = ViewPrefixHash()
            var halves: (first: ContentHash, second: ContentHash)?
        }
        let header = RecordCodec.header
        let room = room ?? header.count + LedgerMerge.viewBound(devices) / 4 * 5 + (1 << 20)
        let pieces = ViewPieces()
        let slot = Slot()
        var state = JournalState()
        var read = true
        var refused: (line: Int, detail: String)?
        var prefixHash: UInt64?
        // `size`: bytes of the view in all; `failure`: errno of the first failed write.
        var size = 0
        var failure: Int32 = 0
        // Room for more than the view (untouched pages cost nothing); what is placed is its count.
        let bytes = [UInt8](unsafeUninitializedCapacity: room) { raw, initialized in
            let base = raw.baseAddress!
            /// Writes the bytes `range` of the view, claimed by this thread, at their place in the file.
            func write(_ range: Range<Int>) {
                guard !range.isEmpty else { return }
                let bytes = UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
                if let error = SafeFile.writeAll(bytes, to: descriptor, at: range.lowerBound) { pieces.failed(error.code) }
            }
            let merging = HelperThread {
                let merge = LedgerMerge(devices, every: pieceBytes) { piece, _ in
                    // Beyond the buffer: the merge keeps this piece and the rest, written below.
                    guard slot.taken + piece.count <= room else { return false }
                    let before = slot.taken
                    if let from = piece.baseAddress { (base + slot.taken).initialize(from: from, count: piece.count) }
                    slot.taken += piece.count
                    // Every piece, whole changes or not: the reader takes lines as they come.
                    pieces.publish(slot.taken)
                    // What was there before this piece and the reader has not claimed: it is behind.
                    write(pieces.claim(upTo: before))
                    // Hashed here, on the shorter leg, not by the reader at the end (a view
                    // too small to be given back is not hashed).
                    if slot.taken >= shedFrom { slot.hash.ahead(base, merged: slot.taken) }
                    return true
                }
                slot.merge = merge
                pieces.finish()
                write(pieces.claim(upTo: slot.taken))
                // The rest of the hash while the reader still parses (its size known now).
                if slot.taken >= shedFrom { slot.halves = slot.hash.finish(base, count: slot.taken) }
            }
            // No thread to be had: the merge runs here first, and what follows reads its pieces.
            if !merging.started { merging.join() }
            // A journal's state before its first record, as Journal.readWhole makes it.
            state.entries.reserveCapacity(room / 48)
            state.changes.reserveCapacity(room / 48)
            state.validEnd = header.count
            state.nextLine = 2
            func more(_ end: Int, _ wait: Bool) -> (ready: Int, done: Bool) {
                let now = pieces.now()
                guard wait, now.ready <= end, !now.done else { return now }
                // Caught up: what is there is written before waiting for more.
                write(pieces.claim(upTo: now.ready))
                return pieces.wait(beyond: end)
            }
            var (ready, done) = more(0, true)
            while ready < header.count, !done { (ready, done) = more(ready, true) }
            read = ready >= header.count && memcmp(base, header, header.count) == 0
            if read {
                var none: ByteShedder?
                let outcome = state.ingest(UnsafeBufferPointer(start: base, count: room), trusted: true,
                                           readAhead: readAhead, shedder: &none, more: more)
                read = outcome == .clean
                if case .corrupt(let line, let detail) = outcome { refused = (line, detail) }
            }
            // However the reading ended, the merge's thread writes the rest of what it hands on.
            if merging.started { merging.join() }
            // What the merge placed and no thread claimed (none), then what it kept: the rest of
            // the view, after the bytes before it.
            write(pieces.claim(upTo: slot.taken))
            let kept = slot.merge!.takeBytes()
            if let error = kept.withUnsafeBytes({ SafeFile.writeAll($0, to: descriptor, at: slot.taken) }) { pieces.failed(error.code) }
            size = slot.taken + kept.count
            failure = pieces.firstFailure
            read = read && kept.isEmpty && state.validEnd == slot.taken && failure == 0
            if read, slot.taken >= shedFrom {
                // Hashed already (on the merge's thread): the shedder only gives the pages back.
                var shedder = slot.halves.map { ByteShedder(count: slot.taken, hashed: $0) }
                    ?? ByteShedder(count: slot.taken)
                shedder.shed(base, upTo: state.lastLineStart)
                let (outcome, hash) = state.finishShedding(&shedder, outcome: .clean, base: base)
                prefixHash = hash
                if outcome != .clean || (hash == nil && !state.hole.isEmpty) { read = false }
            }
            initialized = read ? slot.taken : 0
        }
        if read { state.bytes = bytes }
        return LedgerViewRead(merge: slot.merge!, size: size, read: read ? (state, prefixHash) : nil, failure: failure,
                              refused: refused)
    }
}

