// ViewPrefixHash: the prefix hash of a ledger's view (JournalSnapshot.prefixHash: two halves,
// split at JournalSnapshot.hashMiddle of the whole count) computed on the merge's thread while
// the view is merged (LedgerViewRead), rather than by the reading thread once it has read the
// view whole. Hashed at the end, it would be the first open's last serial step — 30–40 ms of one
// core for a million transactions, the other idle. The view's final size, and so its middle,
// is known only when the merge is done; but the middle of a count is never below the middle of
// a smaller one, so the bytes before the middle of what is merged so far are surely in the
// first half, and are hashed as they come. The second half is hashed once the merge is done,
// while the reader is still parsing. Same bytes, same function: the same hash as
// ByteShedder's, which then only gives the pages back.

struct ViewPrefixHash {
    private var first = ContentHash(), second = ContentHash()
    /// Bytes `0..<hashed` went into the hashers.
    private(set) var hashed = 0

    /// Hashes what is surely the first half of a view of which `count` bytes are at `base` so far.
    mutating func ahead(_ base: UnsafePointer<UInt8>, merged count: Int) {
        let safe = JournalSnapshot.hashMiddle(count: count)
        // A piece at a time is enough: a few calls per mebibyte hash nothing.
        guard safe - hashed >= 1 << 20 else { return }
        first.update(UnsafeRawBufferPointer(start: base + hashed, count: safe - hashed))
        hashed = safe
    }

    /// Hashes the rest of the view, whose size is now known to be `count`: a ByteShedder with
    /// the hash of all of it (ByteShedder.init(count:hashed:)).
    mutating func finish(_ base: UnsafePointer<UInt8>, count: Int) -> (first: ContentHash, second: ContentHash) {
        // As ByteShedder splits: a prefix too small to be hashed in halves goes whole into the first hasher.
        let middle = count >= JournalSnapshot.splitHashBytes ? JournalSnapshot.hashMiddle(count: count) : count
        if hashed < middle {
            first.update(UnsafeRawBufferPointer(start: base + hashed, count: middle - hashed))
            hashed = middle
        }
        if hashed < count {
            second.update(UnsafeRawBufferPointer(start: base + hashed, count: count - hashed))
            hashed = count
        }
        return (first, second)
    }
}
