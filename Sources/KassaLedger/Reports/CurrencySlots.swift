// CurrencySlots: numbers the currencies a report meets (0, 1, 2 …) as it reads a source, so its
// hot loop indexes flat arrays instead of hashing a currency per entry. Consecutive entries
// mostly share a currency, so the last one is remembered.

import KassaCore

struct CurrencySlots {
    private(set) var currencies: [Currency] = []
    private var last: Currency?
    private var lastSlot = 0

    /// The slot of `currency`; `isNew` is true the first time it is seen.
    @inline(__always)
    mutating func slot(_ currency: Currency) -> (slot: Int, isNew: Bool) {
        if currency == last { return (lastSlot, false) }
        last = currency
        if let known = currencies.firstIndex(of: currency) {
            lastSlot = known
            return (known, false)
        }
        currencies.append(currency)
        lastSlot = currencies.count - 1
        return (lastSlot, true)
    }

    /// Slots in report order: the base currency first, then the rest by code.
    func ordered(base: Currency) -> [Int] {
        currencies.indices.sorted { a, b in
            let (x, y) = (currencies[a], currencies[b])
            if (x == base) != (y == base) { return x == base }
            return x.code < y.code
        }
    }
}

/// A growable row of checked sums indexed by a small number (a label or a month offset).
struct SumRow {
    private(set) var sums: [CheckedSum] = []

    @inline(__always)
    mutating func add(_ index: Int, _ amount: Int64) {
        if index >= sums.count { sums += repeatElement(CheckedSum(), count: index + 1 - sums.count) }
        sums[index].add(amount)
    }

    subscript(index: Int) -> CheckedSum { index < sums.count ? sums[index] : CheckedSum() }
    var count: Int { sums.count }

    /// The value at `index` as Money; an overflowed sum is an error, never a wrapped number.
    func money(_ index: Int, _ currency: Currency) throws(MoneyError) -> Money {
        let sum = self[index]
        guard !sum.overflowed else { throw MoneyError(.overflow, currency: currency) }
        return Money(minorUnits: sum.value, currency: currency)
    }
}

/// The month number (Period.monthNumber) of a day, remembering the last month seen: entries
/// come mostly in date order, so most lookups are two comparisons instead of a calendar
/// conversion per entry.
struct MonthCache {
    private var first = Int.max
    private var last = Int.min
    private var month = 0

    @inline(__always)
    mutating func month(ofDay day: Int) -> Int {
        if day >= first && day <= last { return month }
        let date = CivilDate(daysSinceEpoch: day)
        month = Period.monthNumber(date)
        first = day - date.day + 1
        last = first + CivilDate.daysInMonth(year: date.year, month: date.month) - 1
        return month
    }
}
