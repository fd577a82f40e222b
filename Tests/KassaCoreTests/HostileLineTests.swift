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

    @Test func aLineOfThousandsOfNamesKeepsThemAsRead() {
        // "bus 37" repeated: too many readings to weigh each name against every amount (that was
        // quadratic: 5.9 s for 63 KB); the names stay names, so nothing is made an amount.
        let names = parser.parse(String(repeating: "bus 37 ", count: 9_000), context: context)
        #expect(names.error == nil && names.drafts.count == 1 && names.drafts.first?.amount == nil)
        // A few of them are still weighed: the last name's number is the price.
        let few = parser.parse("bus 37 bus 150", context: context)
        #expect(few.drafts.count == 1 && few.drafts.first?.amount?.minorUnits == 15_000)
        // Years that are prices, the same way.
        let years = parser.parse(String(repeating: "1 january 2100, ", count: 3_900), context: context)
        #expect(years.error == nil && years.drafts.count == 1 && years.drafts.first?.amount == nil)
        #expect(parser.parse("taxi 1 january 2100", context: context).drafts.first?.amount?.minorUnits == 210_000)
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
