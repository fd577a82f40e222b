// BarChart: horizontal bars with eighth-block resolution (▏▎▍▌▋▊▉█), or `#` in ASCII.
// A bar is drawn to its fraction of the largest value; a value above zero always shows at
// least a sliver, so a small category does not look like nothing.

enum BarChart {
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// A bar `fraction` (0...1) of `width` columns long, without padding.
    static func bar(_ fraction: Double, width: Int, ascii: Bool) -> String {
        guard width > 0, fraction > 0 else { return "" }
        let clamped = min(1, fraction)
        if ascii {
            let cells = max(1, Int((clamped * Double(width)).rounded()))
            return String(repeating: "#", count: cells)
        }
        let units = max(1, Int((clamped * Double(width * 8)).rounded()))
        var text = String(repeating: "█", count: units / 8)
        if units % 8 > 0 { text.append(eighths[units % 8 - 1]) }
        return text
    }
}
