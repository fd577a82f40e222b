// Budget: a spending limit on one expense category (a parent counts its subcategories) for a
// week, a month from a reset day, or a year, optionally rolling each period's leftover or
// overspend into the next (DOMAIN.md §3; the app has no rollover, Actual Budget does). Stored as
// a journal object (kind "budget", key the category slug), so budgets undo and are shared by
// sessions; the fields are written in a fixed order for deterministic records.

import KassaCore

public struct Budget: Sendable, Hashable {
    public enum Frequency: String, Sendable, CaseIterable {
        case weekly, monthly, yearly
    }

    /// The category slug ("food", "food/coffee").
    public var category: String
    /// The limit per period; its currency is the budget's currency (spent is converted to it).
    public var limit: Money
    public var frequency: Frequency
    /// The day of the month a monthly budget starts its period (1...31, clamped in short months).
    public var resetDay: Int
    /// Each earlier period's leftover (or overspend) is carried into the next.
    public var rollover: Bool
    /// The first day of the first period counted (rollover counts periods from here).
    public var since: CivilDate

    public static let kind = "budget"

    public init(category: String, limit: Money, frequency: Frequency = .monthly, resetDay: Int = 1,
                rollover: Bool = false, since: CivilDate) {
        self.category = category
        self.limit = limit
        self.frequency = frequency
        self.resetDay = min(31, max(1, resetDay))
        self.rollover = rollover
        self.since = since
    }

    /// Whether an expense filed under `slug` counts: the category itself or one beneath it.
    public func covers(_ slug: String) -> Bool {
        slug == category || (slug.count > category.count && slug.hasPrefix(category)
            && slug.utf8[slug.utf8.index(slug.utf8.startIndex, offsetBy: category.utf8.count)] == UInt8(ascii: "/"))
    }

    public var record: ObjectRecord {
        ObjectRecord(kind: Self.kind, key: category, fields: [
            .init("limit", limit.decimalString), .init("currency", limit.currency.code),
            .init("period", frequency.rawValue), .init("reset-day", String(resetDay)),
            .init("rollover", rollover ? "yes" : "no"), .init("since", since.iso),
        ])
    }

    public init?(record: ObjectRecord) {
        guard record.kind == Self.kind, !record.removed, !record.key.isEmpty,
              let currency = record["currency"].flatMap(Currency.init(code:)),
              let limit = record["limit"].flatMap({ Money(decimal: $0, currency: currency) }), limit.minorUnits > 0,
              let frequency = record["period"].flatMap(Frequency.init(rawValue:)),
              let since = record["since"].flatMap(CivilDate.init(iso:)) else { return nil }
        let resetDay = record["reset-day"].flatMap { Int($0) } ?? 1
        guard (1...31).contains(resetDay) else { return nil }
        self.init(category: record.key, limit: limit, frequency: frequency, resetDay: resetDay,
                  rollover: record["rollover"] == "yes", since: since)
    }
}
