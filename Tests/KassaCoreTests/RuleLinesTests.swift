// RuleLinesTests: the rules-as-data line reader every grammar loader uses — comments and blank
// lines left out, line numbers as an editor counts them, the text trimmed, the raw line kept
// (its indent), and a file saved with CR LF read exactly as one with LF.
import KassaCore
import Testing

@Suite struct RuleLinesTests {
    @Test func linesSayingSomethingKeepTheirNumbersAndIndent() {
        let lines = RuleLines.read("# a comment\n\nconfirm = yes, ok\n  \t\n   # indented comment\n  refuse = no  \nlast")
        #expect(lines.map(\.number) == [3, 6, 7])
        #expect(lines.map(\.text) == ["confirm = yes, ok", "refuse = no", "last"])
        #expect(lines.map(\.indent) == [0, 2, 0])
        #expect(lines[1].raw == "  refuse = no  ")
    }

    @Test func windowsLineEndsReadAsUnixOnes() {
        let unix = "# rules\nconfirm = yes\n\n  refuse = no\n"
        let windows = unix.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        let a = RuleLines.read(unix), b = RuleLines.read(windows)
        #expect(b.map(\.number) == a.map(\.number))
        #expect(b.map(\.text) == a.map(\.text))
        #expect(b.map { String($0.raw) } == a.map { String($0.raw) })
        #expect(a.map(\.number) == [2, 4])
    }
}
