// Tests for what dictation engines write that the parser reads by code rather than by a rule
// alone: digits glued to a model name, prices alone between commas, unsaid thousands, keywords
// that give way, slash dates, a mistyped year after a day-month, an account after "my".
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct DictationTests {
    let parser = GrammarFixtures.parser
    let today = CivilDate(year: 2026, month: 3, day: 10)!
    var context: ParseContext { ParseContext(today: today) }

    func drafts(_ text: String) -> [Draft] { parser.parse(text, context: context).drafts }
    func amount(_ text: String) -> String? { drafts(text).first?.amount?.decimalString }

    @Test func digitsGluedToAModelNameAreNotTheAmount() {
        #expect(drafts("redmi a3 case 2 500").count == 1)
        #expect(amount("redmi a3 case 2 500") == "2500.00")
        #expect(amount("ps4 controller 19 000") == "19000.00")
        #expect(amount("бензин аи-95 9 000") == "9000.00")
        #expect(drafts("tele2 1 500").first?.category == "utilities/mobile")
        // A currency before the digits is money; a long word glued to digits is still a price.
        #expect(drafts("eur15 museum").first?.amount == Money(decimal: "15", currency: Currency(code: "EUR")!))
        #expect(amount("такси2000") == "2000.00")
    }

    @Test func aPriceAloneBetweenCommasMakesTheNumberBeforeItACount() {
        #expect(drafts("bookshop, two pens, 1,200").count == 1)
        #expect(amount("bookshop, two pens, 1,200") == "1200.00")
        #expect(drafts("tea 500, 2 buns, 700").count == 2)
    }

    @Test func thousandsLeftUnsaid() {
        #expect(amount("такси две шестьсот") == "2600.00")
        #expect(amount("обед три четыреста пятьдесят") == "3450.00")
        #expect(amount("две сотни") != "2100.00")
    }

    @Test func marketplacesAndGenericPhrasesGiveWay() {
        #expect(drafts("lamoda jacket 30 000").first?.category == "shopping/clothes")
        #expect(drafts("lamoda 30 000").first?.category == "shopping")
        #expect(drafts("билеты в кинотеатр 4 000").first?.category == "entertainment")
    }

    @Test func slashDatesFollowTheLanguagesOrder() {
        #expect(drafts("lunch 3/8 2 000").first?.date == CivilDate(year: 2026, month: 3, day: 8))
        #expect(drafts("обед 8/3 2 000").first?.date == CivilDate(year: 2026, month: 3, day: 8))
    }

    @Test func aMistypedYearAfterADayMonthIsNoSecondDraft() {
        let parser = GrammarFixtures.parser
        let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)
        // A day its month lacks is no date and no amount: the line is refused, its words named,
        // the year after it no second draft.
        for line in ["coffee 500 on 31 february 3026", "кофе 500 31 февраля 3026", "lunch 30 feb 2500"] {
            let result = parser.parse(line, context: context)
            #expect(result.error?.code == "date-impossible" && result.drafts.isEmpty, "\(line)")
        }
        // A day that exists, with a year no purchase has, keeps the year out of the amount.
        #expect(drafts("coffee 500 on 28 february 3026").count == 1)
    }

    @Test func withdrawalsAndAccountsAfterMy() {
        let cash = drafts("withdrew 20 000 cash from halyk").first
        #expect(cash?.type == .transfer)
        #expect(cash?.account == "halyk")
        #expect(cash?.toAccount == "cash")
        let moved = drafts("sent 5 000 from kaspi to my halyk card").first
        #expect(moved?.type == .transfer)
        #expect(moved?.toAccount == "halyk")
    }
}
