// BankMatcherTests: which entry a bank's row confirms — the same account, money and direction
// within three days, the nearest first, the merchant named breaking a tie; two that stay equally
// good and differ are asked; two the same in every field are one choice; a purchase said in
// another currency is known by the merchant or by the rate and takes the row's amount as its
// charge; money coming in by transfer meets an income said; nothing else matches.
import Testing
import KassaCore
@testable import KassaLedger

@Suite struct BankMatcherTests {
    let usd = Currency(code: "USD")!

    func day(_ d: Int) -> CivilDate { CivilDate(year: 2026, month: 11, day: d)! }

    func entry(_ id: Int, _ minor: Int64, _ d: Int, note: String = "", type: TransactionType = .expense,
               currency: Currency = .kzt, account: String = "kaspi", to: String? = nil) -> Transaction {
        Transaction(id: id, type: type, amount: Money(minorUnits: minor, currency: currency), date: day(d),
                    category: nil, account: account, toAccount: to, note: note, input: note)
    }

    func row(_ minor: Int64, _ d: Int, _ note: String, type: TransactionType = .expense) -> Transaction {
        entry(0, minor, d, note: note, type: type)
    }

    @Test func theSameMoneyWithinThreeDaysMatches() {
        let said = entry(1, 150_000, 2, note: "coffee")
        #expect(BankMatcher.match(row(150_000, 4, "STARBUCKS"), candidates: [said]) == .matched(id: 1, charged: nil))
        #expect(BankMatcher.match(row(150_000, 6, "STARBUCKS"), candidates: [said]) == .none, "four days apart")
        #expect(BankMatcher.match(row(150_100, 2, "STARBUCKS"), candidates: [said]) == .none, "another amount")
        #expect(BankMatcher.match(row(150_000, 2, "REFUND", type: .income), candidates: [said]) == .none, "money coming back")
        #expect(BankMatcher.match(row(150_000, 2, "X"), candidates: [entry(1, 150_000, 2, account: "halyk")]) == .none)
    }

    @Test func aRowOfAnotherKindOfSpendingIsAnotherPurchaseOnAnotherDay() {
        var coffee = entry(1, 50_000, 1, note: "coffee")
        coffee.category = "food/coffee"
        var snails = row(50_000, 3, "snails")
        snails.category = "aquarium"
        #expect(BankMatcher.match(snails, candidates: [coffee]) == .none)
        snails.date = day(1)
        #expect(BankMatcher.match(snails, candidates: [coffee]) == .matched(id: 1, charged: nil), "the same day: the bank's word for it")
        var lunch = row(50_000, 3, "CAFE")
        lunch.category = "food/restaurants"
        #expect(BankMatcher.match(lunch, candidates: [coffee]) == .matched(id: 1, charged: nil), "food either way")
        var unknown = row(50_000, 3, "SMALL")
        unknown.category = "other"
        #expect(BankMatcher.match(unknown, candidates: [coffee]) == .matched(id: 1, charged: nil), "a row no rule placed says nothing")
    }

    @Test func theNearestWinsThenTheMerchantNamed() {
        let near = entry(1, 200_000, 5, note: "taxi"), far = entry(2, 200_000, 3, note: "lunch")
        #expect(BankMatcher.match(row(200_000, 5, "YANDEX GO"), candidates: [far, near]) == .matched(id: 1, charged: nil))
        let taxi = entry(3, 200_000, 4, note: "yandex taxi"), dinner = entry(4, 200_000, 6, note: "dinner")
        #expect(BankMatcher.match(row(200_000, 5, "YANDEX GO"), candidates: [dinner, taxi]) == .matched(id: 3, charged: nil))
    }

    @Test func twoEquallyGoodEntriesAreAskedTwoAlikeAreOne() {
        let taxi = entry(1, 200_000, 4, note: "taxi"), dinner = entry(2, 200_000, 6, note: "dinner")
        #expect(BankMatcher.match(row(200_000, 5, "PAYMENT 7721"), candidates: [dinner, taxi]) == .ambiguous([1, 2]))
        let first = entry(5, 150_000, 4, note: "coffee"), second = entry(6, 150_000, 4, note: "coffee")
        #expect(BankMatcher.match(row(150_000, 4, "COFFEE BOOM"), candidates: [second, first]) == .matched(id: 5, charged: nil))
    }

    @Test func aPurchaseInAnotherCurrencyTakesTheCharge() {
        let dollars = entry(1, 1_200, 7, note: "mcdonalds", currency: usd)
        let charged = Money(minorUnits: 612_000, currency: .kzt)
        #expect(BankMatcher.match(row(612_000, 7, "MCDONALDS ISTANBUL"), candidates: [dollars]) == .matched(id: 1, charged: charged))
        // No merchant named: only a known rate within a tenth says it is the same purchase.
        let plain = entry(2, 1_200, 7, note: "lunch", currency: usd)
        #expect(BankMatcher.match(row(612_000, 7, "CAFE 14"), candidates: [plain]) == .none)
        let rate: (Money, Currency, CivilDate) -> Money? = { money, target, _ in Money(minorUnits: money.minorUnits * 510, currency: target) }
        #expect(BankMatcher.match(row(612_000, 7, "CAFE 14"), candidates: [plain], convert: rate) == .matched(id: 2, charged: charged))
        #expect(BankMatcher.match(row(700_000, 7, "CAFE 14"), candidates: [plain], convert: rate) == .none, "a seventh more")
        // Already charged: its charge is what it is compared by.
        var known = dollars
        known.chargedAmount = charged
        #expect(BankMatcher.match(row(612_000, 8, "ANY"), candidates: [known]) == .matched(id: 1, charged: nil))
    }

    @Test func moneyComingInByTransferMeetsAnIncome() {
        let back = entry(1, 1_500_000, 16, note: "асель вернула долг", type: .income)
        var incoming = row(1_500_000, 16, "От Асель К.", type: .transfer)
        incoming.account = nil
        incoming.toAccount = "kaspi"
        #expect(BankMatcher.match(incoming, candidates: [back]) == .matched(id: 1, charged: nil))
        let withdrawal = entry(2, 2_000_000, 25, type: .transfer, to: "cash")
        var atm = row(2_000_000, 25, "Банкомат", type: .transfer)
        atm.toAccount = "cash"
        #expect(BankMatcher.match(atm, candidates: [withdrawal]) == .matched(id: 2, charged: nil))
    }

    @Test func reconciliationNamesWhatExplainsTheDifference() throws {
        let lunch = entry(1, 410_000, 24, note: "обед"), coffee = entry(2, 90_000, 18, note: "кофе")
        let bank = Money(minorUnits: 1_000_000, currency: .kzt), kassa = Money(minorUnits: 590_000, currency: .kzt)
        let one = try Reconciliation(account: "kaspi", date: day(30), bank: bank, kassa: kassa, transactions: [lunch], cleared: ClearedSet())
        #expect(one.difference.minorUnits == 410_000 && one.suspects.map(\.id) == [1] && !one.allUnclearedExplain)
        let both = try Reconciliation(account: "kaspi", date: day(30), bank: bank, kassa: Money(minorUnits: 500_000, currency: .kzt),
                                      transactions: [lunch, coffee], cleared: ClearedSet())
        #expect(both.suspects.isEmpty && both.uncleared.map(\.id) == [2, 1])
        #expect(both.suspectPairs.map { [$0.0.id, $0.1.id] } == [[2, 1]] && !both.allUnclearedExplain)
        let taxi = entry(3, 100_000, 20, note: "taxi")
        let three = try Reconciliation(account: "kaspi", date: day(30), bank: bank, kassa: Money(minorUnits: 400_000, currency: .kzt),
                                       transactions: [lunch, coffee, taxi], cleared: ClearedSet())
        #expect(three.suspects.isEmpty && three.suspectPairs.isEmpty && three.allUnclearedExplain)
        let cleared = ClearedSet([Clearance(.batch(1...2)).record])
        let agreed = try Reconciliation(account: "kaspi", date: day(30), bank: bank, kassa: bank, transactions: [lunch, coffee], cleared: cleared)
        #expect(agreed.agrees && agreed.uncleared.isEmpty && agreed.suspects.isEmpty)
    }
}
