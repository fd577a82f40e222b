// Tests for Grammar loading: the shipped grammars load cleanly; mistakes are located as
// file:line:column and the rest still loads; user overrides extend and win; categories resolve.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct GrammarTests {
    @Test func shippedGrammarsLoadWithoutErrors() {
        let (grammar, errors) = GrammarFixtures.grammar()
        #expect(errors.isEmpty, "\(errors.map { "\($0.file):\($0.line):\($0.column) \($0.reasonKey)" })")
        #expect(grammar.categories.count >= 40)
    }

    @Test func mistakesAreLocatedAndTheRestLoads() {
        let text = """
            # comment
            class currency KZT = тенге
            klass currency USD = dollar
            class currency XYZ = zorkmid
            class ones 1 = one,, uno
            pattern nonsense = @ones
            pattern offset = #nonsense
            category food/coffee = кофе~verb
            pattern label = #name #label
            pattern label = to? #name #label
            """
        let (grammar, errors) = Grammar.load([GrammarSource(path: "Grammars/en/test.rules", language: .en, contents: text)])
        let found = errors.map { "\($0.line):\($0.column) \($0.reasonKey)" }
        #expect(found.contains("3:1 grammar.unknown-directive"))
        #expect(found.contains("4:16 grammar.bad-currency"))
        #expect(found.contains("5:20 grammar.empty-item"))
        #expect(found.contains("6:9 grammar.unknown-action"))
        #expect(found.contains("7:18 grammar.unknown-builtin"))
        #expect(found.contains("8:24 grammar.unknown-endings"))
        // `#name` would match almost any word: it must follow a word or a class said for sure.
        #expect(found.contains("9:17 grammar.name-first"))
        #expect(found.contains("10:21 grammar.name-first"))
        #expect(errors.allSatisfy { $0.file == "Grammars/en/test.rules" && !$0.lineText.isEmpty })
        // The good lines still work.
        let parser = Parser(grammar: grammar)
        let result = parser.parse("500 тенге", context: ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!))
        #expect(result.drafts.first?.amount?.decimalString == "500.00")
        #expect(parser.parse("uno", context: ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!))
            .drafts.first?.amount?.decimalString == "1.00")
    }

    @Test func nonRuleFilesAreIgnored() {
        let (_, errors) = Grammar.load([
            GrammarSource(path: "Grammars/en/dates.corpus", language: .en, contents: "coffee 1500 => amount=1500"),
            GrammarSource(path: "Grammars/bench/mixed.entries", language: nil, contents: "nonsense ==="),
        ])
        #expect(errors.isEmpty)
    }

    @Test func laterSourcesOverrideEarlierOnes() {
        var sources = GrammarFixtures.sources()
        sources.append(GrammarSource(path: "/home/u/.config/kassa/grammars/ru/mine.rules", language: .ru,
                                     contents: "category food/restaurants = кофе\nclass currency KZT = тугрики"))
        let parser = Parser(grammar: Grammar.load(sources).0)
        let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)
        let draft = parser.parse("кофе 900 тугрики", context: context).drafts.first
        #expect(draft?.category == "food/restaurants")
        #expect(draft?.amount?.currency.code == "KZT")
        #expect(!(draft?.has(.currencyDefault) ?? true))
    }

    @Test func categoriesResolveByNameSlugAndKeyword() {
        let grammar = GrammarFixtures.grammar().0
        #expect(grammar.categorySlug(named: "groceries") == "food/groceries")
        #expect(grammar.categorySlug(named: "Продукты") == "food/groceries")
        #expect(grammar.categorySlug(named: "food/groceries") == "food/groceries")
        #expect(grammar.categorySlug(named: "такси") == "transport/taxi")
        #expect(grammar.categorySlug(named: "zorkmid") == nil)
        // A one-word name in another case: a stem of two letters or more plus endings.rules endings.
        #expect(grammar.categorySlug(named: "еду") == "food")
        #expect(grammar.categorySlug(named: "Еды") == "food")
        #expect(grammar.categorySlug(named: "одежду") == "shopping/clothes")
        #expect(grammar.categorySlug(named: "коммунальных") == "utilities")
        #expect(grammar.categorySlug(named: "на") == nil)
        #expect(grammar.categorySlug(named: "тысяч") == nil)
        #expect(grammar.categorySlug(named: "едуга") == nil)
        let coffee = grammar.categories.first { $0.slug == "food/coffee" }
        #expect(coffee?.names[.en] == "Coffee")
        #expect(coffee?.names[.ru] == "Кофе")
    }
}
