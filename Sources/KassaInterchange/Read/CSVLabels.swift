// CSVLabels: the few distinct texts of a CSV's label columns (category, account, to_account) as
// one decoding thread meets them: a cell's bytes are looked up without making a String, and each
// text's String is made once and shared by every row that names it. A label's index is its key
// (the rows' account counts and resolved categories are kept by it). Past `maxLabels` distinct
// texts a look-up answers nil and the row goes the careful way.

#if canImport(Glibc)
import Glibc
#endif

struct CSVLabels {
    static let maxLabels = 1024
    private static let tableSize = 4096
    /// The labels' bytes one after another, and each one's start and length there.
    private var bytes: [UInt8] = []
    private var ranges: [(start: Int, count: Int)] = []
    /// The labels' texts, by key.
    private(set) var values: [String] = []
    /// Keys by a hash of the bytes (key + 1; 0: empty), open addressing.
    private var table = [Int32](repeating: 0, count: CSVLabels.tableSize)

    init() {
        bytes.reserveCapacity(1 << 12)
    }

    /// The key of the text `p[0..<count]` (not empty), added when new; nil when it is not valid
    /// UTF-8 (the careful way's String would differ) or the table is full.
    @inline(__always)
    mutating func key(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var hash: UInt32 = 2_166_136_261
        for k in 0..<count { hash = (hash ^ UInt32(p[k])) &* 16_777_619 }
        let mask = CSVLabels.tableSize - 1
        var slot = Int(hash) & mask
        while true {
            let entry = Int(table[slot])
            if entry == 0 { break }
            let range = ranges[entry - 1]
            if range.count == count, bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + range.start, p, count) == 0 }) {
                return entry - 1
            }
            slot = (slot + 1) & mask
        }
        let text = UnsafeBufferPointer(start: p, count: count)
        guard values.count < CSVLabels.maxLabels, BackupLineDecoder.isValidUTF8(text) else { return nil }
        ranges.append((bytes.count, count))
        bytes.append(contentsOf: text)
        values.append(String(decoding: text, as: UTF8.self))
        table[slot] = Int32(values.count)
        return values.count - 1
    }

    /// The key of a text given as a String (a default account), added when new.
    mutating func key(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { utf8 in utf8.isEmpty ? nil : key(utf8.baseAddress!, utf8.count) }
    }
}

/// Texts at a fixed address for as long as a decoding thread's reader lives (a resolved
/// category's slug, a default account), so an encoded row can point at their bytes.
final class CSVTexts {
    private var kept: [String: UnsafeMutableBufferPointer<UInt8>] = [:]

    func bytes(_ text: String) -> UnsafeBufferPointer<UInt8> {
        if let known = kept[text] { return UnsafeBufferPointer(known) }
        let utf8 = Array(text.utf8)
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(utf8.count, 1))
        _ = copy.initialize(from: utf8)
        let bytes = UnsafeMutableBufferPointer(rebasing: copy[..<utf8.count])
        kept[text] = bytes
        return UnsafeBufferPointer(bytes)
    }

    deinit {
        for bytes in kept.values { bytes.baseAddress?.deallocate() }
    }
}
