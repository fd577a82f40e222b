// ImportTally: what `kassa import` learns while a file streams through it into the journal's
// import sink — the rows read, those skipped as already in the journal (DuplicateFilter against
// the sink's live transactions of each day), counts per type and account, the first rows as
// drafts, the totals of every row — and the preview events made from it. Holds counts, never
// the transactions.

import KassaCore
import KassaInterchange
import KassaStore

final class ImportTally {
    /// Accounts, lessons, bad rows, unknown categories, how dates were read (no transactions).
    var records = ImportRecords()
    /// Rows read (kept and skipped).
    private(set) var total = 0
    private(set) var kept = 0
    private(set) var skipped = 0
    /// Kept rows by type: expense, income, transfer.
    private var types = [0, 0, 0]
    private var accounts: [String: Int] = [:]
    private var recentNames: [String] = []
    private var recentCounts: [Int] = []
    private var firstRows: [Transaction] = []
    /// The totals per currency of every row kept (read the careful way: what a preview shows).
    private var totals = ListingStream.Totals()
    private var duplicates = DuplicateFilter()
    private let allowDuplicates: Bool
    /// A bank's file meeting the person's entries (ImportMatching); nil for other files.
    var matching: ImportMatching?
    /// Every row kept is cleared (a bank's file: the bank said them).
    var clearsEveryRow = false
    /// Runs of kept rows the file marks cleared (a journal's status), by their place among the kept.
    private var clearedRuns: [ClosedRange<Int>] = []

    /// The journal's account aliases, lower-cased → the account's name: a row naming "Kaspi
    /// Gold" lands in the account it is an alias of.
    var aliases: [String: String] = [:]

    /// Each account's spelling, lower-cased → as first given (the journal's, then the file's):
    /// "CASH" in a file whose journal has "cash" is "cash".
    var spellings: [String: String] = [:]

    init(allowDuplicates: Bool, aliases: [String: String] = [:], spellings: [String: String] = [:]) {
        self.allowDuplicates = allowDuplicates
        self.aliases = aliases
        self.spellings = spellings
    }

    /// The spelling an account name takes: the one first given for it.
    private func spelled(_ name: String) -> String {
        let key = name.lowercased()
        if let known = aliases[key] ?? spellings[key] { return known }
        spellings[key] = name
        return name
    }

    /// The journal's aliases of its accounts (those that are not the name itself).
    static func aliases(of accounts: [Account]) -> [String: String] {
        var map: [String: String] = [:]
        for account in accounts {
            for alias in account.aliases where alias.lowercased() != account.name.lowercased() {
                map[alias.lowercased()] = account.name
            }
        }
        return map
    }

    /// The clearances of the kept rows, once their ids are known (ImportExtras.objectsForIDs).
    var clearances: (@Sendable (ClosedRange<Int>) -> [ObjectRecord])? {
        if clearsEveryRow { return { [Clearance(.batch($0)).record] } }
        guard !clearedRuns.isEmpty else { return nil }
        let runs = clearedRuns
        return { ids in runs.map { Clearance(.batch((ids.lowerBound + $0.lowerBound)...(ids.lowerBound + $0.upperBound))).record } }
    }

    /// One row of the file: skipped when the journal has it, else counted and given to the sink.
    /// `cleared`: the file marks it so.
    func take(_ row: Transaction, cleared: Bool = false, into sink: ImportSink) throws {
        var t = row
        t.account = t.account.map(spelled)
        t.toAccount = t.toAccount.map(spelled)
        total += 1
        matching?.cover(t)
        if !allowDuplicates, !sink.journalIsEmpty, duplicates.isDuplicate(t, existing: sink.existing(on:)) {
            skipped += 1
            return
        }
        // A row that confirms an entry (or waits for the person to say which) is not added.
        if let matching, !sink.journalIsEmpty, matching.take(t, existing: sink.existing(on:)) { return }
        try sink.add(t)
        if cleared {
            if let last = clearedRuns.last, last.upperBound == kept - 1 {
                clearedRuns[clearedRuns.count - 1] = last.lowerBound...kept
            } else {
                clearedRuns.append(kept...kept)
            }
        }
        kept += 1
        types[t.type == .expense ? 0 : t.type == .income ? 1 : 2] += 1
        count(account: t.account ?? "—")
        if let to = t.toAccount { count(account: to) }
        if firstRows.count < 5 { firstRows.append(t) }
        totals.add(t)
    }

    /// Whether rows may come already encoded (`take(_ row:)`): when written, and nothing needs
    /// their whole transaction to be found in the journal (duplicates allowed, or none there).
    func takesEncodedRows(_ sink: ImportSink) -> Bool {
        // Rows naming an account by its alias are renamed one by one; a bank's rows are met
        // with the journal's entries one by one.
        sink.writes && !sink.skipsExisting && (allowDuplicates || sink.journalIsEmpty) && aliases.isEmpty
            && (matching == nil || sink.journalIsEmpty)
    }

    /// Rows a reader encoded itself (a backup's or a CSV's), a run at a time (only when
    /// `takesEncodedRows`): its ids and bytes go to the sink in one go; the whole transaction is
    /// made only for the first rows shown. Their types and accounts come counted apart
    /// (`count(_:)`).
    func take(_ run: some EncodedRows, into sink: ImportSink) throws {
        total += run.count
        try sink.add(ids: run.ids, records: run.records)
        kept += run.count
        var k = 0
        while firstRows.count < 5, k < run.count {
            firstRows.append(run.transaction(k))
            k += 1
        }
    }

    /// What the reader counted of the runs it handed on.
    func count(_ counts: RowCounts) {
        types[0] += counts.expense
        types[1] += counts.income
        types[2] += counts.transfer
        for (name, n) in counts.accounts { count(account: name ?? "—", n) }
    }

    /// Counts a row's account. A file names a few accounts, their Strings shared by the rows
    /// (the readers make each label once): the last few are kept with their counts and compared
    /// before hashing, which a million rows showed in profiles.
    private func count(account: String, _ n: Int = 1) {
        for k in 0..<recentNames.count where recentNames[k] == account {
            recentCounts[k] += n
            return
        }
        if recentNames.count < 8 {
            recentNames.append(account)
            recentCounts.append(n)
        } else {
            accounts[account, default: 0] += n
        }
    }

    /// All the account counts: the recent ones folded into the rest.
    private var accountCounts: [String: Int] {
        var all = accounts
        for (name, count) in zip(recentNames, recentCounts) { all[name, default: 0] += count }
        return all
    }

    /// Counts per type and account, what will be created, duplicates, guesses; the first rows.
    /// `json`: the rows as a listing (one TRANSACTION per line on the command line) and a notice
    /// of how many there are in all; else as ImportPreviewRows.
    func preview(path: String, format: InterchangeFormat, nextID: Int, newAccounts: [Account], showRows: Bool,
                 json: Bool = false) -> [SessionEvent] {
        var events: [SessionEvent] = [.notice(key: "import.preview", arguments: ["format": format.name, "path": path],
                                              count: total)]
        events.append(.notice(key: "import.preview.types", arguments: [
            "expense": String(types[0]), "income": String(types[1]), "transfer": String(types[2]),
        ], count: nil))
        for (account, count) in accountCounts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }).prefix(12) {
            events.append(.notice(key: "import.preview.account", arguments: ["account": account], count: count))
        }
        if !newAccounts.isEmpty {
            events.append(.notice(key: "import.preview.new-accounts", arguments: [
                "accounts": newAccounts.map { $0.name + ($0.currency.map { " (" + $0.code + ")" } ?? "") }.joined(separator: ", "),
            ], count: newAccounts.count))
        }
        if !records.lessons.isEmpty { events.append(.notice(key: "import.preview.lessons", arguments: [:], count: records.lessons.count)) }
        if skipped > 0 { events.append(.notice(key: "import.duplicates", arguments: [:], count: skipped)) }
        if records.zeroRows > 0 { events.append(.notice(key: "import.zero-rows", arguments: [:], count: records.zeroRows)) }
        events += skippedEvents(listed: showRows)
        if !records.unknownCategories.isEmpty {
            events.append(.notice(key: "import.unknown-categories", arguments: [
                "names": records.unknownCategories.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(10).map(\.key).joined(separator: ", "),
            ], count: records.unknownCategories.count))
        }
        if showRows, !firstRows.isEmpty {
            // Drafts have no id yet: show the ones they would get.
            let rows = firstRows.enumerated().map { k, t in
                var row = t
                if row.id == 0 { row.id = nextID + k }
                return row
            }
            if json {
                events.append(.listing(TransactionListing(rows)))
                if kept > rows.count { events.append(.notice(key: "import.preview.more", arguments: [:], count: kept - rows.count)) }
            } else {
                events.append(.output(ImportPreviewRows(rows: rows, count: kept, totals: totals)))
            }
        }
        return events
    }

    /// Rows of failed operations and cards that differ from --account, counted; with `listed`
    /// (a dry run, a terminal's preview) every skipped row with its line.
    private func skippedEvents(listed: Bool) -> [SessionEvent] {
        var events: [SessionEvent] = []
        let failed = records.skippedRows.filter { $0.reason == "status" }.count
        if failed > 0 { events.append(.notice(key: "import.status-rows", arguments: [:], count: failed)) }
        if !records.cardsDiffering.isEmpty {
            let cards = records.cardsDiffering.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            events.append(.notice(key: "import.card-differs", arguments: ["cards": cards.prefix(5).map(\.key).joined(separator: ", ")],
                                  count: cards.reduce(0) { $0 + $1.value }))
        }
        if listed {
            for row in records.skippedRows {
                events.append(.notice(key: "import.skipped-row." + row.reason, arguments: ["line": String(row.line), "detail": row.detail],
                                      count: nil))
            }
        }
        return events
    }
}
