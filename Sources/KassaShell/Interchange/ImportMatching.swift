// ImportMatching: a bank's file meeting the entries the person said, row by row, while
// `kassa import` reads it (DESIGN.md §10). A row a match of an earlier import already stands on
// is the journal's (nothing added again); a row that confirms one entry (BankMatcher) clears it
// — the row's description its bank note, a purchase said in another currency given what the
// account was charged — instead of being added; a row with two equally good entries waits for
// the person (asked on a terminal between the passes, listed in a script) and is not added;
// every other row is new. What it decided becomes the import's objects and edits (ImportExtras),
// so one undo takes the matches back with the rows.

import KassaCore
import KassaLedger
import KassaStore

final class ImportMatching {
    struct Match {
        let id: Int
        let row: Clearance.BankRow
        let charged: Money?
    }

    struct Undecided {
        /// The row's place among the rows that reached matching (the same in both passes).
        let ordinal: Int
        let row: Transaction
        let candidates: [Transaction]
    }

    private let cleared: ClearedSet
    private let convert: (Money, Currency, CivilDate) -> Money?
    /// Rows matched by earlier imports, each answering for one row of this file.
    private var earlier: [RowKey: Int] = [:]
    /// Entries a row of this file matched (or is offered to the person for).
    private var taken: Set<Int> = []
    /// The journal's live transactions of the days looked at.
    private var days: [Int: [Transaction]] = [:]
    private var ordinal = 0
    /// The person's answers for undecided rows, by ordinal: an entry's id, or 0 for a new row.
    var choices: [Int: Int] = [:]
    private(set) var matched: [Match] = []
    private(set) var undecided: [Undecided] = []
    /// Rows an earlier import matched already.
    private(set) var already = 0
    /// Each account's first and last day in the file (lower-cased names).
    private(set) var period: [String: ClosedRange<CivilDate>] = [:]

    init(cleared: ClearedSet, convert: @escaping (Money, Currency, CivilDate) -> Money?) {
        self.cleared = cleared
        self.convert = convert
        for row in cleared.matches.values { earlier[RowKey(row), default: 0] += 1 }
    }

    /// Counts `row`'s day in its account's period (every row of the file, the ones already in
    /// the journal too).
    func cover(_ row: Transaction) {
        guard let account = row.account?.lowercased() ?? row.toAccount?.lowercased() else { return }
        period[account] = period[account].map { min($0.lowerBound, row.date)...max($0.upperBound, row.date) } ?? row.date...row.date
    }

    /// Whether `row` belongs to the journal already or waits for the person (then it is not
    /// added); false: it is new.
    func take(_ row: Transaction, existing: (CivilDate) -> [Transaction]) -> Bool {
        guard row.account != nil || row.toAccount != nil else { return false }
        let key = RowKey(Clearance.BankRow(row))
        if let count = earlier[key], count > 0 {
            earlier[key] = count - 1
            already += 1
            return true
        }
        ordinal += 1
        var candidates: [Transaction] = []
        for offset in -BankMatcher.window...BankMatcher.window {
            let day = row.date.adding(days: offset)
            let list = days[day.daysSinceEpoch] ?? existing(day)
            days[day.daysSinceEpoch] = list
            candidates += list.filter { !taken.contains($0.id) && !cleared.isCleared($0.id) }
        }
        var outcome = BankMatcher.match(row, candidates: candidates, convert: convert)
        if case .ambiguous = outcome, let choice = choices[ordinal] {
            outcome = choice == 0 ? .none : BankMatcher.match(row, candidates: candidates.filter { $0.id == choice }, convert: convert)
        }
        switch outcome {
        case .matched(let id, let charged):
            taken.insert(id)
            matched.append(Match(id: id, row: Clearance.BankRow(row), charged: charged))
            return true
        case .ambiguous(let ids):
            ids.forEach { taken.insert($0) }
            undecided.append(Undecided(ordinal: ordinal, row: row, candidates: candidates.filter { ids.contains($0.id) }))
            return true
        case .none:
            return false
        }
    }

    /// Matching against `journal`: its cleared entries, its rates against `base` (a purchase said
    /// in another currency is known by them when its words do not name the merchant).
    convenience init(journal: Journal, base: Currency) {
        let rates = journal.rateTable(base: base)
        self.init(cleared: ClearedSet(journal.objects(Clearance.kind))) { money, target, date in
            try? rates.convert(money, to: target, on: date)
        }
    }

    /// What the import says of the matching.
    /// `asking`: the rows that wait are about to be asked, not listed.
    func output(imported: Int, unmatched: [Transaction], dryRun: Bool, asking: Bool = false) -> ImportMatchOutput {
        ImportMatchOutput(imported: imported, matched: matched.count, already: already, unmatched: unmatched,
                          undecided: asking ? [] : undecided, dryRun: dryRun)
    }

    /// The clearances and charged amounts to write with the import.
    var objects: [ObjectRecord] { matched.map { Clearance(.match(id: $0.id, row: $0.row)).record } }

    var edits: [(id: Int, patch: TransactionPatch)] {
        matched.compactMap { match in match.charged.map { (match.id, TransactionPatch(amounts: [.chargedAmount: $0])) } }
    }

    /// The entries of the file's accounts and days the file did not confirm: not cleared, not
    /// matched or offered now, by id (the journal as it is before the import writes).
    func unmatched(in journal: Journal) -> [Transaction] {
        var out: [Transaction] = []
        for (account, days) in period.sorted(by: { $0.key < $1.key }) {
            out += journal.query(TransactionFilter(from: days.lowerBound, to: days.upperBound, account: account))
                .filter { !taken.contains($0.id) && !cleared.isCleared($0.id) }
        }
        return out.sorted { $0.id < $1.id }
    }

    /// A bank row as an earlier match kept it: what is compared to know it again.
    private struct RowKey: Hashable {
        let days: Int, type: TransactionType, minor: Int64, currency: Currency, account: String, note: String

        init(_ row: Clearance.BankRow) {
            days = row.date.daysSinceEpoch
            type = row.type
            minor = row.amount.minorUnits
            currency = row.amount.currency
            account = row.account
            note = row.note.lowercased()
        }
    }
}
