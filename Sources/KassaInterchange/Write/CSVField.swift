// CSVField: one cell of an RFC 4180 file — quoted when it holds a comma, a quote or a line
// break (quotes doubled) — and, for files a spreadsheet may open, neutralised when it would
// run as a formula: a cell starting with = + - @ tab or CR gets a leading apostrophe, which
// spreadsheets show as text and CSVReader takes off again. A cell that starts with an apostrophe
// of its own gets one more, so the round trip keeps it.

enum CSVField {
    static func append(_ text: String, to out: inout [UInt8], neutralise: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var needsQuotes = false
            for byte in bytes where byte == 44 || byte == 34 || byte == 10 || byte == 13 {
                needsQuotes = true
                break
            }
            let formula = neutralise && bytes.first.map { isFormulaStart($0) || $0 == 39 } == true
            if !needsQuotes && !formula {
                out.append(contentsOf: bytes)
                return
            }
            if needsQuotes { out.append(34) }
            if formula { out.append(39) }
            for byte in bytes {
                if byte == 34 { out.append(34) }
                out.append(byte)
            }
            if needsQuotes { out.append(34) }
        }
    }

    /// = + - @ tab CR: what spreadsheets read as the start of a formula.
    static func isFormulaStart(_ byte: UInt8) -> Bool {
        byte == 61 || byte == 43 || byte == 45 || byte == 64 || byte == 9 || byte == 13
    }
}
