// Clearance: what the bank confirmed of the journal, stored as a journal object (kind "cleared")
// so it undoes with the import that made it and reaches every device like any other change.
// Two shapes: a match — one entry the person said that a bank row confirmed (key "#ID"; the
// row's date, amount and description kept: the description is the entry's bank note, and the
// row is known again when the same file comes back) — and a batch — the ids an import of a
// bank's file added (key "FIRST-LAST"), cleared because the bank said them.

public struct Clearance: Sendable, Hashable {
    public static let kind = "cleared"

    /// The bank row a match stands on.
    public struct BankRow: Sendable, Hashable {
        public var date: CivilDate
        /// What the account moved by, in its currency (never negative; the type says which way).
        public var amount: Money
        public var type: TransactionType
        /// The account the row is of (lower case, as the import named it).
        public var account: String
        /// The bank's description of the row ("STARBUCKS ALMATY"); may be empty.
        public var note: String

        public init(date: CivilDate, amount: Money, type: TransactionType, account: String, note: String) {
            self.date = date
            self.amount = amount
            self.type = type
            self.account = account
            self.note = note
        }

        /// The row of a bank file's transaction (its account and what it moved the account by).
        public init(_ t: Transaction) {
            self.init(date: t.date, amount: t.charged, type: t.type, account: (t.account ?? t.toAccount ?? "").lowercased(), note: t.note)
        }
    }

    public enum Subject: Sendable, Hashable {
        /// One entry the bank confirmed, and the row that did.
        case match(id: Int, row: BankRow)
        /// Transactions an import of a bank's file added, ids `first...last`.
        case batch(ClosedRange<Int>)
    }

    public var subject: Subject

    public init(_ subject: Subject) { self.subject = subject }

    public var record: ObjectRecord {
        switch subject {
        case .match(let id, let row):
            return ObjectRecord(kind: Self.kind, key: "#" + String(id), fields: [
                .init("date", row.date.iso), .init("amount", row.amount.decimalString),
                .init("currency", row.amount.currency.code), .init("type", row.type.rawValue),
                .init("account", row.account), .init("note", row.note),
            ])
        case .batch(let ids):
            return ObjectRecord(kind: Self.kind, key: String(ids.lowerBound) + "-" + String(ids.upperBound))
        }
    }

    /// The clearance a record holds; nil for a removal or a record this version cannot read.
    public init?(record: ObjectRecord) {
        guard record.kind == Self.kind, !record.removed else { return nil }
        let key = record.key
        if key.hasPrefix("#") {
            guard let id = Int(key.dropFirst()), id > 0,
                  let date = record["date"].flatMap(CivilDate.init(iso:)),
                  let currency = record["currency"].flatMap(Currency.init(code:)),
                  let amount = record["amount"].flatMap({ Money(decimal: $0, currency: currency) }), amount.minorUnits >= 0,
                  let type = record["type"].flatMap(TransactionType.init(rawValue:)) else { return nil }
            subject = .match(id: id, row: BankRow(date: date, amount: amount, type: type, account: record["account"] ?? "",
                                                  note: record["note"] ?? ""))
        } else {
            let parts = key.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first > 0, first <= last else { return nil }
            subject = .batch(first...last)
        }
    }
}
