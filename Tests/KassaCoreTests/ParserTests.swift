// Tests for Parser: amounts, currencies, dates, types, accounts, categories, several entries,
// flags, questions and explanations, each on a fixed "today" (2026-03-10, a Tuesday).
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct ParserTests {
    let parser = GrammarFixtures.parser
    let today = CivilDate(year: 2026, month: 3, day: 10)!
    var context: ParseContext {
        ParseContext(today: today, accounts: [
            Account(name: "kaspi", aliases: ["каспи", "kaspi gold"]),
            Account(name: "halyk", aliases: ["халык", "карта халык"]),
            Account(name: "wallet", aliases: ["usd card"], currency: Currency(code: "USD")),
        ])
    }

    func draft(_ text: String) -> Draft? { parser.parse(text, context: context).drafts.first }

    @Test func digitsWithGroupingAndCurrencies() {
        #expect(draft("coffee 1500")?.amount == Money(decimal: "1500", currency: .kzt))
        #expect(draft("rent 150 000")?.amount?.decimalString == "150000.00")
        #expect(draft("rent 1,500.50 $")?.amount == Money(decimal: "1500.50", currency: Currency(code: "USD")!))
        #expect(draft("обед 12 450,50 тг")?.amount?.decimalString == "12450.50")
        #expect(draft("обед 1.500 руб")?.amount == Money(decimal: "1500", currency: Currency(code: "RUB")!))
        #expect(draft("lunch €20")?.amount?.currency.code == "EUR")
        #expect(draft("такси 2000 ₸")?.has(.currencyDefault) == false)
        #expect(draft("такси 2000")?.has(.currencyDefault) == true)
    }

    @Test func multipliersAndNumberWords() {
        #expect(draft("laptop 1.5k")?.amount?.decimalString == "1500.00")
        #expect(draft("ноутбук 150 тыс")?.amount?.decimalString == "150000.00")
        #expect(draft("такси 2к")?.amount?.decimalString == "2000.00")
        #expect(draft("косарь на такси")?.amount?.decimalString == "1000.00")
        #expect(draft("rent two grand")?.amount?.decimalString == "2000.00")
        #expect(draft("fifteen hundred for coffee")?.amount?.decimalString == "1500.00")
        #expect(draft("a hundred and twenty for lunch")?.amount?.decimalString == "120.00")
        #expect(draft("двести пятьдесят за хлеб")?.amount?.decimalString == "250.00")
        #expect(draft("две с половиной тысячи за такси")?.amount?.decimalString == "2500.00")
        #expect(draft("35 dollars and 50 cents")?.amount == Money(decimal: "35.50", currency: Currency(code: "USD")!))
        #expect(draft("20 рублей 50 копеек")?.amount == Money(decimal: "20.50", currency: Currency(code: "RUB")!))
    }

    @Test func quantitiesTimesAndDatesStayOutOfTheAmount() {
        #expect(draft("two coffees 3000")?.amount?.decimalString == "3000.00")
        #expect(draft("20 liters 9800")?.amount?.decimalString == "9800.00")
        #expect(draft("pizza for 2 people 7000")?.amount?.decimalString == "7000.00")
        let lunch = draft("lunch at 2pm 4000")
        #expect(lunch?.amount?.decimalString == "4000.00")
        #expect(lunch?.time == TimeOfDay(hour: 14, minute: 0))
        #expect(draft("ужин в 14:30 5000")?.time == TimeOfDay(hour: 14, minute: 30))
        #expect(draft("wine 4500 feb 28")?.date == CivilDate(year: 2026, month: 2, day: 28))
        #expect(draft("wine 4500 feb 28")?.amount?.decimalString == "4500.00")
    }

    @Test func datesResolveAgainstToday() {
        #expect(draft("coffee 1500 yesterday")?.date == today.adding(days: -1))
        #expect(draft("кофе 1500 позавчера")?.date == today.adding(days: -2))
        #expect(draft("coffee 1500 tomorrow")?.date == today.adding(days: 1))
        #expect(draft("кофе 1500 неделю назад")?.date == today.adding(days: -7))
        #expect(draft("coffee 1500 friday")?.date == CivilDate(year: 2026, month: 3, day: 6))
        #expect(draft("coffee 1500 tuesday")?.date == today)
        #expect(draft("coffee 1500 last tuesday")?.date == CivilDate(year: 2026, month: 3, day: 3))
        #expect(draft("кофе 1500 в прошлую пятницу")?.date == CivilDate(year: 2026, month: 3, day: 6))
        #expect(draft("кофе 1500 5 марта")?.date == CivilDate(year: 2026, month: 3, day: 5))
        #expect(draft("кофе 1500 28 февраля")?.date == CivilDate(year: 2026, month: 2, day: 28))
        #expect(draft("coffee 1500 April 5")?.date == CivilDate(year: 2025, month: 4, day: 5))
        #expect(draft("coffee 1500 on the 5th")?.date == CivilDate(year: 2026, month: 3, day: 5))
        #expect(draft("кофе 1500 10.08.2012")?.date == CivilDate(year: 2012, month: 8, day: 10))
        #expect(draft("coffee 1500 2014-04-18")?.date == CivilDate(year: 2014, month: 4, day: 18))
        #expect(draft("coffee 1500 3/4/2015")?.date == CivilDate(year: 2015, month: 3, day: 4))
        #expect(draft("coffee 1500")?.has(.dateAssumed) == true)
        #expect(draft("coffee 1500 yesterday")?.has(.dateAssumed) == false)
    }

    @Test func englishDayMonthTieIsAsked() {
        let result = parser.parse("coffee 1500 02.03", context: context)
        #expect(result.drafts.first?.has(.ambiguous) == true)
        #expect(result.questions == [Question(draftIndex: 0, field: "date", options: ["2026-03-02", "2026-02-03"])])
        let ru = parser.parse("кофе 1500 02.03", context: context)
        #expect(ru.questions.isEmpty)
        #expect(ru.drafts.first?.date == CivilDate(year: 2026, month: 3, day: 2))
    }

    @Test func typesAndTransfers() {
        let salary = draft("salary 450 000 tenge on the 5th")
        #expect(salary?.type == .income)
        #expect(salary?.category == "income/salary")
        #expect(salary?.date == CivilDate(year: 2026, month: 3, day: 5))
        #expect(draft("получил премию 50000")?.category == "income/bonus")
        let refund = draft("возврат 3000 за кроссовки")
        #expect(refund?.type == .income)
        #expect(refund?.category == "income/refund")
        let transfer = draft("перевёл 10 000 с каспи на наличные")
        #expect(transfer?.type == .transfer)
        #expect(transfer?.account == "kaspi")
        #expect(transfer?.toAccount == "cash")
        #expect(transfer?.category == nil)
        let en = draft("transfer 10000 from kaspi to cash")
        #expect(en?.account == "kaspi" && en?.toAccount == "cash")
    }

    @Test func accountsByNameAliasAndInflection() {
        #expect(draft("кофе 900 с каспи")?.account == "kaspi")
        #expect(draft("кофе 900 с карты халык")?.account == "halyk")
        #expect(draft("coffee 900 from kaspi")?.account == "kaspi")
        #expect(draft("coffee 900")?.account == "cash")
        #expect(draft("coffee 900")?.has(.accountDefault) == true)
        // An account with its own currency sets the draft's currency.
        #expect(draft("coffee 9 usd card")?.amount?.currency.code == "USD")
        #expect(parser.account(named: "с каспи", context: context) == "kaspi")
        #expect(parser.account(named: "карты халык", context: context) == "halyk")
    }

    @Test func twoAccountsThatFitAreAsked() {
        let ctx = ParseContext(today: today, accounts: [
            Account(name: "kaspi-gold", aliases: ["каспи"]), Account(name: "kaspi-red", aliases: ["каспи"]),
        ])
        let result = parser.parse("кофе 900 с каспи", context: ctx)
        #expect(result.drafts.first?.has(.ambiguous) == true)
        #expect(result.questions.first?.options == ["kaspi-gold", "kaspi-red"])
    }

    @Test func categoriesMatchWordsNotSubstrings() {
        #expect(draft("газировка 300")?.category == "food/groceries")
        #expect(draft("газ 5000")?.category == "utilities/gas")
        #expect(draft("водитель 5000")?.category != "utilities/water")
        #expect(draft("молока 400")?.category == "food/groceries")
        #expect(draft("netflix 4990")?.category == "subscriptions")
        #expect(draft("yandex go 1500")?.category == "transport/taxi")
        #expect(draft("qwerty 1500")?.category == nil)
    }

    @Test func learnedCategoriesWin() {
        var ctx = context
        let first = parser.parse("капучино большой 1500", context: ctx).drafts[0]
        #expect(first.category == "food/coffee")
        ctx.learnedCategories[Parser.learningKey(first.note)] = "food/restaurants"
        let again = parser.parse("Капучино, большой 1700", context: ctx).drafts[0]
        #expect(again.category == "food/restaurants")
        #expect(!again.has(.categoryGuessed))
        #expect(Parser.learningKey("Капучино, Большой!") == "капучино большой")
    }

    @Test func recurrence() {
        #expect(draft("netflix 4990 every month")?.recurrence == .monthly)
        #expect(draft("спортзал 15000 ежемесячно")?.recurrence == .monthly)
        #expect(draft("интернет 8000 в месяц")?.recurrence == .monthly)
        #expect(draft("insurance 50000 yearly")?.recurrence == .yearly)
    }

    @Test func severalEntriesCarryDateAccountAndCurrency() {
        let a = parser.parse("coffee 1500 and croissant 900", context: context).drafts
        #expect(a.map { $0.amount?.decimalString } == ["1500.00", "900.00"])
        #expect(a.map(\.note) == ["coffee", "croissant"])
        let b = parser.parse("хлеб 350 молоко 600 яйца 900", context: context).drafts
        #expect(b.map(\.note) == ["хлеб", "молоко", "яйца"])
        let c = parser.parse("вчера 500 такси и 300 кофе", context: context).drafts
        #expect(c.map(\.date) == [today.adding(days: -1), today.adding(days: -1)])
        #expect(c.map(\.category) == ["transport/taxi", "food/coffee"])
        let d = parser.parse("такси две тысячи с каспи и кофе 900", context: context).drafts
        #expect(d.map(\.account) == ["kaspi", "kaspi"])
        let e = parser.parse("babysitter 10000 yesterday and taxi 1500 today", context: context).drafts
        #expect(e.map(\.date) == [today.adding(days: -1), today])
        let f = parser.parse("lunch 20 dollars and taxi 15", context: context).drafts
        #expect(f.map { $0.amount?.currency.code } == ["USD", "USD"])
    }

    @Test func dictationArtifacts() {
        let d = draft("Um, so, like... КОФЕ ну короче 1500!!")
        #expect(d?.amount?.decimalString == "1500.00")
        #expect(d?.category == "food/coffee")
        #expect(d?.note == "КОФЕ")
    }

    @Test func missingAmountAsksAndEmptyIsAnError() {
        let d = draft("coffee yesterday")
        #expect(d?.amount == nil)
        #expect(d?.has(.amountMissing) == true)
        #expect(parser.parse("", context: context).error?.code == "empty")
        #expect(parser.parse("   ", context: context).error?.code == "empty")
        #expect(parser.parse("?!...", context: context).error?.code == "not-understood")
        #expect(parser.parse("um uh", context: context).error?.code == "empty")
    }

    @Test func explanationsNameTheRule() {
        let result = parser.parse("coffee 1500 yesterday", context: context)
        let why = result.explanations[0]
        let date = why.first { $0.field == "date" }
        #expect(date?.words == "yesterday")
        #expect(date?.rule.hasPrefix("Grammars/en/dates.rules:") == true)
        #expect(why.first { $0.field == "category" }?.rule.hasPrefix("Grammars/en/categories.rules:") == true)
        #expect(why.first { $0.field == "amount" }?.words == "1500")
        // A Russian word is explained by the Russian rule, even where an English pattern fits too.
        let ru = parser.parse("кофе 900 вчера", context: context).explanations[0]
        #expect(ru.first { $0.field == "date" }?.rule.hasPrefix("Grammars/ru/dates.rules:") == true)
        #expect(ru.first { $0.field == "account" } == nil)
    }

    @Test func aTypeWordsCategoryIsExplainedByTheTypeWord() {
        // "shoes" is a keyword, but the refund's own category won: the type word explains it.
        let refund = parser.parse("refund 5000 for the shoes", context: context).explanations[0]
        #expect(refund.first { $0.field == "category" }?.words == "refund")
        #expect(refund.first { $0.field == "category" }?.rule.hasPrefix("Grammars/en/words.rules:") == true)
        // A keyword of the same branch keeps its own reason.
        let cashback = parser.parse("refund cashback 300", context: context).explanations[0]
        #expect(cashback.first { $0.field == "category" }?.words == "cashback")
    }

    @Test func correctionsHelpers() {
        #expect(parser.amount(in: "1600", context: context)?.decimalString == "1600.00")
        #expect(parser.amount(in: "две тысячи", context: context)?.decimalString == "2000.00")
        #expect(parser.date(in: "yesterday", context: context) == today.adding(days: -1))
        #expect(parser.date(in: "вчера", context: context) == today.adding(days: -1))
        #expect(parser.date(in: "nonsense", context: context) == nil)
    }

    @Test func deterministic() {
        let line = "такси две тысячи с каспи и кофе 900 вчера"
        let first = parser.parse(line, context: context).drafts
        for _ in 0..<20 { #expect(parser.parse(line, context: context).drafts == first) }
    }
}
