// Duplicates: what of an import is already in the journal. Two transactions are the same when
// their fingerprints are — date, type, amount, currency, account and note (trimmed, lower case;
// the type, so a +1,500 refund is not taken for the −1,500 purchase it undoes) —
// and each one in the journal answers for one incoming row only, so importing a file twice
// adds nothing the second time while two identical rows of one day in one file are both kept.
// A backup's transactions match by the same fingerprint, so a restored id is never doubled.

import KassaCore

public struct Fingerprint: Hashable, Sendable {
    let days: Int
    let type: TransactionType
    let minor: Int64
    let currency: Currency
    let account: String
    let note: String

    public init(_ t: Transaction) {
        days = t.date.daysSinceEpoch
        type = t.type
        minor = t.amount.minorUnits
        currency = t.amount.currency
        account = (t.account ?? "").lowercased()
        note = t.note.trimmingCharacters().lowercased()
    }
}

public enum Duplicates {
    /// `incoming` without the rows `existing` already holds, and how many were left out.
    public static func remove(from incoming: [Transaction], existing: [Transaction]) -> (kept: [Transaction], skipped: Int) {
        var filter = DuplicateFilter()
        let byDay = Dictionary(grouping: existing) { $0.date }
        let kept = incoming.filter { !filter.isDuplicate($0) { byDay[$0] ?? [] } }
        return (kept, incoming.count - kept.count)
    }
}

/// The same rule row by row, for an import that streams: the journal's transactions of a day are
/// asked for (`existing`) the first time a row of that day comes, so only the days the file
/// touches are ever looked at, and an empty journal costs one set insertion a row.
public struct DuplicateFilter {
    private var counts: [Fingerprint: Int] = [:]
    private var looked: Set<Int> = []

    public init() {}

    /// Whether `t` is already there (and then it uses up the one it matched).
    public mutating func isDuplicate(_ t: Transaction, existing: (CivilDate) -> [Transaction]) -> Bool {
        if looked.insert(t.date.daysSinceEpoch).inserted {
            for transaction in existing(t.date) { counts[Fingerprint(transaction), default: 0] += 1 }
        }
        guard !counts.isEmpty else { return false }
        let key = Fingerprint(t)
        guard let count = counts[key], count > 0 else { return false }
        counts[key] = count - 1
        return true
    }
}
