// InsightFacts: everything the insights and the health score need, gathered in one pass over a
// source for the base currency: expenses per (top-level category, month) for the last seven
// months, income and expenses per month, the balance, the last 30 days' spending, the days each
// account last moved, and which other currencies were left out (no rates to convert them).
// Months are numbered relative to today's month: 0 is this month, 1 the one before, and so on.

import KassaCore

public struct InsightFacts: Sendable, Hashable {
    /// How many months back the per-month arrays reach (index 0 = this month).
    public static let window = 7

    public let today: CivilDate
    public let currency: Currency
    /// Expenses per top-level category (nil = no category), per month back.
    public let categoryMonths: [String?: [Money]]
    public let incomeMonths: [Money]
    public let expenseMonths: [Money]
    /// This month's expenses up to today, and last month's up to the same day of the month.
    public let monthToDate: Money
    public let sameDaysLastMonth: Money
    public let last30Days: Money
    /// Income minus expenses of every base-currency transaction up to today (transfers move
    /// money between own accounts and cancel out).
    public let balance: Money
    /// Each account's last day with a transaction (any currency) up to today.
    public let lastActivity: [String: CivilDate]
    /// The month number (Period.monthNumber) of the oldest expense; nil when there are none. A
    /// month before the person recorded any spending is no evidence of their finances (deposit
    /// interest posted alone would make it look like a month of pure saving).
    public let firstMonth: Int?
    /// Currencies with transactions that the figures leave out.
    public let otherCurrencies: [Currency]

    /// Complete months of history before this one (the month of the first expense counts).
    public var historyMonths: Int {
        guard let firstMonth else { return 0 }
        return max(0, Period.monthNumber(today) - firstMonth)
    }

    public static func gather(_ source: some TransactionSource, today: CivilDate,
                              base: Currency = .kzt) throws(MoneyError) -> InsightFacts {
        let window = InsightFacts.window
        let todayDay = today.daysSinceEpoch
        let thisMonth = Period.monthNumber(today)
        let monthStart = Period.month(containing: today).firstDay
        let oldest = Period.month(year: today.year, month: today.month - (window - 1)).firstDay
        let lastMonth = Period.month(year: today.year, month: today.month - 1)
        let sameDayLast = lastMonth.firstDay + min(today.day, lastMonth.dayCount) - 1
        var categories = SumRow()      // label * window + monthsBack
        var income = SumRow(), expense = SumRow()
        var monthToDate = CheckedSum(), sameDays = CheckedSum(), last30 = CheckedSum(), balance = CheckedSum()
        var lastDay: [Int] = []        // by account label; -1 = never
        var firstDay = Int.max
        var others: [Currency] = []
        var cache = MonthCache()
        func touch(_ label: UInt32, _ day: Int) {
            let index = Int(label)
            if index >= lastDay.count { lastDay += repeatElement(-1, count: index + 1 - lastDay.count) }
            if day > lastDay[index] { lastDay[index] = day }
        }
        source.forEachEntry { entry in
            guard entry.days <= todayDay else { return }
            if entry.type == .expense { firstDay = min(firstDay, entry.days) }
            if entry.account != LedgerEntry.noLabel { touch(entry.account, entry.days) }
            if entry.toAccount != LedgerEntry.noLabel { touch(entry.toAccount, entry.days) }
            guard entry.currency == base else {
                if !others.contains(entry.currency) { others.append(entry.currency) }
                return
            }
            switch entry.type {
            case .transfer: return
            case .income:
                balance.add(entry.amount)
                if entry.days >= oldest { income.add(thisMonth - cache.month(ofDay: entry.days), entry.amount) }
            case .expense:
                balance.subtract(entry.amount)
                if entry.days > todayDay - 30 { last30.add(entry.amount) }
                if entry.days >= monthStart { monthToDate.add(entry.amount) }
                if entry.days >= lastMonth.firstDay && entry.days <= sameDayLast { sameDays.add(entry.amount) }
                guard entry.days >= oldest else { return }
                let back = thisMonth - cache.month(ofDay: entry.days)
                expense.add(back, entry.amount)
                categories.add(Int(entry.category) * window + back, entry.amount)
            }
        }
        func money(_ sum: CheckedSum) throws(MoneyError) -> Money {
            guard !sum.overflowed else { throw MoneyError(.overflow, currency: base) }
            return Money(minorUnits: sum.value, currency: base)
        }
        let zero = Money(minorUnits: 0, currency: base)
        var byCategory: [String?: [Money]] = [:]
        for label in 0..<((categories.count + window - 1) / window) {
            let slug = source.label(UInt32(label))
            let key = slug.map { String($0.split(separator: "/", maxSplits: 1).first ?? Substring($0)) }
            var months = byCategory[key] ?? Array(repeating: zero, count: window)
            var any = false
            for back in 0..<window {
                let amount = try categories.money(label * window + back, base)
                any = any || !amount.isZero
                months[back] = try months[back].adding(amount)
            }
            if any { byCategory[key] = months }
        }
        var activity: [String: CivilDate] = [:]
        for (label, day) in lastDay.enumerated() where day >= 0 {
            if let name = source.label(UInt32(label)) { activity[name] = CivilDate(daysSinceEpoch: day) }
        }
        var incomeMonths: [Money] = [], expenseMonths: [Money] = []
        for back in 0..<window {
            incomeMonths.append(try income.money(back, base))
            expenseMonths.append(try expense.money(back, base))
        }
        return InsightFacts(
            today: today, currency: base, categoryMonths: byCategory, incomeMonths: incomeMonths,
            expenseMonths: expenseMonths, monthToDate: try money(monthToDate), sameDaysLastMonth: try money(sameDays),
            last30Days: try money(last30), balance: try money(balance), lastActivity: activity,
            firstMonth: firstDay == .max ? nil : Period.monthNumber(day: firstDay),
            otherCurrencies: others.sorted { $0.code < $1.code })
    }

    // MARK: - Derived figures shared by the insights and the health score

    /// How many complete months the averages cover: the last three, or fewer when the history
    /// is shorter (at least one is needed).
    public static let averagedMonths = 3

    /// The complete months the averages use: min(3, history), 0 without a complete month.
    public var averagedMonths: Int { min(InsightFacts.averagedMonths, historyMonths) }

    /// Sum of the complete months the averages use (months 1 … averagedMonths back).
    func lastMonths(_ months: [Money]) throws(MoneyError) -> Money {
        var sum = Money(minorUnits: 0, currency: currency)
        for back in stride(from: 1, through: averagedMonths, by: 1) { sum = try sum.adding(months[back]) }
        return sum
    }

    /// Average monthly income, expenses and net flow over the complete months there are (up to
    /// three); nil without one complete month.
    public func averages() throws(MoneyError) -> (income: Money, expense: Money, net: Money, months: Int)? {
        let count = averagedMonths
        guard count >= 1 else { return nil }
        let income = try lastMonths(incomeMonths), expense = try lastMonths(expenseMonths)
        let net = try income.subtracting(expense)
        let n = Int64(count)
        return (Money(minorUnits: income.minorUnits / n, currency: currency),
                Money(minorUnits: expense.minorUnits / n, currency: currency),
                Money(minorUnits: net.minorUnits / n, currency: currency), count)
    }

    /// Days of this month from today on, today included — the count budgets use too.
    public var daysLeftInMonth: Int {
        Period.month(containing: today).lastDay - today.daysSinceEpoch + 1
    }
}
