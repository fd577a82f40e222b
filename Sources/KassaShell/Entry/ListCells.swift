// ListCells: the bytes a listing writes again and again — each category's display name, each
// currency's symbol, the recurrence labels, "—" — made once, with their display widths, in one
// block of memory the two formatting threads only read. Rows refer to them by plain offsets, so
// a million rows copy them without reference counting (two threads retaining the same arrays
// fight over their counts) and find a category without hashing a String per row.

import KassaCore

final class ListCells: @unchecked Sendable {
    /// A piece of `bytes`: where it starts, how many bytes, how many columns.
    struct Cell: Sendable {
        let offset: Int
        let length: Int
        let width: Int
    }

    /// Every cell's bytes (and every category slug's, for lookups); never written after init.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Open addressing by slug: a slot holds 1 + the index into `slugs`/`names`, or 0.
    private let slots: UnsafeMutableBufferPointer<Int32>
    private let slugs: UnsafeMutableBufferPointer<Cell>
    private let names: UnsafeMutableBufferPointer<Cell>
    private let mask: Int
    /// The cells of `texts`, in order.
    let texts: [Cell]

    /// `categories`: slug → display name (made visible here); `texts`: other pieces as written.
    init(categories: [String: String], texts: [String]) {
        var arena: [UInt8] = []
        var slugCells: [Cell] = [], nameCells: [Cell] = []
        self.texts = texts.map { ListCells.add(Array($0.utf8), width: DisplayWidth.of($0), to: &arena) }
        for (slug, name) in categories.sorted(by: { $0.key < $1.key }) {
            slugCells.append(ListCells.add(Array(slug.utf8), width: 0, to: &arena))
            let text = TerminalSafety.visible(name)
            nameCells.append(ListCells.add(Array(text.utf8), width: DisplayWidth.of(text), to: &arena))
        }
        var size = 16
        while size < 4 * max(slugCells.count, 1) { size *= 2 }
        mask = size - 1
        bytes = .allocate(capacity: max(arena.count, 1))
        _ = bytes.initialize(from: arena)
        slugs = .allocate(capacity: max(slugCells.count, 1))
        _ = slugs.initialize(from: slugCells)
        names = .allocate(capacity: max(nameCells.count, 1))
        _ = names.initialize(from: nameCells)
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0)
        for (index, slug) in slugCells.enumerated() {
            var slot = ListCells.hash(UnsafeBufferPointer(rebasing: bytes[slug.offset..<(slug.offset + slug.length)])) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    deinit {
        bytes.deallocate()
        slots.deallocate()
        slugs.deallocate()
        names.deallocate()
    }

    private static func add(_ piece: [UInt8], width: Int, to arena: inout [UInt8]) -> Cell {
        let cell = Cell(offset: arena.count, length: piece.count, width: width)
        arena += piece
        return cell
    }

    /// FNV-1a over the length and the last eight bytes (slugs share their parent's prefix, as
    /// in food/coffee and food/groceries): a listing looks up a few dozen slugs a million times.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        for index in max(0, bytes.count - 8)..<bytes.count { h = (h ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Byte by byte: a slug is shorter than a call to memcmp is worth.
    @inline(__always)
    private static func equal(_ stored: UnsafeMutablePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<key.count where stored[index] != key[index] { return false }
        return true
    }

    /// The display name of category `slug`, when it has one.
    func category(_ slug: String) -> Cell? {
        var slug = slug
        return slug.withUTF8 { key in
            var slot = ListCells.hash(key) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                let stored = slugs[index]
                if stored.length == key.count, ListCells.equal(bytes.baseAddress! + stored.offset, key) { return names[index] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The cell's bytes.
    @inline(__always)
    func piece(_ cell: Cell) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.baseAddress! + cell.offset, count: cell.length)
    }
}
