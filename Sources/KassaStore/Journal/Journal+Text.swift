// Journal+Text: the text of transactions in a journal opened from its snapshot. Such an open
// reads only the header and the records after the snapshot; the records it covers (`state.hole`)
// stay unread, so `balance`, `budget` or `due` on a million transactions never hold the file.
// Text is wanted only to materialize a transaction: a few are read from the file one line at a
// time (`list today`); a caller about to materialize more than `holeReadsBeforeReading` calls
// `prepareText(for:)` first: a listing that goes forward through the file reads it in windows of a
// few MB (TextWindows, `kassa list` of a million), any other the whole hole at once. That choice
// changes the journal, so it is made there, on the caller's thread, never inside `materialize`.
//
// The snapshot vouched for the bytes at open; by the time text is read, another program may have
// rewritten the file (a restore with `cp`, a sync tool). So a line read on its own is checked
// (checksum, a transaction record, the same id), and the hole read late must hash to what the
// snapshot was made from, or every line is checked from then on. A line that fails gives the
// transaction as the state knows it — amount, date, category, accounts — without its note, input,
// time or recurrence: never a crash, never text of another record.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KassaCore

extension Journal {
    /// Transactions read one line at a time before the whole unread part is read.
    static let holeReadsBeforeReading = 2_000

    /// Call before materializing `count` transactions: reads the unread part of the journal when
    /// that is cheaper than reading their lines one by one.
    func prepareText(for count: Int) {
        if count > Journal.holeReadsBeforeReading { readHole() }
    }

    /// Call before materializing the entries `indices`, in that order: when they go through the
    /// file forward (a listing by date of a journal written in date order, mostly), their text is
    /// read in windows (TextWindows) instead of holding the whole unread part; otherwise as
    /// `prepareText(for:)`.
    func prepareText(for indices: [Int32]) {
        guard !state.hole.isEmpty, indices.count > Journal.holeReadsBeforeReading else { return }
        var jumps = 0
        var last = 0
        for index in indices {
            let offset = state.entries[Int(index)].offset
            if offset < last || offset - last > TextWindows.size { jumps += 1 }
            last = offset
        }
        // Each jump may cost a window read: a few hundred are cheaper than the whole part.
        if jumps <= 64 + indices.count / 4096 {
            textWindows = TextWindows()
        } else {
            readHole()
        }
    }

    /// Entry `e`'s transaction from a window of the file (a listing going forward through it):
    /// the cursor's own window while it holds the line, else one from `windows`.
    func materializeFromWindow(_ e: Entry, _ windows: TextWindows, cursor: ListingCursor?) -> Transaction {
        let window: TextWindow
        if let held = cursor?.window, TextWindows.holdsLine(held, at: e.offset) {
            window = held
        } else {
            guard let taken = windows.window(for: e.offset, in: file) else { return materializeFromFile(e) }
            window = taken
            cursor?.window = taken
        }
        return materializeChecked(e, in: window.bytes, start: e.offset - window.start, input: cursor?.readsInput ?? true)
    }

    /// Reads the unread part of the journal into place, and checks it is what the snapshot was
    /// made from.
    func readHole() {
        guard !state.hole.isEmpty else { return }
        let hole = state.hole
        state.hole = 0..<0
        let whole = file.fill(&state.bytes, hole)
        if !whole || JournalSnapshot.prefixHash(of: state.bytes, count: snapshotEnd) != snapshotHash { textSuspect = true }
    }

    /// Entry `e`'s transaction from its line read from the file on its own.
    func materializeFromFile(_ e: Entry) -> Transaction {
        // Lines are short; a long note makes the read grow until it holds the line's end.
        var length = 512
        while true {
            let size = (try? file.size()) ?? 0
            let end = min(e.offset + length, size)
            guard end > e.offset, let line = try? file.read(e.offset..<end) else { return bare(e) }
            if line.contains(RecordCodec.newline) || end == size { return materializeChecked(e, in: line, start: 0) }
            length *= 4
        }
    }

    /// Entry `e`'s transaction from the line at `start` in `bytes`, checked as if never seen.
    func materializeChecked(_ e: Entry, in bytes: [UInt8], start: Int, input: Bool = true) -> Transaction {
        bytes.withUnsafeBufferPointer { buffer -> Transaction in
            guard start < buffer.count, let base = buffer.baseAddress,
                  let lf = memchrLF(base + start, buffer.count - start).map({ $0 - base }),
                  let lineEnd = RecordLine.verifiedEnd(base, start: start, lf: lf) else { return bare(e) }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds in
                let fields = bounds.baseAddress!
                guard let n = RecordFields.split(base, from: start + RecordLine.bodyOffset, to: lineEnd, into: fields),
                      RecordTail.slots(lineCount: n) != nil,
                      let head = RecordFields.head(base, fields: fields, count: n),
                      head.op == e.op, e.op == .commit || e.op == .importBatch || e.op == .edit else { return bare(e) }
                let id = RecordArgument.id.lineIndex
                guard RecordCodec.parseUInt(base + fields[2 * id], fields[2 * id + 1] - fields[2 * id]) == Int64(e.id)
                else { return bare(e) }
                return transaction(e, base: base, bounds: fields, count: n, input: input)
            }
        }
    }

    /// Entry `e`'s transaction without what only its line holds (note, input, time, recurrence).
    func bare(_ e: Entry) -> Transaction {
        var t = Transaction(
            id: Int(e.id), type: e.type,
            amount: Money(minorUnits: e.amount, currency: state.currencies[Int(e.currency)]),
            date: CivilDate(daysSinceEpoch: Int(e.days)), time: nil,
            category: state.labels.string(e.category), account: state.labels.string(e.account),
            toAccount: state.labels.string(e.toAccount), note: "", recurrence: nil, input: "")
        RecordTail.place(otherAmount(e), slot: 0, in: &t)
        return t
    }
}
