// ContentHash: a fast 64-bit hash of bytes (four xxHash64-style lanes, 32 bytes a round), fed
// in pieces or at once with the same result. It tells whether a journal still begins with the
// bytes a snapshot was made from: every open hashes that whole prefix, so it must run at memory
// speed (CRC-32 runs at a fifth of that). Not a cryptographic hash: whoever can write the cache
// can write the journal itself.

struct ContentHash {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    private var a: UInt64, b: UInt64, c: UInt64, d: UInt64
    private let seed: UInt64
    private var total = 0
    /// Bytes short of a whole 32-byte round, kept for the next piece or the end.
    private var pending: [UInt8] = []

    init(seed: UInt64 = 0) {
        self.seed = seed
        (a, b, c, d) = (seed &+ ContentHash.p1 &+ ContentHash.p2, seed &+ ContentHash.p2, seed, seed &- ContentHash.p1)
    }

    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = lane &+ word &* p2
        return ((mixed << 31) | (mixed >> 33)) &* p1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* p1 &+ p4
    }

    /// Runs the lanes over the whole rounds at `p`; returns how many bytes that took.
    private mutating func rounds(_ p: UnsafeRawPointer, _ count: Int) -> Int {
        var (a, b, c, d) = (self.a, self.b, self.c, self.d)
        var at = 0
        while count - at >= 32 {
            let q = p + at
            a = ContentHash.round(a, q.loadUnaligned(as: UInt64.self).littleEndian)
            b = ContentHash.round(b, q.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian)
            c = ContentHash.round(c, q.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian)
            d = ContentHash.round(d, q.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian)
            at += 32
        }
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
        return at
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        total += bytes.count
        var start = 0
        if !pending.isEmpty {
            let take = min(32 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            start = take
            guard pending.count == 32 else { return }
            _ = pending.withUnsafeBytes { rounds($0.baseAddress!, 32) }
            pending.removeAll(keepingCapacity: true)
        }
        start += rounds(base + start, bytes.count - start)
        if start < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: bytes.count - start)) }
    }

    func finish() -> UInt64 {
        var h: UInt64
        if total >= 32 {
            h = ((a << 1) | (a >> 63)) &+ ((b << 7) | (b >> 57)) &+ ((c << 12) | (c >> 52)) &+ ((d << 18) | (d >> 46))
            h = ContentHash.merge(ContentHash.merge(ContentHash.merge(ContentHash.merge(h, a), b), c), d)
        } else {
            h = seed &+ ContentHash.p5
        }
        h = h &+ UInt64(total)
        pending.withUnsafeBytes { rest in
            var p = 0
            while rest.count - p >= 8 {
                h ^= ContentHash.round(0, rest.loadUnaligned(fromByteOffset: p, as: UInt64.self).littleEndian)
                h = ((h << 27) | (h >> 37)) &* ContentHash.p1 &+ ContentHash.p4
                p += 8
            }
            while p < rest.count {
                h ^= UInt64(rest[p]) &* ContentHash.p5
                h = ((h << 11) | (h >> 53)) &* ContentHash.p1
                p += 1
            }
        }
        h ^= h >> 33
        h = h &* ContentHash.p2
        h ^= h >> 29
        h = h &* ContentHash.p3
        h ^= h >> 32
        return h
    }

    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var hasher = ContentHash(seed: seed)
        hasher.update(bytes)
        return hasher.finish()
    }

    static func hash(_ base: UnsafeRawPointer?, count: Int, seed: UInt64 = 0) -> UInt64 {
        hash(UnsafeRawBufferPointer(start: count > 0 ? base : nil, count: count), seed: seed)
    }
}
