// Balances: the sum of every account in every currency over a transaction source — expenses
// subtract, income adds, a transfer moves the amount from its account to its destination.
// Sums are checked: a total that does not fit in 64-bit minor units is an error, never a wrap.

import KassaCore

public enum Balances {
    /// One line per (account, currency) that moved, sorted by account name (no account last)
    /// then currency code.
    public static func compute(_ source: some TransactionSource) throws(MoneyError) -> [BalanceLine] {
        // Per currency, flat tables indexed by account label: no hashing per entry.
        var currencies: [Currency] = []
        var sums: [[CheckedSum]] = []
        var counts: [[Int]] = []
        var lastCurrency: Currency?
        var slot = 0
        func add(_ label: UInt32, _ amount: Int64, negative: Bool) {
            let index = Int(label)
            if index >= sums[slot].count {
                sums[slot] += repeatElement(CheckedSum(), count: index + 1 - sums[slot].count)
                counts[slot] += repeatElement(0, count: index + 1 - counts[slot].count)
            }
            if negative { sums[slot][index].subtract(amount) } else { sums[slot][index].add(amount) }
            counts[slot][index] += 1
        }
        source.forEachEntry { entry in
            if entry.currency != lastCurrency {
                if let known = currencies.firstIndex(of: entry.currency) {
                    slot = known
                } else {
                    currencies.append(entry.currency)
                    sums.append([])
                    counts.append([])
                    slot = currencies.count - 1
                }
                lastCurrency = entry.currency
            }
            switch entry.type {
            case .expense: add(entry.account, entry.amount, negative: true)
            case .income: add(entry.account, entry.amount, negative: false)
            case .transfer:
                add(entry.account, entry.amount, negative: true)
                add(entry.toAccount, entry.amount, negative: false)
            }
        }
        var lines: [BalanceLine] = []
        for (slot, currency) in currencies.enumerated() {
            for label in counts[slot].indices where counts[slot][label] > 0 {
                let sum = sums[slot][label]
                guard !sum.overflowed else { throw MoneyError(.overflow, currency: currency) }
                lines.append(BalanceLine(account: source.label(UInt32(label)),
                                         amount: Money(minorUnits: sum.value, currency: currency), count: counts[slot][label]))
            }
        }
        return lines.sorted {
            ($0.account ?? "\u{10FFFF}", $0.amount.currency.code) < ($1.account ?? "\u{10FFFF}", $1.amount.currency.code)
        }
    }
}
