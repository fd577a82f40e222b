// CorpusTests: runs every case of every Grammars/**/*.corpus file; each failure is reported at
// the corpus file's own line, so the test log reads "Grammars/ru/dates.corpus:42".
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct CorpusTests {
    @Test func everyCorpusCasePasses() {
        let sources = GrammarFixtures.sources()
        let report = Corpus.run(sources, parser: GrammarFixtures.parser)
        for f in report.failures {
            let path = GrammarFixtures.grammarsRoot.deletingLastPathComponent().appendingPathComponent(f.file).path
            Issue.record("\(f.file):\(f.line): \(f.input): \(f.field) expected \(f.expected), got \(f.actual)",
                         sourceLocation: SourceLocation(fileID: "kassa/" + f.file, filePath: path, line: f.line, column: 1))
        }
        #expect(report.total > 0)
    }

    @Test func enoughCasesPerLanguage() {
        var counts: [String: Int] = [:]
        for source in GrammarFixtures.sources() where source.path.hasSuffix(".corpus") {
            let (cases, _) = Corpus.cases(in: source)
            for c in cases { counts[c.language.rawValue, default: 0] += 1 }
        }
        #expect(counts["en", default: 0] >= 300)
        #expect(counts["ru", default: 0] >= 300)
    }

    @Test func everyRuleFileHasACorpus() {
        let paths = Set(GrammarFixtures.sources().map(\.path))
        for path in paths where path.hasSuffix(".rules") {
            #expect(paths.contains(String(path.dropLast(".rules".count)) + ".corpus"), "\(path) has no corpus")
        }
    }

    @Test func corpusSyntaxErrorsAreReported() {
        let source = GrammarSource(path: "Grammars/en/x.corpus", language: .en, contents: """
            @today 2026-13-01
            coffee 1500
            coffee 1500 => colour=red
            coffee 1500 => amount=1500 note="coffee"
            coffee 1500 => amount=999
            """)
        let (cases, bad) = Corpus.cases(in: source)
        #expect(bad.map(\.line) == [1, 2, 3])
        #expect(cases.count == 2)
        let report = Corpus.run([source], parser: GrammarFixtures.parser)
        #expect(report.failures.contains { $0.line == 5 && $0.field == "amount" })
        #expect(!report.failures.contains { $0.line == 4 })
    }
}
