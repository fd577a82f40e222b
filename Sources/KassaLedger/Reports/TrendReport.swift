// TrendReport: `report trend [CATEGORY]` — the expenses of each category over the months of a
// span (the last twelve by default): top-level categories, or the subcategories of one. One
// pass; sums per (currency, category label, month offset) in flat arrays, folded into parents
// by slug afterwards (a few hundred labels, not a million entries).

import KassaCore

public struct TrendReport: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        /// The category slug; nil for expenses without a category.
        public let category: String?
        /// One amount per month of the span, oldest first.
        public let months: [Money]
        public let total: Money
    }

    public struct Section: Sendable, Hashable {
        public let currency: Currency
        public let lines: [Line]
        /// Every category together, per month.
        public let months: [Money]

        public init(currency: Currency, lines: [Line], months: [Money]) {
            self.currency = currency
            self.lines = lines
            self.months = months
        }
    }

    public let period: Period
    /// The category asked for (its subcategories are the lines), or nil for all.
    public let category: String?
    public let sections: [Section]

    public var monthStarts: [CivilDate] { period.months.map { Period.month(year: 0, month: $0 + 1).from } }

    public static func compute(_ source: some TransactionSource, period: Period, category: String?, today: CivilDate,
                               base: Currency = .kzt) throws(MoneyError) -> TrendReport {
        let (first, last) = (period.firstDay, min(period.lastDay, today.daysSinceEpoch))
        let months = period.months
        let monthCount = months.count
        var slots = CurrencySlots()
        // Per currency, label-major: sums[label * monthCount + offset].
        var sums: [SumRow] = []
        var cache = MonthCache()
        source.forEachEntry { entry in
            guard entry.type == .expense, entry.days >= first, entry.days <= last else { return }
            let (slot, isNew) = slots.slot(entry.currency)
            if isNew { sums.append(SumRow()) }
            sums[slot].add(Int(entry.category) * monthCount + cache.month(ofDay: entry.days) - months.lowerBound, entry.amount)
        }
        var sections: [Section] = []
        for slot in slots.ordered(base: base) {
            let currency = slots.currencies[slot]
            let zero = Money(minorUnits: 0, currency: currency)
            var lines: [String?: [Money]] = [:]
            var all = Array(repeating: zero, count: monthCount)
            let labels = (sums[slot].count + monthCount - 1) / monthCount
            for label in 0..<labels {
                let slug = source.label(UInt32(label))
                let key: String?
                if let category {
                    guard let slug, slug == category || slug.hasPrefix(category + "/") else { continue }
                    key = slug
                } else {
                    key = slug.map { String($0.split(separator: "/", maxSplits: 1).first ?? Substring($0)) }
                }
                var line = lines[key] ?? Array(repeating: zero, count: monthCount)
                for offset in 0..<monthCount {
                    let amount = try sums[slot].money(label * monthCount + offset, currency)
                    line[offset] = try line[offset].adding(amount)
                    all[offset] = try all[offset].adding(amount)
                }
                lines[key] = line
            }
            var built: [Line] = []
            for (key, values) in lines {
                var total = zero
                for value in values { total = try total.adding(value) }
                if !total.isZero { built.append(Line(category: key, months: values, total: total)) }
            }
            guard !built.isEmpty else { continue }
            built.sort { a, b in
                if (a.category == nil) != (b.category == nil) { return b.category == nil }
                if a.total.minorUnits != b.total.minorUnits { return a.total.minorUnits > b.total.minorUnits }
                return (a.category ?? "") < (b.category ?? "")
            }
            sections.append(Section(currency: currency, lines: built, months: all))
        }
        return TrendReport(period: period, category: category, sections: sections)
    }
}
