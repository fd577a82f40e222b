// Tests for accounts in KassaLedger: the opening balance and the planned (future) split of
// Balances, deposit interest (a 31-day month, a leap February, capitalisation on and off, the
// rate history, idempotence by month), the annuity payment of a loan, and profiles as records.
import Testing
import KassaCore
@testable import KassaLedger

@Suite struct AccountsTests {
    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    func kzt(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .kzt) }

    func transaction(_ id: Int, _ type: TransactionType, _ minor: Int64, _ day: String, account: String = "card",
                     to: String? = nil) -> Transaction {
        Transaction(id: id, type: type, amount: kzt(minor), date: date(day), account: account, toAccount: to)
    }

    // MARK: - Opening balance and planned

    @Test func openingCountsAndFutureTransactionsArePlannedApart() throws {
        let source = TransactionArraySource([
            transaction(1, .expense, 1_500_00, "2026-03-10"),
            transaction(2, .expense, 100_000_00, "2026-03-20"),
            transaction(3, .transfer, 10_000_00, "2026-04-01", to: "cash"),
            transaction(4, .income, 5_00, "2026-03-09", account: "cash"),
        ])
        let lines = try Balances.compute(source, today: date("2026-03-10"),
                                         openings: [OpeningBalance(account: "card", amount: kzt(50_000_00), date: date("2026-01-01"))])
        let card = try #require(lines.first { $0.account == "card" })
        #expect(card.amount == kzt(48_500_00) && card.opening == kzt(50_000_00) && card.count == 1)
        #expect(card.planned == kzt(-110_000_00) && card.plannedCount == 2)
        let cash = try #require(lines.first { $0.account == "cash" })
        #expect(cash.amount == kzt(5_00) && cash.count == 1 && cash.planned == kzt(10_000_00) && cash.plannedCount == 1)
        // The transaction dated today is in the balance; without `today` everything is.
        let all = try Balances.compute(source)
        #expect(all.first { $0.account == "card" }?.amount == kzt(-111_500_00))
    }

    @Test func anOpeningAloneMakesALineAndAFutureOpeningIsPlanned() throws {
        let lines = try Balances.compute(TransactionArraySource([]), today: date("2026-03-10"), openings: [
            OpeningBalance(account: "savings", amount: kzt(1_000_00), date: date("2026-03-10")),
            OpeningBalance(account: "later", amount: kzt(7_00), date: date("2026-03-11")),
        ])
        #expect(lines.map(\.account) == ["later", "savings"])
        #expect(lines[0].amount.isZero && !lines[0].isCurrent && lines[0].planned == kzt(7_00))
        #expect(lines[1].amount == kzt(1_000_00) && lines[1].isCurrent && lines[1].count == 0)
    }

    // MARK: - Deposit interest

    func deposit(capitalize: Bool, rate: String = "14.5", opened: String = "2026-01-15", day: Int? = nil) -> AccountProfile {
        var profile = AccountProfile(name: "deposit", kind: .deposit, opening: kzt(1_000_000_00), openingDate: date(opened),
                                     capitalize: capitalize, postingDay: day)
        profile.setRate(Percent(text: rate)!, from: date(opened))
        return profile
    }

    @Test func aMonthOfThirtyOneDays() throws {
        // 15 Jan → 15 Feb: 31 days × 1,000,000 × 14.5 % / 365 = 12,315.068… → 12,315.07.
        let postings = try DepositInterest.due(deposit(capitalize: false), currency: .kzt, movements: [], today: date("2026-02-15"))
        #expect(postings.map(\.amount) == [kzt(12_315_07)])
        #expect(postings.map(\.date) == [date("2026-02-15")] && postings[0].month == "2026-02")
        // The day before the posting day nothing is due yet.
        #expect(try DepositInterest.due(deposit(capitalize: false), currency: .kzt, movements: [], today: date("2026-02-14")).isEmpty)
    }

    @Test func aLeapFebruaryHasTwentyNineDaysStillOver365() throws {
        // 1 Feb → 1 Mar 2028: 29 days; 1,000,000 × 12 % × 29 / 365 = 9,534.246… → 9,534.25.
        let profile = deposit(capitalize: false, rate: "12", opened: "2028-02-01")
        let postings = try DepositInterest.due(profile, currency: .kzt, movements: [], today: date("2028-03-01"))
        #expect(postings.map(\.amount) == [kzt(9_534_25)])
        // The same in 2027: 28 days → 9,205.479… → 9,205.48.
        let plain = try DepositInterest.due(deposit(capitalize: false, rate: "12", opened: "2027-02-01"), currency: .kzt,
                                            movements: [], today: date("2027-03-01"))
        #expect(plain.map(\.amount) == [kzt(9_205_48)])
    }

    @Test func capitalisationMakesPostedInterestEarn() throws {
        let today = date("2026-04-15")
        let without = try DepositInterest.due(deposit(capitalize: false), currency: .kzt, movements: [], today: today)
        let with = try DepositInterest.due(deposit(capitalize: true), currency: .kzt, movements: [], today: today)
        // Same first month; then 28 days (Feb 15 → Mar 15) and 31 days (→ Apr 15).
        #expect(without.map(\.amount) == [kzt(12_315_07), kzt(11_123_29), kzt(12_315_07)])
        // With capitalisation: 1,012,315.07 × 14.5 % × 28 / 365 = 11,260.27; then 1,023,575.34 × 31 days = 12,605.40.
        #expect(with.map(\.amount) == [kzt(12_315_07), kzt(11_260_27), kzt(12_605_40)])
        // Already posted interest in the journal counts the same way as interest posted in the run.
        let posted = [DepositInterest.Movement(date: date("2026-02-15"), amount: 12_315_07, isInterest: true)]
        let rest = try DepositInterest.due(deposit(capitalize: true), currency: .kzt, movements: posted, today: today, postedThrough: "2026-02")
        #expect(rest.map(\.amount) == [kzt(11_260_27), kzt(12_605_40)])
        let restPlain = try DepositInterest.due(deposit(capitalize: false), currency: .kzt, movements: posted, today: today, postedThrough: "2026-02")
        #expect(restPlain.map(\.amount) == [kzt(11_123_29), kzt(12_315_07)])
    }

    @Test func postedMonthsAreNotDueAgainAndTopUpsAndRateChangesCount() throws {
        var profile = deposit(capitalize: false, day: 31)
        profile.setRate(Percent(text: "10")!, from: date("2026-02-01"))
        // Posting day 31 falls on 31 Jan, 28 Feb, 31 Mar.
        let postings = try DepositInterest.due(profile, currency: .kzt, movements: [
            DepositInterest.Movement(date: date("2026-02-10"), amount: 500_000_00),
        ], today: date("2026-03-31"), postedThrough: "2026-01")
        #expect(postings.map(\.date) == [date("2026-02-28"), date("2026-03-31")])
        // 31 Jan → 28 Feb: 1,000,000 for 31 Jan (14.5 %) and 1–9 Feb (10 %, the new rate), then
        // 1,500,000 at 10 % for 10–27 Feb (the top-up counts from the end of its day): 10,260.27.
        #expect(postings[0].amount == kzt(10_260_27))
        // Mar: 1,500,000 × 10 % × 31 days = 12,739.73.
        #expect(postings[1].amount == kzt(12_739_73))
        #expect(try DepositInterest.due(profile, currency: .kzt, movements: [], today: date("2026-03-31"), postedThrough: "2026-03").isEmpty)
    }

    // MARK: - Loans

    @Test func annuityPayment() throws {
        // 1,000,000 at 20 % for 24 months: 50,895.80; 100,000 at 12 % for 12 months: 8,884.88.
        #expect(try LoanPayment.annuity(principal: kzt(1_000_000_00), rate: Percent(text: "20")!, months: 24) == kzt(50_895_80))
        #expect(try LoanPayment.annuity(principal: kzt(100_000_00), rate: Percent(text: "12")!, months: 12) == kzt(8_884_88))
        // 30 years at 18 %: 25,000,000 → 376,771.34 (the closed formula in 50-digit decimals).
        #expect(try LoanPayment.annuity(principal: kzt(25_000_000_00), rate: Percent(text: "18")!, months: 360) == kzt(376_771_34))
        // No interest: the principal split evenly, rounded half up.
        #expect(try LoanPayment.annuity(principal: kzt(100_00), rate: Percent(tenThousandths: 0), months: 3) == kzt(33_33))
        #expect(throws: MoneyError.self) { try LoanPayment.annuity(principal: kzt(100_00), rate: Percent(text: "20")!, months: 0) }
    }

    // MARK: - Profiles

    @Test func profileRoundTripsThroughItsRecord() {
        var profile = deposit(capitalize: true, day: 5)
        profile.setRate(Percent(text: "13,25")!, from: date("2026-06-01"))
        profile.archived = true
        let record = profile.record
        #expect(record.kind == "account" && record.key == "deposit")
        #expect(record["rates"] == "2026-01-15:14.5 2026-06-01:13.25")
        #expect(AccountProfile(record: record) == profile)
        #expect(profile.rate(on: date("2026-05-31")) == Percent(text: "14.5"))
        #expect(profile.rate(on: date("2026-06-01")) == Percent(text: "13.25"))
        #expect(profile.rate(on: date("2026-01-14")) == nil)
        #expect(AccountProfile(record: AccountProfile.removal("deposit")) == nil)
    }

    @Test func percentsAreExact() {
        #expect(Percent(text: "14.5")?.tenThousandths == 145_000)
        #expect(Percent(text: "0,0125")?.tenThousandths == 125)
        #expect(Percent(text: "7")?.text == "7" && Percent(text: "7.10")?.text == "7.1")
        for bad in ["", ".5", "5.", "1.00001", "1001", "-3", "abc", "1.2.3"] { #expect(Percent(text: bad) == nil, "\(bad)") }
    }
}
