// DialogCorpusTests: the replies corpus (Grammars/*/replies.corpus) passes through real
// sessions, is large enough (200 replies a language, a quarter negatives), and the `reply` rules
// pass `kassa grammar check`; a broken rule or case is reported at its file and line.

import Testing
import KassaCore
import KassaShell
import KassaTestSupport

@Suite struct DialogCorpusTests {
    static let resources = Fixtures.resources
    static let parser: Parser = Parser(grammar: Grammar.load(resources.grammarSources).0)

    @Test(arguments: ["en", "ru"])
    func corpusPasses(language: String) {
        let sources = GrammarFixtures.sources().filter { $0.path.hasSuffix("\(language)/replies.corpus") }
        #expect(sources.count == 1)
        let report = DialogCorpus.run(sources, parser: Self.parser, words: Self.resources.commandWords)
        for failure in report.failures {
            Issue.record("\(failure.file):\(failure.line): \(failure.input): expected \(failure.expected), got \(failure.actual)")
        }
        #expect(report.total >= 200)
        #expect(report.negatives * 4 >= report.total, "negatives \(report.negatives) of \(report.total)")
        #expect(report.passed == report.total)
    }

    @Test func shippedRulesPassTheCheck() {
        let (lines, status) = GrammarCommands.check(sources: Self.resources.grammarSources, catalog: Fixtures.catalog(.en))
        #expect(status == 0, "\(lines)")
        #expect(lines.last?.contains("grammar files checked") == true)
    }

    @Test func brokenRulesAreLocated() {
        let bad = GrammarSource(path: "Grammars/en/mine.rules", language: .en,
                                contents: "reply confirm = ok\n  reply confrim = yes\nreply ordinal x = second\nreply refuse = ok\nreply cue = actually,, make it\n")
        let (lines, status) = GrammarCommands.check(sources: [bad], catalog: Fixtures.catalog(.en))
        #expect(status == 1)
        #expect(lines[0].hasPrefix("Grammars/en/mine.rules:2:9: \"confrim\" is not a kind of dialog rule"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Grammars/en/mine.rules:3:15: an ordinal needs its number") })
        #expect(lines.contains { $0.hasPrefix("Grammars/en/mine.rules:5:") && $0.contains("empty phrase") })
        #expect(lines.contains { $0.contains("\"ok\" is both a confirmation and a refusal") })
    }

    @Test func aFailingCaseIsReportedAtItsLine() {
        let source = GrammarSource(path: "Grammars/en/mine.corpus", language: .en,
                                   contents: "# one good, one wrong, one unreadable\n@reads replies\ncoffee 1500 >> no, 1600 => amount=1600\ncoffee 1500 >> no, 1600 => amount=1500\nnonsense\n")
        let report = DialogCorpus.run([source], parser: Self.parser, words: Self.resources.commandWords)
        #expect(report.total == 3)
        #expect(report.passed == 1)
        #expect(report.failures.map(\.line) == [4, 5])
    }
}
