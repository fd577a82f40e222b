// Tests for MoneyFormatter with the real Locales/: one convention per language.
import Testing
import KassaTestSupport
@testable import KassaCore

@Suite struct MoneyFormatterTests {
    @Test func russianGroupsWithSpacesAndCommaDecimal() {
        let formatter = MoneyFormatter(catalog: Fixtures.catalog(.ru))
        #expect(formatter.format(Money(minorUnits: 150_000, currency: .kzt)) == "1 500,00 ₸")
        #expect(formatter.format(Money(minorUnits: 123_456_789, currency: .kzt)) == "1 234 567,89 ₸")
    }

    @Test func englishPutsTheSymbolFirst() {
        let formatter = MoneyFormatter(catalog: Fixtures.catalog(.en))
        #expect(formatter.format(Money(minorUnits: 150_000, currency: .kzt)) == "₸1,500.00")
        #expect(formatter.format(Money(minorUnits: -5, currency: Currency(code: "USD")!)) == "\u{2212}$0.05")
        #expect(formatter.format(Money(minorUnits: 1500, currency: Currency(code: "JPY")!)) == "JPY1,500")
    }
}
