// ByteCursor: writes bytes through a raw pointer into room the caller reserved beforehand (see
// ByteBuffer.write(atMost:)). A listing row is a few dozen small pieces, and an Array.append per
// piece (a uniqueness check, a capacity check and a memmove call each) cost more than the
// pieces themselves; here a piece is a store or a memcpy. Inlinable: the callers are in other
// modules and write every byte of a million-row listing through it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct ByteCursor {
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    @usableFromInline var position: UnsafeMutablePointer<UInt8>

    @inlinable public init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        position = start
    }

    /// Bytes written so far.
    @inlinable public var count: Int { position - start }

    /// Where the next byte goes (to look back at or shift what was written).
    @inlinable public var current: UnsafeMutablePointer<UInt8> { position }

    /// Counts `count` bytes the caller stored at `current` itself.
    @inlinable public mutating func advance(by count: Int) {
        position += count
    }

    @inlinable public mutating func put(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inlinable @inline(__always) public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        position.update(from: base, count: bytes.count)
        position += bytes.count
    }

    @inlinable public mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// A literal's bytes: always inlined, so a piece of known length is a few moves, not a call.
    @inlinable @inline(__always) public mutating func put(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { put($0) } }
        let count = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: count)
        position += count
    }

    /// The UTF-8 of `text` (a String's bytes, in place for a native one). Named apart from
    /// `put(_: StaticString)`: a literal would otherwise be taken as a String.
    @inlinable public mutating func put(contentsOf text: String) {
        // In place for a native or small string (no copy, so no retain and release).
        if text.utf8.withContiguousStorageIfAvailable({ put($0) }) != nil { return }
        var text = text
        text.withUTF8 { put($0) }
    }

    @inlinable public mutating func spaces(_ count: Int) {
        guard count > 0 else { return }
        position.update(repeating: 32, count: count)
        position += count
    }

    /// `value` in decimal, '-' first when negative (as JSONWriter.appendInteger writes it).
    @inlinable public mutating func integer(_ value: Int) {
        if value < 0 { put(45) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        var index = digits
        repeat {
            index -= 1
            position[index] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
            magnitude /= 10
        } while index > 0
        position += digits
    }

    /// `value` (0…99) as two digits.
    @inlinable public mutating func twoDigits(_ value: Int) {
        position[0] = UInt8(truncatingIfNeeded: 48 + value / 10 % 10)
        position[1] = UInt8(truncatingIfNeeded: 48 + value % 10)
        position += 2
    }

    /// Drops trailing spaces written after `floor` bytes.
    @inlinable public mutating func trimSpaces(after floor: Int) {
        while count > floor, position[-1] == 32 { position -= 1 }
    }

    /// Moves the last `length` bytes written right by `gap` and fills the gap with spaces:
    /// left padding for text whose width is known only once it is written.
    @inlinable public mutating func padBefore(last length: Int, by gap: Int) {
        guard gap > 0 else { return }
        let from = position - length
        (from + gap).update(from: from, count: length)  // overlapping: update is memmove
        from.update(repeating: 32, count: gap)
        position += gap
    }
}
