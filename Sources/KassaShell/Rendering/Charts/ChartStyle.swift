// ChartStyle: how charts are drawn on this output — the width in columns, Unicode blocks or
// plain ASCII (`--ascii`, or a locale that is not UTF-8), and colour (a terminal without
// NO_COLOR, the same rule as the rest of the output: TextStyle).

#if canImport(Glibc)
import Glibc
#endif

public struct ChartStyle: Sendable, Hashable {
    /// Columns the report may use (at least 30).
    public let width: Int
    public let ascii: Bool

    public static let minimumWidth = 30
    public static let defaultWidth = 80

    public init(width: Int = ChartStyle.defaultWidth, ascii: Bool = false) {
        self.width = max(ChartStyle.minimumWidth, width)
        self.ascii = ascii
    }

    /// The terminal's width when standard output is one (TIOCGWINSZ), else 80.
    public static func terminalWidth() -> Int {
        guard isatty(1) == 1 else { return defaultWidth }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return defaultWidth }
        return Int(size.ws_col)
    }

    /// The locale's character set is not UTF-8: the first of LC_ALL, LC_CTYPE, LANG that is set
    /// names another one (or the plain C/POSIX locale). Unset means UTF-8, today's default.
    public static func localeIsASCII(_ environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lower = value.lowercased()
            return !(lower.contains("utf-8") || lower.contains("utf8"))
        }
        return false
    }
}
