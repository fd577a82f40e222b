// Interner: gives each distinct account or category spelling a small number, so a million
// journal rows hold UInt32s instead of Strings. Keys are the raw (escaped) field bytes as they
// appear in the journal; index 0 is reserved for "none" (an empty field).

struct Interner {
    private(set) var keys: [[UInt8]] = [[]]
    private(set) var strings: [String?] = [nil]
    private var slots: [Int32] = Array(repeating: -1, count: 64)

    private static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<count { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 }
        return h
    }

    /// The number of the field `p[0..<count]`, adding it if new. 0 for an empty field.
    mutating func intern(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
        if count == 0 { return 0 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Interner.hash(p, count)) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            let key = keys[index]
            if key.count == count, key.withUnsafeBufferPointer({ memcmpEqual($0.baseAddress!, p, count) }) {
                return UInt32(index)
            }
            slot = (slot + 1) & mask
        }
        let key = Array(UnsafeBufferPointer(start: p, count: count))
        keys.append(key)
        strings.append(RecordCodec.unescape(key[...]))
        slots[slot] = Int32(keys.count - 1)
        if keys.count * 2 > slots.count { grow() }
        return UInt32(keys.count - 1)
    }

    mutating func intern(_ text: String?) -> UInt32 {
        guard let text, !text.isEmpty else { return 0 }
        var bytes: [UInt8] = []
        RecordCodec.appendEscaped(text, to: &bytes)
        return bytes.withUnsafeBufferPointer { intern($0.baseAddress!, $0.count) }
    }

    /// The index of `text` if it was ever seen, without adding it.
    func lookup(_ text: String) -> UInt32? {
        var bytes: [UInt8] = []
        RecordCodec.appendEscaped(text, to: &bytes)
        return keys.firstIndex(of: bytes).map { UInt32($0) }
    }

    func string(_ index: UInt32) -> String? { strings[Int(index)] }

    private mutating func grow() {
        var bigger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = bigger.count - 1
        for (index, key) in keys.enumerated() where index > 0 {
            var slot = key.withUnsafeBufferPointer { Int(truncatingIfNeeded: Interner.hash($0.baseAddress!, $0.count)) } & mask
            while bigger[slot] >= 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(index)
        }
        slots = bigger
    }
}

@inline(__always)
func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
}
