// ArchiveReader: the byte-level half of GrammarArchive's reading, over the two byte buffers the
// writer made. A read past the end (or a string outside `text`) sets `failed` and gives a zero
// value, so the caller checks once at the end instead of after every number. `inPlace` tables are
// not copied: their buffers point into `data`, which must outlive what is read (and start at a
// multiple of 8 bytes).

package struct ArchiveReader {
    package let text: UnsafeRawBufferPointer
    package let data: UnsafeRawBufferPointer
    private var offset = 0
    package private(set) var failed = false
    /// The archive's strings, made once each (ArchiveWriter.stringTable).
    private var strings: [String] = []

    package init(text: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer) {
        self.text = text
        self.data = data
    }

    package var atEnd: Bool { offset == data.count }

    /// Marks the archive as not read whole: a value in it that its table cannot hold.
    package mutating func refuse() { failed = true }

    package mutating func take(_ count: Int) -> Int? {
        guard !failed, count >= 0, count <= data.count - offset else {
            failed = true
            return nil
        }
        defer { offset += count }
        return offset
    }

    /// Skips to the next multiple of 8 bytes (ArchiveWriter.align).
    package mutating func align() {
        let pad = (8 - offset % 8) % 8
        _ = take(pad)
    }

    /// What ArchiveWriter.inPlace wrote, where it lies (no copy); empty when it does not fit.
    package mutating func inPlace<T: FixedWidthInteger>(_ type: T.Type) -> UnsafeBufferPointer<T> {
        let n = count()
        align()
        guard let at = take(n * MemoryLayout<T>.stride), let base = data.baseAddress, Int(bitPattern: base) % 8 == 0 else {
            failed = true
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: (base + at).bindMemory(to: T.self, capacity: n), count: n)
    }

    /// Flags written by ArchiveWriter.inPlace, in place; refused unless every byte is 0 or 1 (any
    /// other byte is no Bool).
    package mutating func inPlaceFlags() -> UnsafeBufferPointer<Bool> {
        let bytes = inPlace(UInt8.self)
        for b in bytes where b > 1 {
            failed = true
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        guard let base = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(base).bindMemory(to: Bool.self, capacity: bytes.count), count: bytes.count)
    }

    package mutating func u8() -> UInt8 {
        guard let at = take(1) else { return 0 }
        return data[at]
    }

    package mutating func u32() -> UInt32 {
        guard let at = take(4) else { return 0 }
        return UInt32(littleEndian: data.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }

    package mutating func u64() -> UInt64 {
        guard let at = take(8) else { return 0 }
        return UInt64(littleEndian: data.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    package mutating func int() -> Int { Int(Int32(bitPattern: u32())) }

    /// A count of things still to read: never more than the bytes left, so a bad count cannot
    /// make a reader allocate much.
    package mutating func count() -> Int {
        let value = int()
        guard value >= 0, value <= data.count - offset else {
            failed = true
            return 0
        }
        return value
    }

    /// (offset, length) into `text`, checked.
    package mutating func textRange() -> Range<Int> {
        let start = Int(u32()), length = Int(u32())
        guard !failed, start <= text.count, length <= text.count - start else {
            failed = true
            return 0..<0
        }
        return start..<(start + length)
    }

    /// Reads the string table: (offset, length) in `text` of each string, by index.
    package mutating func readStringTable() {
        let ranges = array(of: UInt32.self)
        guard ranges.count % 2 == 0 else { failed = true; return }
        strings.reserveCapacity(ranges.count / 2)
        for k in stride(from: 0, to: ranges.count, by: 2) {
            let start = Int(ranges[k]), length = Int(ranges[k + 1])
            guard start <= text.count, length <= text.count - start else { failed = true; return }
            strings.append(String(decoding: UnsafeRawBufferPointer(rebasing: text[start..<(start + length)]), as: UTF8.self))
        }
    }

    package mutating func string() -> String { string(at: Int(u32())) }

    package mutating func string(at index: Int) -> String {
        guard index >= 0, index < strings.count else {
            failed = true
            return ""
        }
        return strings[index]
    }

    /// What ArchiveWriter.stringList wrote.
    package mutating func stringList() -> [String] {
        let count = count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(string()) }
        return values
    }

    package mutating func optionalString() -> String? { u8() == 0 ? nil : string() }

    package mutating func language() -> Language? {
        let index = Int(u8())
        return index < Language.allCases.count ? Language.allCases[index] : nil
    }

    package mutating func textBytes() -> [UInt8] {
        let range = textRange()
        return [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            if !range.isEmpty { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: text[range])) }
            initialized = range.count
        }
    }

    /// Count, then that many little-endian integers of type T (copied in one go).
    package mutating func array<T: FixedWidthInteger>(of type: T.Type) -> [T] {
        let n = count(), size = MemoryLayout<T>.size
        guard let at = take(n * size) else { return [] }
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0 {
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: data[at..<(at + n * size)]))
            }
            #if _endian(big)
            for k in 0..<n { buffer[k] = T(littleEndian: buffer[k]) }
            #endif
            initialized = n
        }
    }

    package mutating func ints() -> [Int] { array(of: Int32.self).map(Int.init) }

    /// What ArchiveWriter.compact wrote, widened to 32 bits.
    package mutating func compact() -> [Int32] {
        switch u8() {
        case 1: return widened(UInt8.self)
        case 2: return widened(UInt16.self)
        case 4: return array(of: Int32.self)
        default:
            failed = true
            return []
        }
    }

    /// Count, then that many little-endian T, read straight into 32-bit integers.
    private mutating func widened<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) -> [Int32] {
        let n = count(), size = MemoryLayout<T>.size
        guard let at = take(n * size) else { return [] }
        // Aligned or not, read through a typed pointer only when T's alignment holds; byte loads
        // otherwise (a loop the compiler widens, no per-element call).
        let source = data.baseAddress! + at
        return [Int32](unsafeUninitializedCapacity: n) { buffer, initialized in
            if Int(bitPattern: source) % MemoryLayout<T>.alignment == 0 {
                let typed = source.assumingMemoryBound(to: T.self)
                for k in 0..<n { buffer[k] = Int32(T(littleEndian: typed[k])) }
            } else {
                for k in 0..<n { buffer[k] = Int32(T(littleEndian: source.loadUnaligned(fromByteOffset: k * size, as: T.self))) }
            }
            initialized = n
        }
    }
}
