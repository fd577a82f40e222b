// The questions grammar's corpora (Grammars/*/questions.corpus): every question gives the
// query written beside it, every look-alike entry stays an entry; the grammar files load without
// a mistake; and a typo in a group or name is an error at its line, not a silent no-match.

import Foundation
import Testing
import KassaTestSupport
import KassaCore
import KassaLedger

@Suite struct QuestionCorpusTests {
    static func sources(_ suffix: String) throws -> [GrammarSource] {
        let root = TestSupport.packageRoot.appendingPathComponent("Grammars")
        return try ["en", "ru"].map { language in
            let path = "Grammars/\(language)/questions.\(suffix)"
            let contents = try String(contentsOf: root.appendingPathComponent("\(language)/questions.\(suffix)"), encoding: .utf8)
            return GrammarSource(path: path, language: Language(rawValue: language), contents: contents)
        }
    }

    @Test func everyCaseOfBothCorporaPasses() throws {
        let (grammar, errors) = QuestionGrammar.load(try Self.sources("rules"))
        #expect(errors.isEmpty)
        let parser = GrammarFixtures.parser
        let report = QuestionCorpus.run(try Self.sources("corpus"), reader: QuestionReader(grammar: grammar, parser: parser))
        for f in report.failures { Issue.record("\(f.file):\(f.line): \(f.input): \(f.field) expected \(f.expected), got \(f.actual)") }
        // At least 150 questions per language, look-alike entries among them.
        for language in ["en", "ru"] {
            let text = try Self.sources("corpus").first { $0.path.contains("/\(language)/") }!.contents
            let cases = text.split(separator: "\n").filter { $0.contains(" => ") }
            #expect(cases.count >= 150, "\(language): \(cases.count)")
            #expect(cases.filter { $0.hasSuffix("kind=-") }.count >= 15, "\(language) negatives")
        }
        #expect(report.total >= 300)
        #expect(report.total == report.passed)
    }

    @Test func aTypoIsAnErrorAtItsLine() {
        let (_, errors) = QuestionGrammar.load([GrammarSource(path: "x.rules", language: .en, contents: """
            ask kind total = how much
            ask kind totl = how much
            ask perod this-month = this month
            ask period this-month = #n months
            ask filler =
            """)])
        #expect(errors.map(\.line) == [2, 3, 5])
        #expect(errors.map(\.reasonKey) == ["ask.unknown-name", "ask.unknown-group", "grammar.empty-item"])
    }

    @Test func aNumberLeftOverMakesAnEntry() {
        let (grammar, _) = QuestionGrammar.load((try? Self.sources("rules")) ?? [])
        let reader = QuestionReader(grammar: grammar, parser: GrammarFixtures.parser)
        let context = ParseContext(today: CivilDate(iso: "2026-11-26")!)
        #expect(reader.read("how much did I spend on coffee in the last 30 days", context: context)?.kind == .total)
        #expect(reader.read("how much coffee 30", context: context) == nil)
        #expect(reader.read("top 5 expenses", context: context)?.topCount == 5)
        #expect(reader.read("", context: context) == nil)
    }
}
