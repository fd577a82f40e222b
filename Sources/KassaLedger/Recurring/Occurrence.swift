// Occurrence: what became of one date of a series — saved (with the transaction that paid it)
// or skipped (discarded when it was due, so it is not asked again). An ObjectRecord of kind
// "occurrence" keyed "SERIES DATE" ("3 2026-02-15"); a date without one is unsettled.

import KassaCore

public struct Occurrence: Sendable, Hashable {
    public static let kind = "occurrence"

    public enum Status: String, Sendable, Hashable {
        case saved, skipped
    }

    public var series: Int
    public var date: CivilDate
    public var status: Status
    /// The transaction that paid it (saved only).
    public var transaction: Int?

    public init(series: Int, date: CivilDate, status: Status, transaction: Int? = nil) {
        self.series = series
        self.date = date
        self.status = status
        self.transaction = transaction
    }

    public static func key(series: Int, date: CivilDate) -> String { String(series) + " " + date.iso }

    public var key: String { Occurrence.key(series: series, date: date) }

    public var record: ObjectRecord {
        var fields = [ObjectRecord.Field("status", status.rawValue)]
        if let transaction { fields.append(.init("transaction", String(transaction))) }
        return ObjectRecord(kind: Occurrence.kind, key: key, fields: fields)
    }

    public init?(record: ObjectRecord) {
        let parts = record.key.split(separator: " ")
        guard record.kind == Occurrence.kind, !record.removed, parts.count == 2, let series = Int(parts[0]),
              let date = CivilDate(iso: String(parts[1])),
              let status = record["status"].flatMap(Status.init(rawValue:)) else { return nil }
        self.init(series: series, date: date, status: status, transaction: record["transaction"].flatMap { Int($0) })
    }
}
