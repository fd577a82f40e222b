// AccountProfile: what kassa knows about an account beyond its name, aliases and currency — its
// kind, opening balance, whether it is archived, a deposit's rate history, capitalisation and
// posting day, a loan's payment and term. Kept as an ObjectRecord of kind "account" keyed by the
// lower-cased account name, so it undoes and is shared by sessions like everything else.

import KassaCore

public struct AccountProfile: Sendable, Hashable {
    public static let recordKind = "account"

    /// One step of a deposit's (or loan's) rate history: `rate` applies from `from` on.
    public struct RateChange: Sendable, Hashable {
        public var from: CivilDate
        public var rate: Percent
        public init(from: CivilDate, rate: Percent) {
            self.from = from
            self.rate = rate
        }
    }

    /// The account's name as written (the record's key is its lower-cased form).
    public var name: String
    public var kind: AccountKind
    /// The balance the account had on `openingDate` before any transaction kassa holds.
    public var opening: Money?
    public var openingDate: CivilDate?
    /// Hidden from `:accounts` and refusing new entries; its history stays.
    public var archived: Bool
    /// Sorted by date; the last one on or before a day is that day's rate.
    public var rates: [RateChange]
    /// Deposit: posted interest earns interest too.
    public var capitalize: Bool
    /// Deposit: the day of the month interest is posted (clamped to short months); nil: the
    /// opening date's day.
    public var postingDay: Int?
    /// Loan: the monthly payment (given, or by the annuity formula from the principal, rate and term).
    public var payment: Money?
    /// Loan: the term in months.
    public var term: Int?

    public init(name: String, kind: AccountKind = .cash, opening: Money? = nil, openingDate: CivilDate? = nil,
                archived: Bool = false, rates: [RateChange] = [], capitalize: Bool = false, postingDay: Int? = nil,
                payment: Money? = nil, term: Int? = nil) {
        self.name = name
        self.kind = kind
        self.opening = opening
        self.openingDate = openingDate
        self.archived = archived
        self.rates = rates
        self.capitalize = capitalize
        self.postingDay = postingDay
        self.payment = payment
        self.term = term
    }

    public static func key(_ name: String) -> String { name.lowercased() }

    /// The rate in effect on `date` (nil before the first).
    public func rate(on date: CivilDate) -> Percent? {
        rates.last { $0.from <= date }?.rate
    }

    /// Adds a rate from `date` on, replacing one from the same date.
    public mutating func setRate(_ rate: Percent, from date: CivilDate) {
        rates.removeAll { $0.from == date }
        rates.append(RateChange(from: date, rate: rate))
        rates.sort { $0.from < $1.from }
    }

    // MARK: - As a journal record

    /// Reads a record of kind "account"; nil for another kind, a removal or an unknown kind word.
    public init?(record: ObjectRecord) {
        guard record.kind == AccountProfile.recordKind, !record.removed,
              let kind = AccountKind(rawValue: record["kind"] ?? AccountKind.cash.rawValue) else { return nil }
        self.init(name: record["name"] ?? record.key, kind: kind)
        if let text = record["opening"], let code = record["currency"], let currency = Currency(code: code) {
            opening = Money(decimal: text, currency: currency)
        }
        openingDate = record["opening-date"].flatMap(CivilDate.init(iso:))
        archived = record["archived"] == "1"
        for item in (record["rates"] ?? "").split(separator: " ") {
            let parts = item.split(separator: ":")
            if parts.count == 2, let date = CivilDate(iso: String(parts[0])), let rate = Percent(text: String(parts[1])) {
                setRate(rate, from: date)
            }
        }
        capitalize = record["capitalize"] == "1"
        postingDay = record["posting-day"].flatMap { Int($0) }.flatMap { (1...31).contains($0) ? $0 : nil }
        if let text = record["payment"], let code = record["payment-currency"], let currency = Currency(code: code) {
            payment = Money(decimal: text, currency: currency)
        }
        term = record["term"].flatMap { Int($0) }
    }

    /// The record to write; fields in a fixed order, absent values left out.
    public var record: ObjectRecord {
        var record = ObjectRecord(kind: AccountProfile.recordKind, key: AccountProfile.key(name))
        record.set("name", name)
        record.set("kind", kind.rawValue)
        record.set("opening", opening?.decimalString)
        record.set("currency", opening?.currency.code)
        record.set("opening-date", openingDate?.iso)
        record.set("archived", archived ? "1" : nil)
        record.set("rates", rates.isEmpty ? nil : rates.map { $0.from.iso + ":" + $0.rate.text }.joined(separator: " "))
        record.set("capitalize", capitalize ? "1" : nil)
        record.set("posting-day", postingDay.map(String.init))
        record.set("payment", payment?.decimalString)
        record.set("payment-currency", payment?.currency.code)
        record.set("term", term.map(String.init))
        return record
    }

    /// The removal of this account's profile (`:account remove`, a rename's old key).
    public static func removal(_ name: String) -> ObjectRecord {
        ObjectRecord(kind: recordKind, key: key(name), removed: true)
    }
}
