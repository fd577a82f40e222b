// Tests for the grammar's `list` lines: an item's `$NAME` is made once for each word of its
// language folder's list, `$` before digits or alone stays the dollar sign, and an unknown list
// or a product past the limit is a located load error.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct GrammarListTests {
    let today = CivilDate(year: 2026, month: 3, day: 10)!

    func draft(_ grammar: Grammar, _ text: String) -> Draft? {
        Parser(grammar: grammar).parse(text, context: ParseContext(today: today)).drafts.first
    }

    @Test func anItemIsMadeForEveryWordOfItsLists() {
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "user/en/mine.rules", language: .en, contents: """
            list buddy = zorblax, quenta
            list hands = handed over, slipped
            class type income/other = $buddy $hands
            """))
        let (grammar, errors) = Grammar.load(sources)
        #expect(errors.isEmpty)
        #expect(draft(grammar, "zorblax handed over 5000")?.type == .income)
        #expect(draft(grammar, "quenta slipped 700")?.type == .income)
        // Each list word stands alone: no item "zorblax quenta".
        #expect(draft(grammar, "slipped zorblax 700")?.type == .expense)
        // The dollar sign is no list.
        #expect(draft(grammar, "coffee $5")?.amount?.currency.code == "USD")
    }

    @Test func aListIsItsLanguageFoldersAndMustBeKnown() {
        let (_, errors) = Grammar.load([
            GrammarSource(path: "g/ru/a.rules", language: .ru, contents: "list giver = мама\n"),
            GrammarSource(path: "g/en/b.rules", language: .en, contents: "class type income/other = $giver gave\n"),
        ])
        #expect(errors.map(\.reasonKey) == ["grammar.unknown-list"])
        #expect(errors.first?.file == "g/en/b.rules" && errors.first?.line == 1)
    }

    @Test func aProductPastTheLimitIsRefused() {
        let words = (0..<200).map { "w\($0)" }.joined(separator: ", ")
        let (_, errors) = Grammar.load([GrammarSource(path: "g/en/big.rules", language: .en,
                                                      contents: "list many = \(words)\nclass type income/other = $many $many $many\n")])
        #expect(errors.map(\.reasonKey) == ["grammar.list-too-large"])
        #expect(errors.first?.line == 2)
    }
}
