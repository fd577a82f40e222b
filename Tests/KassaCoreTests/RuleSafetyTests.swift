// Tests that a user's rule file cannot hang or exhaust kassa: pattern matching stays polynomial
// whatever the optional elements, and stems × endings are bounded with an error naming the line.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct RuleSafetyTests {
    let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)

    @Test func manyOptionalElementsDoNotBlowUp() {
        // `@span?` thirty times and a word that never comes: plain backtracking tries 2^30 ways.
        let rule = "pattern offset = " + Array(repeating: "@span?", count: 30).joined(separator: " ") + " ago"
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "/home/u/.config/kassa/grammars/en/mine.rules", language: .en, contents: rule))
        let (grammar, errors) = Grammar.load(sources)
        #expect(errors.isEmpty)
        let parser = Parser(grammar: grammar)
        let line = Array(repeating: "day week", count: 150).joined(separator: " ") + " coffee 1500"
        // The exponential version would not finish; how long the bounded one takes is measured by
        // `kassa-bench parse` (hostile rules), since tests never assert on time.
        #expect(parser.parse(line, context: context).drafts.first?.amount?.decimalString == "1500.00")
        #expect(parser.parse("coffee 1500 day day ago", context: context).drafts.first?.amount?.decimalString == "1500.00")
    }

    @Test func memoizedMatchingFindsTheSameMatches() {
        // Below and above the step budget the same rule gives the same date.
        let rule = "pattern offset = " + Array(repeating: "@span?", count: 12).joined(separator: " ") + " @dir"
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "/u/mine.rules", language: .en, contents: rule))
        let parser = Parser(grammar: Grammar.load(sources).0)
        let short = parser.parse("coffee 1500 week ago", context: context).drafts.first
        #expect(short?.date.iso == "2026-03-03")
    }

    @Test func tooManyEndingsIsAnErrorAtItsLine() {
        let endings = (0..<1_500).map { "e\($0)" }.joined(separator: ", ")
        let text = "# mine\nendings huge = \(endings)\ncategory food/coffee = кофе~huge"
        let (_, errors) = Grammar.load([GrammarSource(path: "/u/grammars/ru/mine.rules", language: .ru, contents: text)])
        #expect(errors.contains { $0.reasonKey == "grammar.too-many-endings" && $0.line == 2 && $0.file == "/u/grammars/ru/mine.rules" })
    }

    @Test func tooManyFormsIsAnErrorAndLoadingStaysCheap() {
        let endings = (0..<1_000).map { "e\($0)" }.joined(separator: ", ")
        var text = "endings big = \(endings)\n"
        for k in 0..<1_000 { text += "category food/coffee = stem\(k)~big\n" }
        // Timed in `kassa-bench parse` (hostile rules).
        let errors = Grammar.load([GrammarSource(path: "/u/mine.rules", language: .ru, contents: text)]).1
        let error = errors.first { $0.reasonKey == "grammar.too-many-forms" }
        #expect(error != nil)
        #expect(error.map { $0.line > 1 && $0.file == "/u/mine.rules" } ?? false)
    }
}

@Suite struct AmountBoundsTests {
    let parser = Parser(grammar: GrammarFixtures.grammar().0)
    let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)

    @Test func moreMinorDigitsThanTheCurrencyHasIsRefused() {
        let result = parser.parse("coffee 1500.999", context: context)
        #expect(result.error?.code == "amount-too-precise")
        #expect(result.error?.messageKey == "parse.amount-too-precise")
        #expect(result.drafts.isEmpty)
        #expect(parser.parse("coffee 1500.99", context: context).error == nil)
        #expect(parser.parse("ramen 1200.5 yen", context: context).error?.code == "amount-too-precise")
    }

    @Test func atMostTwelveDigitsBeforeThePoint() {
        #expect(parser.parse("house 999999999999", context: context).error == nil)
        let result = parser.parse("house 1000000000000", context: context)
        #expect(result.error?.code == "amount-too-large")
        #expect(result.error?.messageArguments["digits"] == "12")
    }
}
