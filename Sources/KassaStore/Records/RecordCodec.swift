// RecordCodec: the byte-level pieces of the journal's line format (see Journal.swift for the
// format itself): escaping of text fields, integers, amounts, dates, and the line writer that
// prefixes each record with its CRC-32. Works on bytes, never on Foundation, because open parses
// a million lines and the bulk append writes as many.

import KassaCore

enum RecordOp: UInt8, CaseIterable, Sendable {
    case commit = 1, importBatch, edit, delete, undo, redo, account, learn, object

    var name: String {
        switch self {
        case .commit: "commit"
        case .importBatch: "import"
        case .edit: "edit"
        case .delete: "delete"
        case .undo: "undo"
        case .redo: "redo"
        case .account: "account"
        case .learn: "learn"
        case .object: "object"
        }
    }

    /// Changes that change data (and so can be undone); undo and redo only move the history.
    var isData: Bool { self != .undo && self != .redo }

    /// The op names as bytes, indexed by rawValue (for the writer and the parser's compare).
    static let names: [[UInt8]] = [[]] + allCases.map { Array($0.name.utf8) }

    static func parse(_ p: UnsafePointer<UInt8>, _ count: Int) -> RecordOp? {
        // Dispatch on the first byte: this runs once per line of a million-line journal.
        let op: RecordOp
        switch p[0] {
        case UInt8(ascii: "c"): op = .commit
        case UInt8(ascii: "i"): op = .importBatch
        case UInt8(ascii: "e"): op = .edit
        case UInt8(ascii: "d"): op = .delete
        case UInt8(ascii: "u"): op = .undo
        case UInt8(ascii: "r"): op = .redo
        case UInt8(ascii: "a"): op = .account
        case UInt8(ascii: "l"): op = .learn
        case UInt8(ascii: "o"): op = .object
        default: return nil
        }
        let name = names[Int(op.rawValue)]
        guard name.count == count else { return nil }
        for i in 1..<count where name[i] != p[i] { return nil }
        return op
    }
}

enum RecordCodec {
    static let magic = "kassa-journal"
    static let version = 1
    /// The first line of every journal file.
    static let header: [UInt8] = Array("\(magic)\t\(version)\n".utf8)
    static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), backslash = UInt8(ascii: "\\")

    // MARK: text fields

    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        // Fast path: most fields need no escape, so copy their UTF-8 in one go.
        let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where b == backslash || b == tab || b == newline || b == 13 { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true { return }
        for b in text.utf8 {
            switch b {
            case backslash: out.append(backslash); out.append(backslash)
            case tab: out.append(backslash); out.append(UInt8(ascii: "t"))
            case newline: out.append(backslash); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.append(backslash); out.append(UInt8(ascii: "r"))
            default: out.append(b)
            }
        }
    }

    static func unescape(_ p: UnsafePointer<UInt8>, _ count: Int) -> String {
        unescape(UnsafeBufferPointer(start: p, count: count)[...])
    }

    static func unescape<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        guard bytes.contains(backslash) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaping = false
        for b in bytes {
            if escaping {
                switch b {
                case UInt8(ascii: "t"): out.append(tab)
                case UInt8(ascii: "n"): out.append(newline)
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: out.append(b)
                }
                escaping = false
            } else if b == backslash {
                escaping = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: numbers and dates

    /// A non-negative decimal integer of at most 18 digits.
    static func parseUInt(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int64? {
        guard count > 0, count <= 18 else { return nil }
        var value: Int64 = 0
        for i in 0..<count {
            let d = p[i] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int64(d)
        }
        return value
    }

    /// "1500.00" → 150000 for 2 minor digits. Exactly `digits` fractional digits, or none, and
    /// at most `RecordBounds.maxWholeDigits` before the point: nil for anything else, so no
    /// amount read from a file can overflow. A sign is no amount: a transaction's direction is
    /// its type, and kassa never writes "-1500.00" (RecordBounds.problem refuses it).
    static func parseAmount(_ p: UnsafePointer<UInt8>, _ count: Int, digits: Int) -> Int64? {
        var i = 0
        var value: Int64 = 0
        var wholeDigits = 0
        while i < count, p[i] != UInt8(ascii: ".") {
            let d = p[i] &- 48
            guard d < 10, wholeDigits < RecordBounds.maxWholeDigits else { return nil }
            value = value * 10 + Int64(d)
            wholeDigits += 1
            i += 1
        }
        guard wholeDigits > 0 else { return nil }
        var fraction = 0
        if i < count {
            i += 1  // the "."
            while i < count {
                let d = p[i] &- 48
                guard d < 10, fraction < digits else { return nil }
                value = value * 10 + Int64(d)
                fraction += 1
                i += 1
            }
            guard fraction == digits, digits > 0 else { return nil }
        } else {
            for _ in 0..<digits { value *= 10 }
        }
        return value
    }

    /// "YYYY-MM-DD" → days since 1970-01-01, nil unless a real date in `CivilDate.supported`.
    static func parseDate(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int32? {
        guard count == 10, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"),
              let y = parseUInt(p, 4), let m = parseUInt(p + 5, 2), let d = parseUInt(p + 8, 2),
              let date = CivilDate(year: Int(y), month: Int(m), day: Int(d)), date.isSupported else { return nil }
        return Int32(date.daysSinceEpoch)
    }

    static func parseTime(_ p: UnsafePointer<UInt8>, _ count: Int) -> TimeOfDay? {
        guard count == 5, p[2] == UInt8(ascii: ":"), let h = parseUInt(p, 2), let m = parseUInt(p + 3, 2) else { return nil }
        return TimeOfDay(hour: Int(h), minute: Int(m))
    }

    static func appendInt(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[n] = UInt8(magnitude % 10) + 48
                magnitude /= 10
                n += 1
            } while magnitude > 0
            while n > 0 { n -= 1; out.append(buffer[n]) }
        }
    }

    static func appendPadded(_ value: Int, width: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var v = value
        while divisor > 0 {
            out.append(UInt8(v / divisor % 10) + 48)
            v %= divisor
            divisor /= 10
        }
    }

    /// Minor units as a decimal with exactly `digits` fractional digits: 150000, 2 → "1500.00".
    static func appendAmount(_ minor: Int64, digits: Int, to out: inout [UInt8]) {
        if minor < 0 { out.append(UInt8(ascii: "-")) }
        var per: UInt64 = 1
        for _ in 0..<digits { per *= 10 }
        let magnitude = minor.magnitude
        appendInt(Int64(magnitude / per), to: &out)
        if digits > 0 {
            out.append(UInt8(ascii: "."))
            appendPadded(Int(magnitude % per), width: digits, to: &out)
        }
    }

    static func appendDate(_ date: CivilDate, to out: inout [UInt8]) {
        appendPadded(date.year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(date.month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(date.day, width: 2, to: &out)
    }

    /// The 12 transaction fields, each preceded by a tab: TransactionRecord's, the one encoder.
    static func appendTransaction(_ t: Transaction, to out: inout [UInt8]) {
        TransactionRecord.append(t, to: &out)
    }
}

/// Builds record lines: `CRC<TAB>body<LF>` where CRC is 8 lower-case hex digits of the body's CRC-32.
struct LineWriter {
    var out: [UInt8] = []
    private var bodyStart = 0
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Starts a record of change `change`, part `part` of `parts`, with operation `op`.
    mutating func begin(change: Int64, part: Int, of parts: Int, op: RecordOp) {
        begin(change: change, part: part, of: parts)
        out.append(RecordCodec.tab)
        out.append(contentsOf: RecordOp.names[Int(op.rawValue)])
    }

    /// Starts a record with only CHANGE and PART/PARTS; the caller appends `<TAB>OP...` itself
    /// (repair renumbering the intact parts of a damaged change).
    mutating func begin(change: Int64, part: Int, of parts: Int) {
        for _ in 0..<(RecordLine.bodyOffset - 1) { out.append(UInt8(ascii: "0")) }
        out.append(RecordCodec.tab)
        bodyStart = out.count
        RecordCodec.appendInt(change, to: &out)
        out.append(RecordCodec.tab)
        RecordCodec.appendInt(Int64(part), to: &out)
        out.append(UInt8(ascii: "/"))
        RecordCodec.appendInt(Int64(parts), to: &out)
    }

    /// Starts a record from its head's bytes as a PartRun keeps them: `head` (the CRC's place,
    /// a tab, CHANGE and a tab), the part's digits, then `tail` (`/PARTS<TAB>OP`).
    mutating func begin(head: [UInt8], part: [UInt8], tail: [UInt8]) {
        out.append(contentsOf: head)
        bodyStart = out.count - head.count + RecordLine.bodyOffset
        out.append(contentsOf: part)
        out.append(contentsOf: tail)
    }

    mutating func field(_ text: String) {
        out.append(RecordCodec.tab)
        RecordCodec.appendEscaped(text, to: &out)
    }

    mutating func field(_ value: Int64) {
        out.append(RecordCodec.tab)
        RecordCodec.appendInt(value, to: &out)
    }

    mutating func end() {
        let crc = out.withUnsafeBytes { CRC32.checksum($0.baseAddress! + bodyStart, count: out.count - bodyStart) }
        let at = bodyStart - RecordLine.bodyOffset
        out.withUnsafeMutableBufferPointer { line in
            LineWriter.hex.withUnsafeBufferPointer { hex in
                for i in 0..<8 { line[at + i] = hex[Int((crc >> UInt32(28 - 4 * i)) & 0xF)] }
            }
        }
        out.append(RecordCodec.newline)
    }
}
