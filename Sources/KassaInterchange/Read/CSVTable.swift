// CSVTable: RFC 4180 rows over UTF-8 bytes — quoted cells with doubled quotes and line breaks
// inside, CRLF or LF, a byte order mark skipped — with the delimiter (',' ';' or tab) detected
// from the first line. Cells are byte ranges handed to a callback row by row and decoded only
// when asked, so a million-row file is read without a String per cell it does not need.

public struct CSVCell: Sendable {
    public var start: Int
    public var end: Int
    /// Quoted with doubled quotes inside: decoding turns "" into ".
    public var escaped: Bool
}

public struct CSVTable: Sendable {
    public let bytes: [UInt8]
    public let delimiter: UInt8
    let start: Int

    public init(_ bytes: [UInt8], delimiter: UInt8? = nil) {
        self.bytes = bytes
        start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        self.delimiter = delimiter ?? CSVTable.detectDelimiter(bytes, from: start)
    }

    /// The most frequent of , ; tab outside quotes on the first line (',' when none). A first
    /// line with fewer than two is a bank's preamble ("Выписка по счёту", "Карта: *1234, KZT"):
    /// then the line of the first 40 with the most of one decides.
    static func detectDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [44: 0, 59: 0, 9: 0]
        var best: (count: Int, delimiter: UInt8) = (0, 44)
        var quoted = false
        var lines = 0
        var i = start
        /// The line's winner (',' wins ties), kept when it beats the lines before.
        func endLine() {
            let top = counts.max { ($0.value, $0.key == 44 ? 1 : 0) < ($1.value, $1.key == 44 ? 1 : 0) }!
            if top.value > best.count { best = (top.value, top.key) }
            counts = [44: 0, 59: 0, 9: 0]
            lines += 1
        }
        while i < bytes.count, lines < 40 {
            let b = bytes[i]
            if b == 34 { quoted.toggle() } else if !quoted {
                if b == 10 {
                    endLine()
                    if lines == 1, best.count >= 2 { break }
                } else if counts[b] != nil {
                    counts[b]! += 1
                }
            }
            i += 1
        }
        if i >= bytes.count, lines < 40 { endLine() }
        return best.count > 0 ? best.delimiter : 44
    }

    /// The text of a cell (doubled quotes undone).
    public func text(_ cell: CSVCell) -> String {
        let text = bytes.withUnsafeBufferPointer { String(decoding: $0[cell.start..<cell.end], as: UTF8.self) }
        guard cell.escaped else { return text }
        var out = ""
        var lastQuote = false
        for ch in text {
            if ch == "\"" && lastQuote { lastQuote = false; continue }
            lastQuote = ch == "\""
            out.append(ch)
        }
        return out
    }

    /// The text of a cell without surrounding ASCII spaces and tabs; nil when that is empty.
    /// Trimmed on the bytes: no String is made for an empty cell.
    public func trimmedText(_ cell: CSVCell) -> String? {
        var start = cell.start, end = cell.end
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 || bytes[end - 1] == 13 { end -= 1 }
        guard start < end else { return nil }
        return text(CSVCell(start: start, end: end, escaped: cell.escaped))
    }

    /// Calls `body` with each non-blank row's first line number (1-based) and its cells (the
    /// array is reused: copy what must outlive the call). Returning false stops.
    public func forEachRow(_ body: (_ line: Int, _ cells: [CSVCell]) -> Bool) {
        var cursor = Cursor(self)
        while let line = cursor.next() {
            if !body(line, cursor.cells) { return }
        }
    }

    /// Reads the rows one at a time, where `forEachRow` cannot be paused (a reader handing rows
    /// on in chunks, from another thread).
    public struct Cursor {
        let table: CSVTable
        /// The cells of the row `next()` read last (reused for every row).
        public private(set) var cells: [CSVCell] = []
        private var i: Int
        /// The line number of the next byte (counted through line breaks inside quotes too).
        public private(set) var line = 1
        /// No row starts at or past this byte (one that starts before it is read whole).
        private let limit: Int

        public init(_ table: CSVTable) {
            self.init(table, at: table.start, line: 1, limit: table.bytes.count)
        }

        /// A cursor over the rows that start in `at ..< limit` (`at` where a row starts), the
        /// first of them on line `line`: a part of the table read on its own.
        public init(_ table: CSVTable, at: Int, line: Int, limit: Int) {
            self.table = table
            i = at
            self.line = line
            self.limit = limit
            cells.reserveCapacity(16)
        }

        /// Where the next row starts (just past the last row read).
        public var offset: Int { min(i, table.bytes.count) }

        /// Reads the next non-blank row into `cells`; returns its first line number (1-based), or
        /// nil at the end.
        public mutating func next() -> Int? {
            let delimiter = table.delimiter
            let limit = limit
            return table.bytes.withUnsafeBufferPointer { b -> Int? in
                let n = b.count
                while i < limit {
                    cells.removeAll(keepingCapacity: true)
                    let rowLine = line
                    var rowEnded = plainRow(b, delimiter)
                    while !rowEnded {
                        if i < n, b[i] == 34 {
                            // Quoted: to the closing quote; "" is a quote inside.
                            i += 1
                            let cellStart = i
                            var escaped = false
                            while i < n {
                                if b[i] == 34 {
                                    if i + 1 < n, b[i + 1] == 34 { escaped = true; i += 2; continue }
                                    break
                                }
                                if b[i] == 10 { line += 1 }
                                i += 1
                            }
                            cells.append(CSVCell(start: cellStart, end: min(i, n), escaped: escaped))
                            i += 1
                            // Anything between the closing quote and the delimiter is dropped.
                            while i < n, b[i] != delimiter, b[i] != 10 { i += 1 }
                        } else {
                            let cellStart = i
                            while i < n, b[i] != delimiter, b[i] != 10 { i += 1 }
                            var cellEnd = i
                            if cellEnd > cellStart, b[cellEnd - 1] == 13, i >= n || b[i] == 10 { cellEnd -= 1 }
                            cells.append(CSVCell(start: cellStart, end: cellEnd, escaped: false))
                        }
                        if i >= n || b[i] == 10 {
                            rowEnded = true
                            line += 1
                        }
                        i += 1
                    }
                    let blank = cells.count == 1 && cells[0].end == cells[0].start
                    if !blank { return rowLine }
                }
                return nil
            }
        }

        /// Reads the row at `i` into `cells` when it has no quote: its delimiters and line end
        /// found eight bytes at a time (a million-row file spent most of its scanning time on
        /// byte-by-byte compares). Returns false, with `cells` empty and `i` and `line` as they
        /// were, at a quote or within eight bytes of the end: the byte-by-byte scan reads those.
        @inline(__always)
        private mutating func plainRow(_ b: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8) -> Bool {
            guard let base = b.baseAddress else { return false }
            let n = b.count
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let delimiters = ones &* UInt64(delimiter), newlines = ones &* 10, quotes = ones &* 34
            var at = i, cellStart = i
            while at + 8 <= n {
                let v = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                let d = v ^ delimiters, l = v ^ newlines, q = v ^ quotes
                // The lowest flagged byte is a real match (higher ones may be false: looked at again).
                let flags = (((d &- ones) & ~d) | ((l &- ones) & ~l) | ((q &- ones) & ~q)) & highs
                if flags == 0 { at += 8; continue }
                let p = at + flags.trailingZeroBitCount >> 3
                let c = base[p]
                if c == delimiter {
                    cells.append(CSVCell(start: cellStart, end: p, escaped: false))
                    cellStart = p + 1
                    at = p + 1
                } else if c == 10 {
                    // A CR before the line end is not the cell's.
                    cells.append(CSVCell(start: cellStart, end: p > cellStart && base[p - 1] == 13 ? p - 1 : p, escaped: false))
                    i = p + 1
                    line += 1
                    return true
                } else {
                    break
                }
            }
            cells.removeAll(keepingCapacity: true)
            return false
        }
    }

    /// What the row reader would otherwise pass over without a word, found in one pass: a quote
    /// never closed (every later row would be one cell), text after a closing quote (it would be
    /// dropped), a line ended by a CR alone (old Mac files: rows would merge). Each is a problem
    /// naming its line (reasons "quote", "after-quote", "line-end"), at most one of each kind.
    public func structuralProblems() -> [ImportProblem] {
        var problems: [ImportProblem] = []
        var quoteLine = 0, line = 1, i = start
        var cellStart = true
        var quoted = false, afterQuote = false, lineEnds = false
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if quoted {
                if b == 34 {
                    if i + 1 < n, bytes[i + 1] == 34 { i += 2; continue }
                    quoted = false
                    // After a closing quote: the delimiter, a line end, or the end of the file.
                    let next = i + 1 < n ? bytes[i + 1] : 10
                    let ends = next == delimiter || next == 10 || (next == 13 && (i + 2 >= n || bytes[i + 2] == 10))
                    if !ends, !afterQuote {
                        afterQuote = true
                        problems.append(ImportProblem(line: line, reason: "after-quote"))
                    }
                } else if b == 10 {
                    line += 1
                }
                i += 1
                continue
            }
            if b == 34, cellStart {
                quoted = true
                quoteLine = line
            } else if b == 10 {
                line += 1
            } else if b == 13, i + 1 < n, bytes[i + 1] != 10, !lineEnds {
                lineEnds = true
                problems.append(ImportProblem(line: line, reason: "line-end"))
            }
            cellStart = b == delimiter || b == 10
            i += 1
        }
        if quoted { problems.append(ImportProblem(line: quoteLine, reason: "quote")) }
        return problems
    }

    /// The first row's cells as text (the header).
    public func firstRow() -> (line: Int, cells: [String])? {
        var found: (Int, [String])?
        forEachRow { line, cells in
            found = (line, cells.map(text))
            return false
        }
        return found
    }
}
