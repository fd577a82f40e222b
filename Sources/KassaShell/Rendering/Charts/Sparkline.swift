// Sparkline: one character per value, its height from the smallest to the largest value
// (▁▂▃▄▅▆▇█; in ASCII `_.-=#`-style levels). Zero stays the lowest mark; a row of equal
// values is drawn flat and low.

enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels: [Character] = ["_", ".", ",", "-", "~", "=", "*", "#"]

    static func line(_ values: [Int64], ascii: Bool) -> String {
        let marks = ascii ? asciiLevels : levels
        let top = values.max() ?? 0
        guard top > 0 else { return String(repeating: marks[0], count: values.count) }
        return String(values.map { value -> Character in
            guard value > 0 else { return marks[0] }
            let level = Int((Double(value) / Double(top) * Double(marks.count - 1)).rounded())
            return marks[max(0, min(marks.count - 1, level))]
        })
    }
}
