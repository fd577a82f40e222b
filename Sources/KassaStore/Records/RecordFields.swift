// RecordFields: the one field splitter of a record line (the layout is in RecordLayout.swift).
// Every reader of records in the store goes through it: opening a journal (JournalState+Reading
// and its read-ahead thread), materialising a transaction (Journal.materialize, Journal+Text),
// and recovery (JournalRecovery: a line's head, and the fields of a damaged line it offers for
// re-import). It works on raw bytes and writes field bounds into caller-owned memory, because
// opening a million-line journal splits a million lines: no array per line on the hot path.

import KassaCore

enum RecordFields {
    /// The most fields a record line may have (31 tabs); a line with more is not a record.
    static let capacity = 32
    /// Ints `split` may write: a start, end pair per field.
    static let boundsCapacity = 2 * capacity

    /// Splits a body `base[start..<lineEnd]` (after `CRC<TAB>`, before the line ending) at its tabs
    /// into `fields` (start, end pairs, at least `boundsCapacity` Ints); returns the field count,
    /// or nil for more than `capacity` fields. Escapes need no care here: the writer escapes every
    /// tab inside a field (`\t`), so each raw tab is a separator; fields are unescaped later,
    /// one by one, by whoever reads them (RecordCodec.unescape).
    @inline(__always)
    static func split(_ base: UnsafePointer<UInt8>, from start: Int, to lineEnd: Int,
                      into fields: UnsafeMutablePointer<Int>) -> Int? {
        var n = 0
        var start = start
        var i = start
        // Eight bytes at a time: a word's tab bytes show as set high bits (SWAR zero-byte test);
        // a candidate is confirmed byte-wise, since the trick can flag a byte after a real hit.
        while i + 8 <= lineEnd {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x0909_0909_0909_0909
            var hits = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            while hits != 0 {
                let at = i + hits.trailingZeroBitCount / 8
                hits &= hits &- 1
                if base[at] == RecordCodec.tab {
                    guard n < capacity - 1 else { return nil }
                    fields[2 * n] = start
                    fields[2 * n + 1] = at
                    n += 1
                    start = at + 1
                }
            }
            i += 8
        }
        while i < lineEnd {
            if base[i] == RecordCodec.tab {
                guard n < capacity - 1 else { return nil }
                fields[2 * n] = start
                fields[2 * n + 1] = i
                n += 1
                start = i + 1
            }
            i += 1
        }
        fields[2 * n] = start
        fields[2 * n + 1] = lineEnd
        return n + 1
    }

    /// `split` for cold paths (recovery, tests): the fields of the body `bytes[body]` as ranges
    /// into `bytes`; nil for more than `capacity` fields.
    static func ranges(in bytes: [UInt8], body: Range<Int>) -> [Range<Int>]? {
        precondition(body.lowerBound >= 0 && body.upperBound <= bytes.count)
        return bytes.withUnsafeBufferPointer { buffer -> [Range<Int>]? in
            // An empty array has no base address; its one field is empty.
            guard let base = buffer.baseAddress else { return [body] }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: boundsCapacity) { bounds -> [Range<Int>]? in
                let fields = bounds.baseAddress!
                guard let n = split(base, from: body.lowerBound, to: body.upperBound, into: fields) else { return nil }
                return (0..<n).map { fields[2 * $0]..<fields[2 * $0 + 1] }
            }
        }
    }

    /// The change number, PART/PARTS and op of a split line; nil when any is malformed.
    @inline(__always)
    static func head(_ base: UnsafePointer<UInt8>, fields: UnsafeMutablePointer<Int>, count n: Int)
        -> (number: Int64, part: Int, parts: Int, op: RecordOp)? {
        guard n >= 3, let (number, part, parts) = changeAndPart(base, fields: fields, count: n) else { return nil }
        let opAt = fields[2 * RecordField.op.rawValue]
        guard let op = RecordOp.parse(base + opAt, fields[2 * RecordField.op.rawValue + 1] - opAt) else { return nil }
        return (number, part, parts, op)
    }

    /// The change number and PART/PARTS of a split line, whatever its op; nil when malformed.
    @inline(__always)
    static func changeAndPart(_ base: UnsafePointer<UInt8>, fields: UnsafeMutablePointer<Int>, count n: Int)
        -> (number: Int64, part: Int, parts: Int)? {
        guard n >= 3 else { return nil }
        let numberAt = fields[2 * RecordField.change.rawValue], partAt = fields[2 * RecordField.part.rawValue]
        guard let number = RecordCodec.parseUInt(base + numberAt, fields[2 * RecordField.change.rawValue + 1] - numberAt),
              let (part, parts) = parsePart(base + partAt, fields[2 * RecordField.part.rawValue + 1] - partAt) else { return nil }
        return (number, part, parts)
    }

    /// `PART/PARTS` with 1 ≤ PART ≤ PARTS; nil otherwise.
    @inline(__always)
    static func parsePart(_ p: UnsafePointer<UInt8>, _ count: Int) -> (Int, Int)? {
        var slash = -1
        for i in 0..<count where p[i] == UInt8(ascii: "/") { slash = i; break }
        guard slash > 0, let part = RecordCodec.parseUInt(p, slash),
              let parts = RecordCodec.parseUInt(p + slash + 1, count - slash - 1),
              part >= 1, part <= parts else { return nil }
        return (Int(part), Int(parts))
    }
}
