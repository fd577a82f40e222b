// Tests for Money and Currency: exact decimal parsing and printing, exponents from ISO 4217.
import Testing
@testable import KassaCore

@Suite struct MoneyTests {
    @Test func decimalRoundTrip() {
        let kzt = Currency.kzt
        #expect(Money(decimal: "1500", currency: kzt)?.decimalString == "1500.00")
        #expect(Money(decimal: "12450.5", currency: kzt)?.minorUnits == 1_245_050)
        #expect(Money(decimal: "-0.05", currency: kzt)?.decimalString == "-0.05")
        #expect(Money(decimal: "1.234", currency: kzt) == nil)
        #expect(Money(decimal: "1.", currency: kzt) == nil)
        #expect(Money(decimal: "abc", currency: kzt) == nil)
        #expect(Money(decimal: "99999999999999999999", currency: kzt) == nil)
    }

    @Test func exponentsFollowISO4217() {
        #expect(Currency(code: "JPY")?.minorDigits == 0)
        #expect(Currency(code: "kwd")?.minorDigits == 3)
        #expect(Currency(code: "KZT")?.minorDigits == 2)
        #expect(Currency(code: "XYZ") == nil)
        #expect(Currency(code: "uSd")?.code == "USD")
        #expect(Currency(code: "US") == nil && Currency(code: "USDX") == nil && Currency(code: "") == nil)
        #expect(Currency(code: "U1D") == nil && Currency(code: "ТНГ") == nil)
        #expect(Currency.allCodes.count > 150 && Currency.allCodes.contains("KZT") && Currency.allCodes == Currency.allCodes.sorted())
        #expect(Currency.allCodes.allSatisfy { Currency(code: $0)?.code == $0 })
        #expect(Money(decimal: "1500", currency: Currency(code: "JPY")!)?.decimalString == "1500")
    }
}

@Suite struct DraftFlagTests {
    @Test func flagsStaySortedAlphabeticallyAndUnique() {
        let draft = Draft(amount: nil, date: CivilDate(year: 2026, month: 3, day: 10)!,
                          flags: [.dateAssumed, .accountDefault, .dateAssumed, .ambiguous, .categoryGuessed])
        #expect(draft.flags.map(\.rawValue) == ["account-default", "ambiguous", "category-guessed", "date-assumed"])
        #expect(DraftFlag.allCases.map(\.rawValue) == DraftFlag.allCases.map(\.rawValue).sorted())
        #expect(DraftFlag.allCases.sorted() == DraftFlag.allCases)
    }

    /// The JSON writers list flags from `flagMask` by rank, with `literal(rank:)`: every flag's
    /// bit, count and literal agree with allCases and rawValue.
    @Test func flagMaskAndLiteralsMatchTheCases() {
        #expect(DraftFlag.count == DraftFlag.allCases.count)
        for (rank, flag) in DraftFlag.allCases.enumerated() {
            #expect("\(DraftFlag.literal(rank: rank))" == flag.rawValue)
            let draft = Draft(amount: nil, date: CivilDate(year: 2026, month: 3, day: 10)!, flags: [flag])
            #expect(draft.flagMask == 1 << UInt16(rank))
        }
        #expect("\(DraftFlag.literal(rank: DraftFlag.count))" == "")
        let all = Draft(amount: nil, date: CivilDate(year: 2026, month: 3, day: 10)!, flags: DraftFlag.allCases)
        #expect(all.flagMask == (1 << UInt16(DraftFlag.count)) - 1)
    }

    @Test func unflagRemovesOnlyThatFlag() {
        var draft = Draft(amount: nil, date: CivilDate(year: 2026, month: 3, day: 10)!, flags: [.amountMissing, .dateAssumed])
        draft.unflag(.amountMissing)
        #expect(draft.flags == [.dateAssumed])
        #expect(!draft.has(.amountMissing) && draft.has(.dateAssumed))
        draft.unflag(.amountMissing)
        #expect(draft.flags == [.dateAssumed])
    }
}

@Suite struct CurrencyTests {
    @Test func codeRoundTripsAndComparesByCode() {
        #expect(Currency(code: "usd")?.code == "USD")
        #expect(Currency(code: "KZT") == .kzt)
        #expect(Currency(code: "EUR") != Currency(code: "USD"))
        #expect(Set([Currency(code: "EUR")!, Currency(code: "eur")!, .kzt]).count == 2)
        #expect("\(Currency.kzt)" == "KZT")
    }
}
