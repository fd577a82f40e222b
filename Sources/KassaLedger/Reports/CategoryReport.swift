// CategoryReport: `report spending` and `report income` — the expenses (or income) of a period
// per category (subcategories under their parent), per account or per month, each with its
// share and the change against the previous period of the same kind (as far into it as
// today is into this one). Pure, one pass over the
// source into flat arrays indexed by label number; amounts stay in their own currency (one
// section per currency, the base first) because kassa has no exchange rates to convert with.
// Transactions dated after `today` are planned, not spent, and are left out.

import KassaCore

public struct CategoryReport: Sendable, Hashable {
    public enum Grouping: String, Sendable, CaseIterable {
        case category, account, month
    }

    public let type: TransactionType
    public let period: Period
    /// What the change is measured against (see `comparedPeriod`).
    public let previousPeriod: Period
    public let grouping: Grouping
    /// One per currency with any amount in either period; the base currency first.
    public let sections: [ReportSection]

    /// Reads `source` once. `type` is `.expense` (spending) or `.income`.
    public static func compute(_ source: some TransactionSource, type: TransactionType, period: Period,
                               grouping: Grouping, today: CivilDate,
                               base: Currency = .kzt) throws(MoneyError) -> CategoryReport {
        let previous = comparedPeriod(period, today: today)
        let (first, last) = (period.firstDay, min(period.lastDay, today.daysSinceEpoch))
        let (previousFirst, previousLast) = (previous.firstDay, min(previous.lastDay, today.daysSinceEpoch))
        let firstMonth = Period.monthNumber(period.from)
        var slots = CurrencySlots()
        var current: [SumRow] = []
        var before: [SumRow] = []
        var months = MonthCache()
        source.forEachEntry { entry in
            guard entry.type == type else { return }
            let inCurrent = entry.days >= first && entry.days <= last
            guard inCurrent || (entry.days >= previousFirst && entry.days <= previousLast) else { return }
            let (slot, isNew) = slots.slot(entry.currency)
            if isNew { current.append(SumRow()); before.append(SumRow()) }
            let index: Int
            switch grouping {
            case .category: index = Int(entry.category)
            case .account: index = Int(entry.account)
            case .month:
                guard inCurrent else { before[slot].add(0, entry.amount); return }
                index = months.month(ofDay: entry.days) - firstMonth
            }
            if inCurrent { current[slot].add(index, entry.amount) } else { before[slot].add(index, entry.amount) }
        }
        var sections: [ReportSection] = []
        for slot in slots.ordered(base: base) {
            let currency = slots.currencies[slot]
            var rows: [ReportRow] = []
            var total = Money(minorUnits: 0, currency: currency)
            var previousTotal = Money(minorUnits: 0, currency: currency)
            if grouping == .month {
                for offset in 0..<current[slot].count {
                    let amount = try current[slot].money(offset, currency)
                    total = try total.adding(amount)
                    guard !amount.isZero else { continue }
                    let month = Period.month(year: 0, month: firstMonth + offset + 1)
                    rows.append(ReportRow(key: String(month.from.iso.prefix(7)), depth: 0, amount: amount, previous: nil))
                }
                previousTotal = try before[slot].money(0, currency)
            } else {
                var flat: [ReportRow] = []
                for label in 0..<max(current[slot].count, before[slot].count) {
                    let amount = try current[slot].money(label, currency)
                    let earlier = try before[slot].money(label, currency)
                    total = try total.adding(amount)
                    previousTotal = try previousTotal.adding(earlier)
                    guard !amount.isZero || !earlier.isZero else { continue }
                    flat.append(ReportRow(key: source.label(UInt32(label)), depth: 0, amount: amount, previous: earlier))
                }
                rows = grouping == .category ? try nest(flat, currency: currency) : sorted(flat)
            }
            guard !total.isZero || !previousTotal.isZero else { continue }
            for index in rows.indices { rows[index].share = share(rows[index].amount, of: total) }
            sections.append(ReportSection(currency: currency, total: total, previousTotal: previousTotal, rows: rows))
        }
        return CategoryReport(type: type, period: period, previousPeriod: previous, grouping: grouping, sections: sections)
    }

    /// The period to compare with: the previous one of the same kind; while `period` is still
    /// running, only as many of its days as have passed in `period` (1–20 March against 1–20
    /// February), so a month so far is not set against a whole month.
    public static func comparedPeriod(_ period: Period, today: CivilDate) -> Period {
        let previous = period.previous
        let todayDay = today.daysSinceEpoch
        guard period.contains(day: todayDay), todayDay < period.lastDay else { return previous }
        let end = min(previous.to, previous.from.adding(days: todayDay - period.firstDay))
        return Period(kind: .range, from: previous.from, to: end)
    }

    /// Parents (the slug before the first "/") with their subcategories under them; a parent's
    /// amount includes its subcategories'. Largest first, ties by name; no category last.
    static func nest(_ flat: [ReportRow], currency: Currency) throws(MoneyError) -> [ReportRow] {
        var parents: [String: ReportRow] = [:]
        var children: [String: [ReportRow]] = [:]
        var uncategorized: ReportRow?
        let zero = Money(minorUnits: 0, currency: currency)
        for row in flat {
            guard let slug = row.key else { uncategorized = row; continue }
            let parent = slug.split(separator: "/", maxSplits: 1).first.map(String.init) ?? slug
            var total = parents[parent] ?? ReportRow(key: parent, depth: 0, amount: zero, previous: zero)
            total.amount = try total.amount.adding(row.amount)
            total.previous = try (total.previous ?? zero).adding(row.previous ?? zero)
            parents[parent] = total
            if parent != slug { children[parent, default: []].append(ReportRow(key: slug, depth: 1, amount: row.amount, previous: row.previous)) }
        }
        var rows: [ReportRow] = []
        for parent in sorted(Array(parents.values)) {
            rows.append(parent)
            rows += sorted(children[parent.key ?? ""] ?? [])
        }
        if let uncategorized { rows.append(uncategorized) }
        return rows
    }

    static func sorted(_ rows: [ReportRow]) -> [ReportRow] {
        rows.sorted { a, b in
            if a.amount.minorUnits != b.amount.minorUnits { return a.amount.minorUnits > b.amount.minorUnits }
            return (a.key ?? "\u{10FFFF}") < (b.key ?? "\u{10FFFF}")
        }
    }

    /// The part `amount` is of `total`, 0...1 (a ratio, not money: a Double is fine here).
    static func share(_ amount: Money, of total: Money) -> Double {
        total.minorUnits == 0 ? 0 : Double(amount.minorUnits) / Double(total.minorUnits)
    }
}

/// A report's numbers in one currency.
public struct ReportSection: Sendable, Hashable {
    public let currency: Currency
    public let total: Money
    public let previousTotal: Money
    public let rows: [ReportRow]

    public init(currency: Currency, total: Money, previousTotal: Money, rows: [ReportRow]) {
        self.currency = currency
        self.total = total
        self.previousTotal = previousTotal
        self.rows = rows
    }

    /// The change of the total against the previous period, as a ratio (0.25 = 25% more);
    /// nil when the previous period had nothing to compare with.
    public var change: Double? { ReportRow.change(total, previousTotal) }
}

/// One line of a report: a category (depth 1 for a subcategory), an account or a month.
public struct ReportRow: Sendable, Hashable {
    /// The category slug, account name or "YYYY-MM"; nil for "no category" / "no account".
    public var key: String?
    public var depth: Int
    public var amount: Money
    /// The same key in the previous period; nil where there is none (months).
    public var previous: Money?
    /// The part of the section's total, 0...1.
    public var share: Double = 0

    public init(key: String?, depth: Int, amount: Money, previous: Money?, share: Double = 0) {
        self.key = key
        self.depth = depth
        self.amount = amount
        self.previous = previous
        self.share = share
    }

    public var change: Double? { previous.flatMap { ReportRow.change(amount, $0) } }

    static func change(_ now: Money, _ before: Money) -> Double? {
        before.minorUnits == 0 ? nil : (Double(now.minorUnits) - Double(before.minorUnits)) / Double(before.minorUnits)
    }
}
