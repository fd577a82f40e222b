// ConvertingSource: a transaction source seen in one currency — each entry in another currency
// converted at the rate in effect on its own date — so every report converts without knowing
// about rates. An entry with no rate on or before its date passes through in its own currency
// (reports show it in a section of its own) and is remembered, so the output can name the
// currency and the first date that needs a rate: never counted as 1 or 0. An entry whose
// converted amount would not fit 64 bits passes through the same way and is remembered apart
// (`overflowed`), so the output says it was too large to convert rather than saying nothing.
// A purchase in another currency that its account was charged for in the target currency is
// converted by its charge: the bank's own conversion, no rate needed.

import KassaCore

public final class ConvertingSource<Base: TransactionSource>: TransactionSource {
    private let base: Base
    private let rates: RateTable
    public let target: Currency
    private var missingDates: [Currency: CivilDate] = [:]
    private var overflowDates: [Currency: CivilDate] = [:]

    public init(_ base: Base, rates: RateTable, to target: Currency) {
        self.base = base
        self.rates = rates
        self.target = target
    }

    /// Per currency with no rate for some entries, the earliest date needing one, by code.
    public var missing: [(currency: Currency, from: CivilDate)] {
        missingDates.map { ($0.key, $0.value) }.sorted { $0.currency.code < $1.currency.code }
    }

    /// Per currency with entries too large to convert, the earliest such date, by code.
    public var overflowed: [(currency: Currency, from: CivilDate)] {
        overflowDates.map { ($0.key, $0.value) }.sorted { $0.currency.code < $1.currency.code }
    }

    public func forEachEntry(_ body: (LedgerEntry) -> Void) {
        var missed: [Currency: CivilDate] = [:]
        var overflowed: [Currency: CivilDate] = [:]
        base.forEachEntry { entry in
            // An exchange's arriving side is in its own currency: converted as well, or the
            // dollars bought with tenge would stay dollars beside the tenge paid for them.
            let arrives = entry.otherCurrency.flatMap { $0 == target ? nil : $0 }
            guard entry.currency != target || arrives != nil else { return body(entry) }
            let date = CivilDate(daysSinceEpoch: entry.days)
            var seen = entry
            do throws(ConversionError) {
                if entry.currency != target {
                    // A purchase its account was charged for in the target currency: the charge is
                    // what it cost there, exactly, whatever the day's rate.
                    if entry.type != .transfer, entry.otherCurrency == target {
                        seen.amount = entry.otherAmount
                    } else {
                        seen.amount = try rates.convert(Money(minorUnits: entry.amount, currency: entry.currency), to: target, on: date).minorUnits
                    }
                    seen.currency = target
                }
                if let arrives {
                    seen.otherAmount = try rates.convert(Money(minorUnits: entry.otherAmount, currency: arrives), to: target, on: date).minorUnits
                    seen.otherCurrency = target
                }
                body(seen)
            } catch {
                switch error.kind {
                case .missingRate: if missed[error.currency].map({ date < $0 }) ?? true { missed[error.currency] = date }
                case .overflow:
                    let currency = seen.currency == target ? (arrives ?? entry.currency) : entry.currency
                    if overflowed[currency].map({ date < $0 }) ?? true { overflowed[currency] = date }
                }
                body(entry)
            }
        }
        for (currency, date) in missed where missingDates[currency].map({ date < $0 }) ?? true { missingDates[currency] = date }
        for (currency, date) in overflowed where overflowDates[currency].map({ date < $0 }) ?? true { overflowDates[currency] = date }
    }

    public func label(_ number: UInt32) -> String? { base.label(number) }
}
