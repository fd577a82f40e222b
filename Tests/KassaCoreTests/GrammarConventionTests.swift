// Tests for the grammar's `convention` lines and its closed list of class names: the shipped
// conventions give the readings the parser always gave, a user's line changes them, and a bad
// convention or an unknown class name is a load error at its file and line.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct GrammarConventionTests {
    let today = CivilDate(year: 2026, month: 3, day: 10)!

    func amount(_ parser: Parser, _ text: String) -> String? {
        parser.parse(text, context: ParseContext(today: today)).drafts.first?.amount.map { $0.decimalString }
    }

    @Test func theShippedConventionsAreEnglishAndRussian() {
        let grammar = GrammarFixtures.parser.grammar
        #expect(grammar.conventions(for: .en) == NumericConventions(groupsWithComma: true, groupsWithDot: false, monthFirst: true))
        #expect(grammar.conventions(for: .ru) == NumericConventions(groupsWithComma: true, groupsWithDot: true, monthFirst: false))
        let parser = GrammarFixtures.parser
        #expect(amount(parser, "coffee 1.500 usd") == "1.50")
        // Tenge prices are said in whole units (class dot-groups): a dot before three digits groups.
        #expect(amount(parser, "coffee 1.500") == "1500.00")
        #expect(amount(parser, "кофе 1.500") == "1500.00")
        #expect(amount(parser, "coffee 1,500") == "1500.00")
    }

    @Test func numericFormsFollowTheConventions() {
        let en = NumericConventions(groupsWithComma: true, groupsWithDot: false, monthFirst: true)
        let ru = NumericConventions(groupsWithComma: true, groupsWithDot: true, monthFirst: false)
        #expect(NumericForms.number("1.500", conventions: en) == ExactNumber(units: 15, fractionDigits: 1))
        #expect(NumericForms.number("1.500", conventions: ru) == ExactNumber(units: 1500))
        #expect(NumericForms.number("1,5", conventions: ru) == ExactNumber(units: 15, fractionDigits: 1))
        let us = NumericForms.date("03/04/2025", conventions: en, today: today)
        #expect(us?.month == 3 && us?.day == 4)
        let eu = NumericForms.date("03/04/2025", conventions: ru, today: today)
        #expect(eu?.month == 4 && eu?.day == 3)
        #expect(NumericForms.date("02.03", conventions: en, today: today)?.swappable == true)
        #expect(NumericForms.date("02.03", conventions: ru, today: today)?.swappable == false)
    }

    @Test func aUserLineChangesALanguagesConventions() {
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "user/en/mine.rules", language: .en,
                                     contents: "convention grouping = comma, dot\nconvention date-order = day-month\n"))
        let (grammar, errors) = Grammar.load(sources)
        #expect(errors.isEmpty)
        #expect(grammar.conventions(for: .en) == NumericConventions(groupsWithComma: true, groupsWithDot: true, monthFirst: false))
        #expect(amount(Parser(grammar: grammar), "coffee 1.500") == "1500.00")
    }

    @Test func badConventionsAreLocatedErrors() {
        let text = "convention grouping = comma, space\nconvention order = day-month\nconvention date-order = sideways\n"
        let (_, errors) = Grammar.load([GrammarSource(path: "g/en/x.rules", language: .en, contents: text),
                                        GrammarSource(path: "g/shared.rules", language: nil, contents: "convention grouping = dot\n")])
        #expect(errors.map(\.reasonKey) == ["grammar.bad-convention", "grammar.unknown-convention", "grammar.bad-convention",
                                            "grammar.convention-needs-language"])
        #expect(errors.map(\.line) == [1, 2, 3, 1])
        #expect(errors.first?.file == "g/en/x.rules")
    }

    @Test func anUnknownClassNameIsALoadErrorNamingFileAndLine() {
        let text = "class ones 1 = one\nclass onse 2 = two\npattern offset = #count @spam ago\n"
        let (grammar, errors) = Grammar.load([GrammarSource(path: "g/en/typo.rules", language: .en, contents: text)])
        #expect(errors.map(\.reasonKey) == ["grammar.unknown-class", "grammar.unknown-class"])
        #expect(errors.map(\.line) == [2, 3])
        #expect(errors.allSatisfy { $0.file == "g/en/typo.rules" })
        #expect(grammar.classID(.ones) != nil)
        #expect(grammar.classIDs["onse"] == nil)
    }

    @Test func everyClassTheShippedGrammarsUseIsKnown() {
        let (grammar, errors) = GrammarFixtures.grammar()
        #expect(errors.isEmpty)
        for name in grammar.classNames { #expect(GrammarClass(rawValue: name) != nil, "\(name)") }
    }
}
