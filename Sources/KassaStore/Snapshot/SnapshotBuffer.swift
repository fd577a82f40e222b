// SnapshotBuffer: the small variable-length part of a journal snapshot (labels, currencies, account,
// learn and object records) as bytes — little-endian integers and length-prefixed UTF-8 — and the
// bounds-checked reader that gives it back (nil on any overrun: a bad snapshot is ignored, never trusted).

struct SnapshotBuffer {
    var bytes: [UInt8] = []

    mutating func put(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func put(_ value: Int32) { put(UInt32(bitPattern: value)) }

    mutating func put(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    mutating func put<Bytes: Collection<UInt8>>(raw: Bytes) {
        put(UInt32(raw.count))
        bytes.append(contentsOf: raw)
    }

    mutating func put(_ text: String) { put(raw: Array(text.utf8)) }
}

struct SnapshotReader {
    private let bytes: [UInt8]
    private var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at == bytes.count }

    mutating func uint32() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 { value |= UInt32(bytes[at + k]) << (8 * k) }
        at += 4
        return value
    }

    mutating func int32() -> Int32? { uint32().map { Int32(bitPattern: $0) } }

    /// A count of things each at least `minimum` bytes long that can still fit in what is left.
    mutating func count(minimum: Int = 1) -> Int? {
        guard let n = uint32(), Int(n) * max(minimum, 1) <= bytes.count - at else { return nil }
        return Int(n)
    }

    mutating func flag() -> Bool? {
        guard at < bytes.count, bytes[at] <= 1 else { return nil }
        at += 1
        return bytes[at - 1] == 1
    }

    mutating func raw() -> ArraySlice<UInt8>? {
        guard let n = count() else { return nil }
        defer { at += n }
        return bytes[at..<at + n]
    }

    mutating func string() -> String? {
        guard let raw = raw() else { return nil }
        return String(validating: raw, as: UTF8.self)
    }
}
