// Tests for LineScratch and ScratchPool: a parser's per-line memory is reused, grows for long
// lines, is not kept after a huge one, and a Parser shared by threads gives every thread the
// answers it would get alone.
import Foundation
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct LineScratchTests {
    @Test func thePoolHandsBackWhatItWasGiven() {
        let pool = ScratchPool()
        let first = pool.take()
        pool.give(first)
        #expect(pool.take() === first)
        #expect(pool.take() !== first)  // the pool was empty: a new one
    }

    @Test func aScratchGrownByAHugeLineIsNotKept() {
        let pool = ScratchPool()
        let scratch = pool.take()
        scratch.reserve(scalars: ScratchPool.keepLimit + 1)
        #expect(scratch.scalarCapacity > ScratchPool.keepLimit)
        pool.give(scratch)
        #expect(pool.take() !== scratch)
    }

    @Test func reserveOnlyGrows() {
        let scratch = LineScratch(capacity: 8)
        scratch.reserve(scalars: 4)
        #expect(scratch.scalarCapacity == 8)
        scratch.reserve(scalars: 9)
        #expect(scratch.scalarCapacity >= 16)
    }

    @Test func aLineAfterAHugeLineParsesAsBefore() {
        let parser = Parser(grammar: GrammarFixtures.grammar().0)
        let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)
        let before = parser.parse("такси две тысячи с каспи и кофе 900", context: context)
        _ = parser.parse(String(repeating: "кофе 1500 и ", count: 8_000), context: context)
        let after = parser.parse("такси две тысячи с каспи и кофе 900", context: context)
        #expect(after.drafts == before.drafts)
        #expect(after.explanations == before.explanations)
    }

    @Test func threadsSharingAParserGetTheAnswersTheyWouldGetAlone() async {
        let parser = Parser(grammar: GrammarFixtures.grammar().0)
        let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!,
                                   accounts: [Account(name: "kaspi", aliases: ["каспи"])])
        let url = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Bench/mixed.entries")
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(lines.count >= 1000)
        let alone = lines.map { parser.parse($0, context: context).drafts }
        let together = await withTaskGroup(of: [[Draft]].self) { group in
            for _ in 0..<4 { group.addTask { lines.map { parser.parse($0, context: context).drafts } } }
            var all: [[[Draft]]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(together.count == 4)
        for result in together { #expect(result == alone) }
    }
}
