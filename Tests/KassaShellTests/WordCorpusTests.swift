// WordCorpusTests: the session words' corpora (Grammars/*/session.corpus) pass against the
// shipped words, and a wrong or unreadable case is reported at its line.

import Testing
import KassaCore
import KassaShell
import KassaTestSupport

@Suite struct WordCorpusTests {
    @Test func theShippedCorporaPass() {
        let sources = GrammarFixtures.sources().filter { $0.path.hasSuffix("/session.corpus") }
        #expect(sources.count == 2)
        let report = WordCorpus.run(sources, words: Fixtures.resources.commandWords)
        for f in report.failures { Issue.record("\(f.file):\(f.line): \(f.input): \(f.field) expected \(f.expected), got \(f.actual)") }
        #expect(report.total >= 40)
        #expect(report.passed == report.total)
    }

    @Test func aWrongCaseIsReportedAtItsLine() {
        let source = GrammarSource(path: "Grammars/en/mine.corpus", language: .en,
                                   contents: "@reads words\nls => command=list\nls => command=help\nls\n")
        let report = WordCorpus.run([source], words: Fixtures.resources.commandWords)
        #expect(report.total == 3)
        #expect(report.passed == 1)
        #expect(report.failures.map(\.line) == [3, 4])
        #expect(report.failures.first?.actual == "list")
    }
}
