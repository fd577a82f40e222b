// Tests for GrammarCommands (KassaShell): `kassa grammar check` shows file:line:column, the line
// and a caret; `kassa grammar test` reports corpus failures as file:line; both set the status.
import Foundation
import Testing
import KassaCore
import KassaShell
import KassaTestSupport

@Suite struct GrammarCommandsTests {
    func catalog(_ language: Language) -> Catalog {
        var catalog = Catalog(language: language)
        let url = TestSupport.packageRoot.appendingPathComponent("Locales/\(language.rawValue)/parser.messages")
        catalog.load((try? String(contentsOf: url, encoding: .utf8)) ?? "", file: url.path)
        return catalog
    }

    @Test func checkPassesOnTheShippedGrammars() {
        let (lines, status) = GrammarCommands.check(sources: GrammarFixtures.sources(), catalog: catalog(.en))
        #expect(status == 0)
        #expect(lines.count == 1)
        #expect(lines.last?.contains("grammar files checked") == true)
    }

    @Test func checkShowsLocationLineAndCaret() {
        let bad = GrammarSource(path: "Grammars/en/mine.rules", language: .en, contents: "class ones 1 = one\n  klass x = y\n")
        let (lines, status) = GrammarCommands.check(sources: [bad], catalog: catalog(.en))
        #expect(status == 1)
        #expect(lines[0].hasPrefix("Grammars/en/mine.rules:2:3: "))
        #expect(lines[1] == "      klass x = y")
        #expect(lines[2] == "      ^")
        let ru = GrammarCommands.check(sources: [bad], catalog: catalog(.ru)).lines
        #expect(ru[0].contains("неизвестная директива"))
        #expect(ru.last == "Найдена 1 ошибка.")
    }

    @Test func testRunsTheCorpora() {
        let (lines, status) = GrammarCommands.test(sources: GrammarFixtures.sources(), words: Fixtures.resources.commandWords, catalog: catalog(.en))
        #expect(status == 0, "\(lines.suffix(5))")
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "Grammars/en/broken.corpus", language: .en,
                                     contents: "coffee 1500 => amount=1600\nnonsense"))
        let failed = GrammarCommands.test(sources: sources, words: Fixtures.resources.commandWords, catalog: catalog(.en))
        #expect(failed.status == 1)
        #expect(failed.lines.contains { $0.hasPrefix("Grammars/en/broken.corpus:1: coffee 1500: amount expected 1600") })
        #expect(failed.lines.contains { $0.hasPrefix("Grammars/en/broken.corpus:2: ") })
    }
}
