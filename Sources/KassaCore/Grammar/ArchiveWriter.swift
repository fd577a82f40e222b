// ArchiveWriter: the byte-level half of GrammarArchive's writing. Strings go to `text` (kept
// valid UTF-8, so the build can embed it as a string literal as it is), each distinct one once,
// and are referred to by their index in a string table; numbers go to `data` as little-endian
// integers of fixed width (32 bits unless said). ArchiveReader reads the same sequence back.
// Tables the parser reads as they are (`inPlace`) start at a multiple of 8 bytes, so the reader
// can point at them where the archive lies instead of copying them.

package struct ArchiveWriter {
    package var text: [UInt8] = []
    package var data: [UInt8] = []
    /// Each distinct string's index, and its (offset, length) in `text`.
    private var stringIndex: [String: UInt32] = [:]
    private var stringRanges: [UInt32] = []

    package mutating func u8(_ value: UInt8) { data.append(value) }

    package mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    package mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    /// A count, an id, a line number: every one the grammar has fits 32 bits (a grammar is
    /// bounded far below; GrammarLoader.maxExpandedForms).
    package mutating func int(_ value: Int) {
        precondition(value >= Int(Int32.min) && value <= Int(Int32.max), "grammar archive: \(value) does not fit")
        u32(UInt32(bitPattern: Int32(value)))
    }

    package mutating func string(_ value: String) { u32(UInt32(stringID(value))) }

    /// The string's index in the string table, adding it when new (for columns of strings).
    package mutating func stringID(_ value: String) -> Int {
        if let index = stringIndex[value] { return Int(index) }
        let index = UInt32(stringRanges.count / 2)
        stringIndex[value] = index
        stringRanges += [UInt32(text.count), UInt32(value.utf8.count)]
        text += value.utf8
        return Int(index)
    }

    /// The string table (every string's offset and length in `text`), to be read before
    /// anything that names a string.
    package var stringTable: [UInt32] { stringRanges }

    /// A count, then each string.
    package mutating func stringList(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    package mutating func optionalString(_ value: String?) {
        u8(value == nil ? 0 : 1)
        if let value { string(value) }
    }

    /// A language as its index in Language.allCases, 255 for none.
    package mutating func language(_ value: Language?) { u8(ArchiveWriter.languageCode(value)) }

    package static func languageCode(_ value: Language?) -> UInt8 {
        value.flatMap { Language.allCases.firstIndex(of: $0) }.map(UInt8.init) ?? 255
    }

    /// Count, then the values as little-endian integers of their own width.
    package mutating func array<C: Collection>(_ values: C) where C.Element: FixedWidthInteger {
        int(values.count)
        for value in values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    }

    /// Small non-negative integers (pattern ids), as 32-bit.
    package mutating func ints(_ values: [Int]) { array(values.map { Int32($0) }) }

    /// Non-negative integers in the narrowest width that holds them all (1, 2 or 4 bytes): a
    /// width byte, then the array. Most of the grammar's ids and lengths fit one or two bytes.
    package mutating func compact<C: Collection>(_ values: C) where C.Element: BinaryInteger {
        var largest = 0
        for value in values {
            precondition(value >= 0 && value <= Int32.max, "grammar archive: \(value) does not fit")
            largest = max(largest, Int(value))
        }
        if largest <= Int(UInt8.max) {
            u8(1)
            array(values.map { UInt8($0) })
        } else if largest <= Int(UInt16.max) {
            u8(2)
            array(values.map { UInt16($0) })
        } else {
            u8(4)
            array(values.map { Int32($0) })
        }
    }

    /// Zeros up to the next multiple of 8 bytes.
    package mutating func align() {
        while data.count % 8 != 0 { data.append(0) }
    }

    /// Count, then the values as they lie in memory (little-endian), from a multiple of 8
    /// bytes: ArchiveReader.inPlace reads them without a copy.
    package mutating func inPlace<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>) {
        int(values.count)
        align()
        for value in values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    }

    /// Flags as bytes 0 and 1, in place like the integers.
    package mutating func inPlace(_ values: UnsafeBufferPointer<Bool>) {
        [UInt8](values.map { $0 ? 1 : 0 }).withUnsafeBufferPointer { inPlace($0) }
    }

    /// Raw bytes in `text`: (offset, length). Only for bytes that are valid UTF-8.
    package mutating func textBytes(_ bytes: [UInt8]) {
        u32(UInt32(text.count))
        u32(UInt32(bytes.count))
        text += bytes
    }
}
