// Interner: gives each distinct account or category spelling a small number, so a million
// journal rows hold UInt32s instead of Strings. Keys are the raw (escaped) field bytes as they
// appear in the journal, kept in one flat byte store; index 0 is reserved for "none" (empty field).

struct Interner {
    /// All keys' bytes back to back; key i is storage[starts[i] ..< starts[i + 1]].
    private var storage: [UInt8] = []
    private var starts: [Int] = [0, 0]
    private(set) var strings: [String?] = [nil]
    private var hashes: [UInt64] = [0]
    private var slots: [Int32] = Array(repeating: -1, count: 64)

    var count: Int { strings.count }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<count { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 }
        return h
    }

    /// The number of the field `p[0..<count]`, adding it if new. 0 for an empty field.
    mutating func intern(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
        if count == 0 { return 0 }
        let h = Interner.hash(p, count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if hashes[index] == h, starts[index + 1] - starts[index] == count {
                let start = starts[index]
                let equal = storage.withUnsafeBufferPointer { memcmpEqual($0.baseAddress! + start, p, count) }
                if equal { return UInt32(index) }
            }
            slot = (slot + 1) & mask
        }
        let bytes = UnsafeBufferPointer(start: p, count: count)
        storage.append(contentsOf: bytes)
        starts.append(storage.count)
        hashes.append(h)
        strings.append(RecordCodec.unescape(bytes[...]))
        let index = strings.count - 1
        slots[slot] = Int32(index)
        if strings.count * 2 > slots.count { grow() }
        return UInt32(index)
    }

    mutating func intern(_ text: String?) -> UInt32 {
        guard let text, !text.isEmpty else { return 0 }
        var bytes: [UInt8] = []
        RecordCodec.appendEscaped(text, to: &bytes)
        return bytes.withUnsafeBufferPointer { intern($0.baseAddress!, $0.count) }
    }

    func string(_ index: UInt32) -> String? { strings[Int(index)] }

    /// Calls `body` with the raw (escaped) bytes of key `index` (not 0).
    func withKey<R>(_ index: UInt32, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        let start = starts[Int(index)], count = starts[Int(index) + 1] - start
        return storage.withUnsafeBufferPointer { body($0.baseAddress! + start, count) }
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = bigger.count - 1
        for index in 1..<strings.count {
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while bigger[slot] >= 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(index)
        }
        slots = bigger
    }
}

@inline(__always)
func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    memcmp(a, b, count) == 0
}

#if canImport(Glibc)
import Glibc
#endif
