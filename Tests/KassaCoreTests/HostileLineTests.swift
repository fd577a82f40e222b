// Hostile lines for the parser and the grammar: a 64 KB paste of `1 1 1 …` is refused whole with
// the limit named (it made 32,000 drafts, quadratic to build and save); a category looked up by
// one enormous word costs a few tries, not a copy of the word per letter.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct HostileLineTests {
    let parser = GrammarFixtures.parser
    let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)

    @Test func aLineOfThousandsOfEntriesIsRefusedNamingTheLimit() {
        let line = String(repeating: "1 ", count: 32_000)
        let result = parser.parse(line, context: context)
        #expect(result.drafts.isEmpty)
        #expect(result.error?.code == "too-many-entries")
        #expect(result.error?.messageArguments["limit"] == String(Parser.maxDraftsPerLine))
        // At the limit a line is still read.
        let most = parser.parse(String(repeating: "1 ", count: Parser.maxDraftsPerLine), context: context)
        #expect(most.error == nil && most.drafts.count == Parser.maxDraftsPerLine)
    }

    @Test func aCategoryForAnEnormousWordIsLookedUpQuickly() {
        let grammar = GrammarFixtures.parser.grammar
        for letter in ["ж", "e", "ё"] {
            #expect(grammar.categorySlug(named: String(repeating: letter, count: 200_000)) == nil)
        }
        // Inflected names still found.
        #expect(grammar.categorySlug(named: "еду") == "food")
    }
}
