// Series: a recurring payment or income ("netflix 4990 every month") as the journal keeps it —
// an ObjectRecord of kind "series" keyed by its number. Text fields only: dates ISO, amounts as
// decimal strings with the currency's digits, lists comma-separated. What is due and what the
// series costs a month are computed from it (SeriesSchedule, DueOccurrences, MonthlyCost).

import KassaCore

public struct Series: Sendable, Hashable {
    public static let kind = "series"
    /// Reminder days a subscription gets unless told otherwise (DOMAIN.md §4 offers 1, 3, 7, 30).
    public static let subscriptionRemindDays = [3]

    public var id: Int
    public var note: String
    /// The amount from the start; later amounts are `changes`.
    public var amount: Money
    public var type: TransactionType
    public var category: String?
    public var account: String?
    public var toAccount: String?
    public var frequency: Recurrence
    public var interval: Int
    public var start: CivilDate
    public var status: SeriesStatus
    public var kind: SeriesKind
    public var remindDays: [Int]
    /// Due occurrences are saved without asking (for scripts and cron).
    public var autoSave: Bool
    /// Amounts from a date on, oldest first.
    public var changes: [AmountChange]
    /// After a pause, nothing before this date is due (the pause is not back-filled).
    public var resumedFrom: CivilDate?
    /// The loan (its account key) whose monthly payment this series is (LoanSeries); nil for others.
    public var loan: String?

    public init(id: Int, note: String, amount: Money, type: TransactionType = .expense, category: String? = nil,
                account: String? = nil, toAccount: String? = nil, frequency: Recurrence, interval: Int = 1,
                start: CivilDate, status: SeriesStatus = .active, kind: SeriesKind = .generic, remindDays: [Int]? = nil,
                autoSave: Bool = false, changes: [AmountChange] = [], resumedFrom: CivilDate? = nil,
                loan: String? = nil) {
        self.id = id
        self.note = note
        self.amount = amount
        self.type = type
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.frequency = frequency
        self.interval = max(1, interval)
        self.start = start
        self.status = status
        self.kind = kind
        self.remindDays = remindDays ?? (kind == .subscription ? Series.subscriptionRemindDays : [])
        self.autoSave = autoSave
        self.changes = changes
        self.resumedFrom = resumedFrom
        self.loan = loan
    }

    public var schedule: SeriesSchedule { SeriesSchedule(start: start, frequency: frequency, interval: interval) }

    /// The amount an occurrence on `date` has: the newest change from on or before it.
    public func amount(on date: CivilDate) -> Money {
        changes.last { $0.from <= date }?.amount ?? amount
    }

    /// The amount is `amount` from `date` on; occurrences before it keep theirs (the past is not
    /// rewritten). A change from the same date replaces the earlier one.
    public mutating func changeAmount(to amount: Money, from date: CivilDate) {
        changes.removeAll { $0.from == date }
        changes.append(AmountChange(from: date, amount: amount))
        changes.sort { $0.from < $1.from }
    }

    /// The earliest date an occurrence can be due: the start, or the resume date after a pause.
    public var firstDueDate: CivilDate {
        guard let resumedFrom, resumedFrom > start else { return start }
        return resumedFrom
    }

    /// The next date on or after `date` that is not before the first due date.
    public func next(onOrAfter date: CivilDate) -> CivilDate? {
        schedule.next(onOrAfter: max(date, firstDueDate))
    }

    // MARK: - Record

    public var record: ObjectRecord {
        var fields: [ObjectRecord.Field] = [
            .init("note", note),
            .init("amount", amount.decimalString),
            .init("currency", amount.currency.code),
            .init("type", type.rawValue),
            .init("frequency", frequency.rawValue),
            .init("interval", String(interval)),
            .init("start", start.iso),
            .init("status", status.rawValue),
            .init("kind", kind.rawValue),
            .init("remind", remindDays.map(String.init).joined(separator: ",")),
        ]
        if let category { fields.append(.init("category", category)) }
        if let account { fields.append(.init("account", account)) }
        if let toAccount { fields.append(.init("to", toAccount)) }
        if autoSave { fields.append(.init("auto", "yes")) }
        if !changes.isEmpty {
            fields.append(.init("changes", changes.map { $0.from.iso + ":" + $0.amount.decimalString }.joined(separator: ",")))
        }
        if let resumedFrom { fields.append(.init("resumed", resumedFrom.iso)) }
        if let loan { fields.append(.init("loan", loan)) }
        return ObjectRecord(kind: Series.kind, key: String(id), fields: fields)
    }

    /// A series read back; nil when the record is not one kassa can read (another version's).
    public init?(record: ObjectRecord) {
        guard record.kind == Series.kind, !record.removed, let id = Int(record.key),
              let code = record["currency"], let currency = Currency(code: code),
              let amountText = record["amount"], let amount = Money(decimal: amountText, currency: currency),
              let frequency = record["frequency"].flatMap(Recurrence.init(rawValue:)),
              let start = record["start"].flatMap(CivilDate.init(iso:)) else { return nil }
        var changes: [AmountChange] = []
        for item in (record["changes"] ?? "").split(separator: ",") {
            let parts = item.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let from = CivilDate(iso: String(parts[0])),
                  let changed = Money(decimal: String(parts[1]), currency: currency) else { return nil }
            changes.append(AmountChange(from: from, amount: changed))
        }
        self.init(
            id: id, note: record["note"] ?? "", amount: amount,
            type: record["type"].flatMap(TransactionType.init(rawValue:)) ?? .expense,
            category: record["category"], account: record["account"], toAccount: record["to"],
            frequency: frequency, interval: record["interval"].flatMap { Int($0) } ?? 1, start: start,
            status: record["status"].flatMap(SeriesStatus.init(rawValue:)) ?? .active,
            kind: record["kind"].flatMap(SeriesKind.init(rawValue:)) ?? .generic,
            remindDays: (record["remind"] ?? "").split(separator: ",").compactMap { Int($0) },
            autoSave: record["auto"] == "yes", changes: changes.sorted { $0.from < $1.from },
            resumedFrom: record["resumed"].flatMap(CivilDate.init(iso:)), loan: record["loan"])
    }
}
