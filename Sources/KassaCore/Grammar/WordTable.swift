// WordTable: every word form the grammar knows, interned as normalized UTF-8 bytes → small
// integer ids. Parsing looks each token up once by an FNV-1a hash of its bytes: Swift's String
// hashing and comparison normalize Unicode (slow for Cyrillic), and ids make every later
// comparison an integer compare.

struct WordTable: Sendable {
    private(set) var arena: [UInt8] = []
    private(set) var starts: [Int32] = []
    private(set) var lengths: [Int32] = []
    private(set) var hashes: [UInt32] = []
    private var slots: [Int32]

    /// `expected` words fit without rehashing.
    init(expected: Int = 512) {
        var size = 1024
        while size < expected * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        arena.reserveCapacity(expected * 8)
        starts.reserveCapacity(expected)
        lengths.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
    }

    /// A table written out before (GrammarArchive): the same ids, and the same slot count so
    /// every lookup probes as it did. Nil when the parts do not fit together.
    init?(arena: [UInt8], starts: [Int32], lengths: [Int32], hashes: [UInt32], slotCount: Int) {
        guard starts.count == lengths.count, starts.count == hashes.count, slotCount >= 1024,
              slotCount & (slotCount - 1) == 0, starts.count * 2 <= slotCount else { return nil }
        for id in starts.indices {
            guard starts[id] >= 0, lengths[id] >= 0, Int(starts[id]) + Int(lengths[id]) <= arena.count else { return nil }
        }
        self.arena = arena
        self.starts = starts
        self.lengths = lengths
        self.hashes = hashes
        slots = [Int32](repeating: -1, count: slotCount)
        for id in 0..<starts.count { insert(Int32(id), hashes[id]) }
    }

    var count: Int { starts.count }
    var slotCount: Int { slots.count }

    /// FNV-1a (Tokenizer.hash, which the tokenizer applies to each byte as it writes it).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h = Tokenizer.hashSeed
        for b in bytes { h = Tokenizer.hash(h, b) }
        return h
    }

    private func equal(_ id: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = Int(lengths[id])
        guard n == bytes.count else { return false }
        let s = Int(starts[id])
        return arena.withUnsafeBufferPointer { a in
            for k in 0..<n where a[s + k] != bytes[k] { return false }
            return true
        }
    }

    /// The id of these bytes, or -1.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 { find(bytes, hash: WordTable.hash(bytes)) }

    func find(_ bytes: UnsafeBufferPointer<UInt8>, hash h: UInt32) -> Int32 {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let id = slots[i]
            if id < 0 { return -1 }
            if hashes[Int(id)] == h, equal(Int(id), bytes) { return id }
            i = (i + 1) & mask
        }
    }

    func find(_ bytes: [UInt8]) -> Int32 { bytes.withUnsafeBufferPointer { find($0) } }

    mutating func intern(_ bytes: [UInt8]) -> Int32 {
        let h = bytes.withUnsafeBufferPointer { WordTable.hash($0) }
        let found = bytes.withUnsafeBufferPointer { find($0, hash: h) }
        if found >= 0 { return found }
        if (count + 1) * 2 > slots.count { grow() }
        let id = Int32(count)
        starts.append(Int32(arena.count))
        lengths.append(Int32(bytes.count))
        hashes.append(h)
        arena.append(contentsOf: bytes)
        insert(id, h)
        return id
    }

    private mutating func insert(_ id: Int32, _ h: UInt32) {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = id
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for id in 0..<count { insert(Int32(id), hashes[id]) }
    }

    func bytes(_ id: Int32) -> ArraySlice<UInt8> {
        let s = Int(starts[Int(id)])
        return arena[s..<(s + Int(lengths[Int(id)]))]
    }

    func string(_ id: Int32) -> String { String(decoding: bytes(id), as: UTF8.self) }
}
