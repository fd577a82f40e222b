// RateTableTests: conversions at the rate of the transaction's own date, exact rounding, cross
// rates through the base, and a missing rate named, never treated as 1 or 0.
import KassaCore
import Testing
@testable import KassaLedger

@Suite struct RateTableTests {
    static func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }
    static let usd = Currency(code: "USD")!, eur = Currency(code: "EUR")!, jpy = Currency(code: "JPY")!

    static let table = RateTable(base: .kzt, rates: [
        ExchangeRate(currency: usd, base: .kzt, micros: ExchangeRate.micros(from: "480.5")!, date: date("2026-01-15")),
        ExchangeRate(currency: usd, base: .kzt, micros: ExchangeRate.micros(from: "500")!, date: date("2026-03-01")),
        ExchangeRate(currency: eur, base: .kzt, micros: ExchangeRate.micros(from: "550.25")!, date: date("2026-01-01")),
        ExchangeRate(currency: jpy, base: .kzt, micros: ExchangeRate.micros(from: "3.3")!, date: date("2026-01-01")),
        // Recorded against another base: not used by a KZT table.
        ExchangeRate(currency: usd, base: eur, micros: 900_000, date: date("2026-01-01")),
    ])

    @Test func usesTheRateInEffectOnTheDate() throws {
        let ten = Money(minorUnits: 1000, currency: Self.usd)
        #expect(try Self.table.convert(ten, to: .kzt, on: Self.date("2026-02-10")).minorUnits == 480_500)
        #expect(try Self.table.convert(ten, to: .kzt, on: Self.date("2026-03-01")).minorUnits == 500_000)
        #expect(try Self.table.convert(ten, to: .kzt, on: Self.date("2026-01-15")).minorUnits == 480_500)
    }

    @Test func aMissingRateIsNamed() {
        let ten = Money(minorUnits: 1000, currency: Self.usd)
        #expect(throws: ConversionError(kind: .missingRate, currency: Self.usd, date: Self.date("2026-01-14"))) {
            try Self.table.convert(ten, to: .kzt, on: Self.date("2026-01-14"))
        }
        #expect(throws: ConversionError.self) { try Self.table.convert(Money(minorUnits: 1, currency: Currency(code: "RUB")!), to: .kzt, on: Self.date("2026-05-01")) }
    }

    @Test func crossRatesGoThroughTheBaseAndRoundHalfAwayFromZero() throws {
        // 1 EUR = 550.25 KZT, 1 USD = 500 KZT → 1.00 EUR = 1.1005 USD → 1.10 USD.
        let euro = Money(minorUnits: 100, currency: Self.eur)
        #expect(try Self.table.convert(euro, to: Self.usd, on: Self.date("2026-03-02")).minorUnits == 110)
        // 0.01 USD at 480.5 = 4.805 KZT → 4.81 (half away from zero), and -4.81 for a refund.
        let cent = Money(minorUnits: 1, currency: Self.usd)
        #expect(try Self.table.convert(cent, to: .kzt, on: Self.date("2026-02-01")).minorUnits == 481)
        #expect(try Self.table.convert(cent.negated, to: .kzt, on: Self.date("2026-02-01")).minorUnits == -481)
        // Yen have no minor digits: 1000 JPY × 3.3 = 3300.00 KZT.
        #expect(try Self.table.convert(Money(minorUnits: 1000, currency: Self.jpy), to: .kzt, on: Self.date("2026-02-01")).minorUnits == 330_000)
    }

    @Test func overflowIsAnErrorNotAWrap() {
        // 9,999,999,999,999.99 USD in a currency worth a millionth of a tenge: about 5·10^21.
        let irr = Currency(code: "IRR")!
        let table = RateTable(base: .kzt, rates: Self.table.rates + [
            ExchangeRate(currency: irr, base: .kzt, micros: 1, date: Self.date("2026-01-01")),
        ])
        let huge = Money(minorUnits: 999_999_999_999_999, currency: Self.usd)
        #expect(throws: ConversionError(kind: .overflow, currency: Self.usd, date: Self.date("2026-02-01"))) {
            try table.convert(huge, to: irr, on: Self.date("2026-02-01"))
        }
    }

    @Test func ratesAreReadExactly() {
        #expect(ExchangeRate.micros(from: "480.5") == 480_500_000)
        #expect(ExchangeRate.micros(from: "480,50") == 480_500_000)
        #expect(ExchangeRate.micros(from: "0.000001") == 1)
        for bad in ["", "0", "-5", "1.0000001", "1e3", "1,2,3", ".5", "5.", "1234567890", "abc"] {
            #expect(ExchangeRate.micros(from: bad) == nil, "\(bad)")
        }
    }

    @Test func roundTripsThroughAJournalObject() {
        let rate = ExchangeRate(currency: Self.usd, base: .kzt, micros: 480_500_000, date: Self.date("2026-01-15"))
        #expect(rate.record.key == "USD 2026-01-15" && rate.record["rate"] == "480.5")
        #expect(ExchangeRate(record: rate.record) == rate)
        #expect(ExchangeRate(record: ObjectRecord(kind: "rate", key: "USD 2026-01-15")) == nil)
    }

    /// A purchase in euros its tenge card was charged for: in tenge it is the charge, exactly,
    /// with no rate at all; balances move the card by it.
    @Test func aChargedPurchaseConvertsByItsCharge() throws {
        let day = CivilDate(year: 2026, month: 11, day: 30)!
        var hotel = Transaction(id: 1, type: .expense, amount: Money(minorUnits: 24_000, currency: Currency(code: "EUR")!), date: day,
                                account: "kaspi")
        hotel.chargedAmount = Money(minorUnits: 13_380_000, currency: .kzt)
        let salary = Transaction(id: 2, type: .income, amount: Money(minorUnits: 10_000_000, currency: .kzt), date: day, account: "kaspi")
        let balances = try ConvertedBalances(TransactionArraySource([hotel, salary]), rates: RateTable(base: .kzt, rates: []), to: .kzt,
                                             today: day, openings: [])
        #expect(balances.missing.isEmpty)
        #expect(balances.total == Money(minorUnits: -3_380_000, currency: .kzt))
        var seen: [Int64] = []
        ConvertingSource(TransactionArraySource([hotel]), rates: RateTable(base: .kzt, rates: []), to: .kzt).forEachEntry { seen.append($0.amount) }
        #expect(seen == [13_380_000])
    }
}

