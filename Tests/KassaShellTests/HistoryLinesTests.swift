// HistoryLinesTests: `:history` keeps its columns apart however long the change numbers grow
// (a journal of a million changes printed "1000000saved").
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct HistoryLinesTests {
    @Test(arguments: [Language.en, .ru])
    func bigChangeNumbersStayApartFromTheKind(language: Language) {
        let renderer = TextRenderer(catalog: Fixtures.catalog(language), grammar: Grammar.load([]).0, style: TextStyle(enabled: false))
        let entries = [7, 1_000_000, 12_345_678].map { number in
            HistoryEntry(number: number, kind: .commit, ids: [number], transactionCount: 1, targets: [], inEffect: true,
                         line: number, bySession: false)
        }
        let lines = HistoryOutput(history: History(entries: entries, total: 12_345_678, nextUndo: nil, nextRedo: nil)).textLines(renderer).map { OutputLine($0) }
        let kind = Fixtures.catalog(language).text("history.kind.commit")
        for (line, number) in zip(lines, [7, 1_000_000, 12_345_678]) {
            #expect(line.text.contains("\(number)  "), "\(line.text)")
            // The kinds start in one column.
            #expect(line.text.range(of: kind)?.lowerBound.utf16Offset(in: line.text) == lines[0].text.range(of: kind)?.lowerBound.utf16Offset(in: lines[0].text))
        }
    }
}
