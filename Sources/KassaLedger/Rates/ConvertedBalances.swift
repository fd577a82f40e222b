// ConvertedBalances: `kassa balance --in CODE` — every account's sum in one currency, each
// transaction converted at the rate in effect on its own date. What cannot be converted (no rate
// on or before its date) is left out of the sums and reported per currency — how many
// transactions and from which date a rate is needed — never counted as 1 or 0.

import KassaCore

public struct ConvertedBalances: Sendable, Hashable {
    public var lines: [BalanceLine]
    public var missing: [Missing]

    /// Transactions left out for want of a `currency` rate: how many, and the earliest date that needs one.
    public struct Missing: Sendable, Hashable {
        public var currency: Currency
        public var from: CivilDate
        public var count: Int
    }

    public static func compute(_ source: some TransactionSource, rates: RateTable, to target: Currency) throws(MoneyError) -> ConvertedBalances {
        var sums: [UInt32: CheckedSum] = [:]
        var counts: [UInt32: Int] = [:]
        var missing: [Currency: Missing] = [:]
        var overflowed = false
        func add(_ label: UInt32, _ amount: Int64, negative: Bool) {
            if negative { sums[label, default: CheckedSum()].subtract(amount) } else { sums[label, default: CheckedSum()].add(amount) }
            counts[label, default: 0] += 1
        }
        source.forEachEntry { entry in
            let date = CivilDate(daysSinceEpoch: entry.days)
            let converted: Int64
            if entry.currency == target {
                converted = entry.amount
            } else {
                do throws(ConversionError) {
                    converted = try rates.convert(Money(minorUnits: entry.amount, currency: entry.currency), to: target, on: date).minorUnits
                } catch {
                    guard error.kind == .missingRate else { overflowed = true; return }
                    // The currency without a rate: the entry's, or the target's.
                    if var known = missing[error.currency] {
                        known.count += 1
                        if date < known.from { known.from = date }
                        missing[error.currency] = known
                    } else {
                        missing[error.currency] = Missing(currency: error.currency, from: date, count: 1)
                    }
                    return
                }
            }
            switch entry.type {
            case .expense: add(entry.account, converted, negative: true)
            case .income: add(entry.account, converted, negative: false)
            case .transfer:
                add(entry.account, converted, negative: true)
                add(entry.toAccount, converted, negative: false)
            }
        }
        guard !overflowed, sums.values.allSatisfy({ !$0.overflowed }) else { throw MoneyError(.overflow, currency: target) }
        let lines = sums.keys.map { label in
            BalanceLine(account: source.label(label), amount: Money(minorUnits: sums[label]!.value, currency: target), count: counts[label]!)
        }.sorted { ($0.account ?? "\u{10FFFF}") < ($1.account ?? "\u{10FFFF}") }
        return ConvertedBalances(lines: lines, missing: missing.values.sorted { $0.currency.code < $1.currency.code })
    }
}
