// Balances: the sum of every account in every currency over a transaction source — expenses
// subtract, income adds (what the account was charged, for one in another currency), a transfer moves the amount from its account to its destination (a
// currency exchange takes its amount out and puts its target amount, in its own currency, in).
// With `today`, transactions dated after it are planned: summed apart, never in the balance
// (DOMAIN.md §1); opening balances are added to their account's line.
// Sums are checked: a total that does not fit in 64-bit minor units is an error, never a wrap.

import KassaCore

public enum Balances {
    /// One line per (account, currency) that moved, sorted by account name (no account last)
    /// then currency code. `today` nil: every transaction counts in the balance.
    public static func compute(_ source: some TransactionSource, today: CivilDate? = nil,
                               openings: [OpeningBalance] = []) throws(MoneyError) -> [BalanceLine] {
        // One captured value, not five captured variables and a local function: the closure's
        // captures are checked for exclusive access at run time, once per access; apart, those
        // checks were about 9% of `kassa balance` at 1M (perf), now about 2%.
        var table = BalanceTable(cut: today?.daysSinceEpoch ?? Int.max)
        source.forEachEntry { table.add($0) }
        let (currencies, cells) = (table.currencies, table.cells)
        var lines: [BalanceLine] = []
        for (slot, currency) in currencies.enumerated() {
            // Account names are case-insensitive ("Cash" is "cash"): one line per account, named
            // as first met (labels are numbered in the journal's order).
            var seen: [String: Int] = [:]
            for label in cells[slot].indices where cells[slot][label].count + cells[slot][label].plannedCount > 0 {
                let cell = cells[slot][label]
                guard !cell.sum.overflowed, !cell.planned.overflowed else { throw MoneyError(.overflow, currency: currency) }
                let name = source.label(UInt32(label))
                let line = BalanceLine(account: name, amount: Money(minorUnits: cell.sum.value, currency: currency),
                                       count: cell.count, planned: Money(minorUnits: cell.planned.value, currency: currency),
                                       plannedCount: cell.plannedCount)
                guard let name else { lines.append(line); continue }
                if let i = seen[name.lowercased()] {
                    lines[i].amount = try lines[i].amount.adding(line.amount)
                    lines[i].planned = try lines[i].planned.adding(line.planned)
                    lines[i].count += line.count
                    lines[i].plannedCount += line.plannedCount
                } else {
                    seen[name.lowercased()] = lines.count
                    lines.append(line)
                }
            }
        }
        for opening in openings where !opening.amount.isZero {
            let key = opening.account.lowercased()
            var line: BalanceLine
            if let i = lines.firstIndex(where: { $0.account?.lowercased() == key && $0.amount.currency == opening.amount.currency }) {
                line = lines.remove(at: i)
            } else {
                line = BalanceLine(account: opening.account, amount: Money(minorUnits: 0, currency: opening.amount.currency), count: 0)
            }
            if let date = opening.date, let today, date > today {
                line.planned = try line.planned.adding(opening.amount)
                line.plannedCount += 1
            } else {
                line.amount = try line.amount.adding(opening.amount)
                line.opening = try line.opening.adding(opening.amount)
            }
            lines.append(line)
        }
        return lines.sorted {
            ($0.account ?? "\u{10FFFF}", $0.amount.currency.code) < ($1.account ?? "\u{10FFFF}", $1.amount.currency.code)
        }
    }
}

extension Balances {
    /// The sum of every line in `currency` that is in the balance (planned ones left out): with
    /// every account converted to one currency, all the money there is — what a person owns less
    /// what they owe. Lines left in another currency (no rate) are not in it; the caller says so.
    public static func total(_ lines: [BalanceLine], in currency: Currency) throws(MoneyError) -> Money {
        var total = Money(minorUnits: 0, currency: currency)
        for line in lines where line.amount.currency == currency && line.isCurrent {
            total = try total.adding(line.amount)
        }
        return total
    }
}

/// One account's running sums in one currency while Balances reads the source.
struct BalanceCell {
    var sum = CheckedSum(), count = 0, planned = CheckedSum(), plannedCount = 0
}

/// The sums being built: per currency, flat tables indexed by account label (no hashing per entry).
struct BalanceTable {
    var currencies: [Currency] = []
    var cells: [[BalanceCell]] = []
    private var lastCurrency: Currency?
    private var slot = 0
    /// Entries dated after this day (since the epoch) are planned.
    let cut: Int

    init(cut: Int) { self.cut = cut }

    mutating func add(_ entry: LedgerEntry) {
        let planned = entry.days > cut
        switch entry.type {
        case .expense, .income:
            // A purchase in another currency moves the account by what it was charged.
            let charged = entry.charged
            select(charged.currency)
            add(entry.account, charged.amount, negative: entry.type == .expense, planned: planned)
        case .transfer:
            select(entry.currency)
            add(entry.account, entry.amount, negative: true, planned: planned)
            // An exchange: the destination's line is the one of the currency that arrives, and
            // what arrives is the target amount (never the amount, never a sum of the two).
            let arriving = entry.arriving
            select(arriving.currency)
            add(entry.toAccount, arriving.amount, negative: false, planned: planned)
        }
    }

    /// Makes `slot` the table of `currency` (a journal uses a handful: the last one is kept).
    private mutating func select(_ currency: Currency) {
        guard currency != lastCurrency else { return }
        if let known = currencies.firstIndex(of: currency) {
            slot = known
        } else {
            currencies.append(currency)
            cells.append([])
            slot = currencies.count - 1
        }
        lastCurrency = currency
    }

    private mutating func add(_ label: UInt32, _ amount: Int64, negative: Bool, planned: Bool) {
        let index = Int(label)
        if index >= cells[slot].count {
            cells[slot] += repeatElement(BalanceCell(), count: index + 1 - cells[slot].count)
        }
        if planned {
            if negative { cells[slot][index].planned.subtract(amount) } else { cells[slot][index].planned.add(amount) }
            cells[slot][index].plannedCount += 1
        } else {
            if negative { cells[slot][index].sum.subtract(amount) } else { cells[slot][index].sum.add(amount) }
            cells[slot][index].count += 1
        }
    }
}
