// Duplicates: what of an import is already in the journal. Two transactions are the same when
// their fingerprints are — date, amount, currency, account and note (trimmed, lower case) —
// and each one in the journal answers for one incoming row only, so importing a file twice
// adds nothing the second time while two identical rows of one day in one file are both kept.
// A backup's transactions match by the same fingerprint, so a restored id is never doubled.

import KassaCore

public struct Fingerprint: Hashable, Sendable {
    let days: Int
    let minor: Int64
    let currency: Currency
    let account: String
    let note: String

    public init(_ t: Transaction) {
        days = t.date.daysSinceEpoch
        minor = t.amount.minorUnits
        currency = t.amount.currency
        account = (t.account ?? "").lowercased()
        note = t.note.trimmingCharacters().lowercased()
    }
}

public enum Duplicates {
    /// `incoming` without the rows `existing` already holds, and how many were left out.
    public static func remove(from incoming: [Transaction], existing: some Sequence<Transaction>) -> (kept: [Transaction], skipped: Int) {
        var counts: [Fingerprint: Int] = [:]
        for transaction in existing { counts[Fingerprint(transaction), default: 0] += 1 }
        guard !counts.isEmpty else { return (incoming, 0) }
        var kept: [Transaction] = []
        kept.reserveCapacity(incoming.count)
        var skipped = 0
        for transaction in incoming {
            let key = Fingerprint(transaction)
            if let count = counts[key], count > 0 {
                counts[key] = count - 1
                skipped += 1
            } else {
                kept.append(transaction)
            }
        }
        return (kept, skipped)
    }

    /// The dates an import spans: only journal transactions in it can be duplicates.
    public static func span(_ transactions: [Transaction]) -> ClosedRange<CivilDate>? {
        guard var low = transactions.first?.date else { return nil }
        var high = low
        for t in transactions {
            if t.date < low { low = t.date }
            if t.date > high { high = t.date }
        }
        return low...high
    }
}
