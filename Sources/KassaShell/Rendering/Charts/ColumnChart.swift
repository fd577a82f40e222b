// ColumnChart: one column per value around a zero line — up for positive values (a month with
// more income than spending), down for negative ones — drawn in `half` rows each way. Upward
// columns end in eighth blocks (▁▂▃▄▅▆▇█); downward ones in the upper blocks Unicode has (▔ ▀
// █); in ASCII `#` up and `=` down. Positive columns are green and negative red where styled.
// Rows with nothing in them are left out, so a chart with no negative month has no lower half.

enum ColumnChart {
    static let lower: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func rows(_ values: [Int64], half: Int, barWidth: Int, gap: Int, ascii: Bool, style: TextStyle) -> [String] {
        let top = values.map { $0.magnitude }.max() ?? 0
        guard top > 0, half > 0 else { return [] }
        let units = values.map { value -> Int in
            value == 0 ? 0 : max(1, Int((Double(value.magnitude) / Double(top) * Double(half * 8)).rounded()))
        }
        // In ASCII a cell is drawn from half full, and the cell next to the line always, so a
        // small month still shows.
        func up(_ filled: Int, _ row: Int) -> Character {
            if filled >= 8 { return ascii ? "#" : "█" }
            if filled <= 0 { return " " }
            return ascii ? (filled >= 4 || row == 0 ? "#" : " ") : lower[filled - 1]
        }
        func down(_ filled: Int, _ row: Int) -> Character {
            if filled >= 8 { return ascii ? "=" : "█" }
            if filled <= 0 { return " " }
            if ascii { return filled >= 4 || row == 0 ? "=" : " " }
            return filled >= 4 ? "▀" : "▔"
        }
        func line(_ glyphs: [Character]) -> String? {
            guard glyphs.contains(where: { $0 != " " }) else { return nil }
            var text = ""
            for (index, glyph) in glyphs.enumerated() {
                let cell = String(repeating: glyph, count: barWidth)
                text += glyph == " " ? cell : values[index] > 0 ? style.good(cell) : style.bad(cell)
                if index < glyphs.count - 1 { text += String(repeating: " ", count: gap) }
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var rows: [String] = []
        for row in stride(from: half - 1, through: 0, by: -1) {
            if let text = line(values.indices.map { values[$0] > 0 ? up(units[$0] - row * 8, row) : " " }) { rows.append(text) }
        }
        let width = values.count * barWidth + (values.count - 1) * gap
        rows.append(style.dim(String(repeating: ascii ? "-" : "─", count: width)))
        for row in 0..<half {
            if let text = line(values.indices.map { values[$0] < 0 ? down(units[$0] - row * 8, row) : " " }) { rows.append(text) }
        }
        return rows
    }
}
