// ColumnChart: two series side by side per column group (income and expenses per month),
// drawn upwards in `height` rows with eighth-block tops (▁▂▃▄▅▆▇█), or `#` and `=` in ASCII.
// The first series is on the left of each pair; colour (green, red) only where styled.

enum ColumnChart {
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Rows from top to bottom. Each group is `pair` columns wide (two series of `barWidth`)
    /// followed by `gap` spaces.
    static func rows(_ first: [Int64], _ second: [Int64], height: Int, barWidth: Int, gap: Int, ascii: Bool,
                     style: TextStyle) -> [String] {
        let top = max(first.max() ?? 0, second.max() ?? 0)
        guard top > 0, height > 0 else { return [] }
        func eighthsOf(_ value: Int64) -> Int {
            value <= 0 ? 0 : max(1, Int((Double(value) / Double(top) * Double(height * 8)).rounded()))
        }
        func cell(_ units: Int, row: Int, mark: Character) -> String {
            // `row` counts from the bottom (0); the cell holds units in [row*8, row*8+8).
            let filled = units - row * 8
            let glyph: Character
            if filled >= 8 { glyph = ascii ? mark : "█" } else if filled <= 0 { glyph = " " } else {
                glyph = ascii ? (filled >= 4 ? mark : " ") : eighths[filled - 1]
            }
            return String(repeating: glyph, count: barWidth)
        }
        let a = first.map(eighthsOf), b = second.map(eighthsOf)
        var rows: [String] = []
        for row in stride(from: height - 1, through: 0, by: -1) {
            // Cells as (text, series); blank cells are not styled, trailing blanks dropped.
            var cells: [(String, Bool)] = []
            for index in a.indices {
                cells.append((cell(a[index], row: row, mark: "#"), true))
                cells.append((cell(b[index], row: row, mark: "="), false))
            }
            let last = cells.lastIndex { $0.0.contains { $0 != " " } } ?? -1
            var line = ""
            for (index, (text, isFirst)) in cells.enumerated() where index <= last {
                let blank = !text.contains { $0 != " " }
                line += blank ? text : (isFirst ? style.good(text) : style.bad(text))
                if index % 2 == 1 && index < last { line += String(repeating: " ", count: gap) }
            }
            rows.append(line)
        }
        return rows
    }
}
