// Tests for Grammar+Replica: a replica is a grammar of its own — no table, word or pattern storage
// shared with the original (that sharing is what it exists to avoid) — and it answers every corpus
// case and benchmark line exactly as the original does.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct GrammarReplicaTests {
    static let original = GrammarFixtures.parser.grammar

    @Test func aReplicaSharesNoStorageWithItsOriginal() throws {
        let a = Self.original
        let b = try #require(a.replica())
        #expect(a !== b)
        #expect(a.hot.lexStart.baseAddress != b.hot.lexStart.baseAddress)
        #expect(a.hot.wordBits.baseAddress != b.hot.wordBits.baseAddress)
        #expect(a.words.arena.withUnsafeBufferPointer { $0.baseAddress } != b.words.arena.withUnsafeBufferPointer { $0.baseAddress })
        #expect(a.entries.withUnsafeBufferPointer { $0.baseAddress } != b.entries.withUnsafeBufferPointer { $0.baseAddress })
        #expect(a.words.count == b.words.count && a.patterns.count == b.patterns.count && a.categories == b.categories)
        // A replica of a replica is one too (the second thread's grammar is never the source of
        // anything, but nothing about it is special).
        #expect(try #require(b.replica()).entries.count == a.entries.count)
    }

    @Test func aReplicaAnswersEveryCorpusCaseAndBenchLineAsTheOriginal() throws {
        let original = GrammarFixtures.parser
        let replica = Parser(grammar: try #require(Self.original.replica()))
        var inputs: [(String, CivilDate, Language, [Account])] = []
        for source in GrammarFixtures.sources() where source.path.hasSuffix(".corpus") {
            for c in Corpus.cases(in: source).0 { inputs.append((c.input, c.today, c.language, c.accounts)) }
        }
        for line in GrammarFixtures.benchEntries {
            inputs.append((line, Corpus.defaultToday, .en, []))
        }
        #expect(inputs.count > 2_000)
        for (input, today, language, accounts) in inputs {
            let context = ParseContext(today: today, language: language, accounts: accounts)
            let (x, y) = (original.parse(input, context: context), replica.parse(input, context: context))
            #expect(x.drafts == y.drafts && x.explanations == y.explanations && x.questions == y.questions
                && x.error == y.error, "\(input)")
        }
    }
}
