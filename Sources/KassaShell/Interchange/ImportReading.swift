// ImportReading: one file going through its format's reader (InterchangeFormat.Reading) into the
// journal's import sink. A backup streams line by line from the input (nothing of it kept); the
// table formats (a bank's CSV, the app's CSV, statement text) and journals (their includes read
// through JournalIncludeFiles) are read whole once — a quoted cell may hold a newline — and
// their rows handed on. Kept between the two passes of a terminal import: a second pass reopens
// a backup, and reuses a table already in memory (let go once the pass that writes has read it).

import KassaCore
import KassaInterchange
import KassaStore

struct ImportReading {
    private var input: ImportInput
    let format: InterchangeFormat
    let vocabulary: ImportVocabulary
    let rules: ImportRules
    var defaults: ImportDefaults
    /// The table formats' bytes, read on first use.
    private var bytes: [UInt8]?
    /// A journal's real path and how its `include`s are read (JournalIncludeFiles); nil from stdin.
    var journalFiles: (key: String, include: JournalIncluder)?
    /// The day/month order the last CSV pass used (given, or decided by the file's rows).
    private(set) var settledDateOrder: DateText.Order?

    init(input: ImportInput, format: InterchangeFormat, vocabulary: ImportVocabulary, rules: ImportRules, defaults: ImportDefaults) {
        self.input = input
        self.format = format
        self.vocabulary = vocabulary
        self.rules = rules
        self.defaults = defaults
    }

    /// A fresh input for another pass (a backup is streamed again; a table is kept).
    mutating func restart(_ again: ImportInput) {
        if case .backup? = format.reading { input = again }
    }

    private mutating func table() -> [UInt8] {
        if let bytes { return bytes }
        let read = input.readAll()
        bytes = read
        return read
    }

    /// For a CSV whose slash dates nothing decides (and no order given): one such date.
    mutating func undecidedDate() throws -> String? {
        guard case .bankCSV? = format.reading, defaults.dateOrder == nil, rules.dateOrder == nil, rules.hledger == nil else { return nil }
        return CSVReader.undecidedDate(table(), vocabulary: vocabulary, rules: rules)
    }

    /// Reads every row into `tally` (which hands the kept ones to `sink`).
    mutating func read(into sink: ImportSink, tally: ImportTally) throws {
        // A pass that writes is the last: the table's bytes are let go before the journal is
        // written, which needs its own memory (a million-row file is a hundred megabytes).
        defer { if sink.writes { bytes = nil } }
        switch format.reading {
        case nil:
            return
        case .backup?:
            // When rows are written and nothing needs their whole transaction, each is encoded for
            // the journal straight from its line's bytes on the thread that decoded it, and they
            // come in runs, counted by those threads.
            guard tally.takesEncodedRows(sink) else {
                try BackupReader.read(input, into: &tally.records, split: TwoThreads.run) { try tally.take($0, into: sink) }
                return
            }
            try BackupReader.read(input, into: &tally.records, split: TwoThreads.run, encode: ImportReading.encode,
                                  rows: { try tally.take($0, into: sink) }, counts: { tally.count($0) },
                                  transaction: { try tally.take($0, into: sink) })
            return
        case .bankCSV? where rules.hledger != nil:
            // hledger's CSV rules: read whole (a bank file), handed on below.
            tally.records = HledgerCSVReader.read(table(), rules: rules.hledger!, vocabulary: vocabulary, defaults: defaults)
        case .bankCSV?:
            // Rows stream on as they are read: the table's transactions are never all held. As a
            // backup's: when nothing needs their whole transaction, the rows are read on both
            // threads, each encoded for the journal from the table's bytes, handed on in runs.
            let bytes = table()
            if tally.takesEncodedRows(sink) {
                tally.records = try CSVReader.read(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults,
                                                   split: TwoThreads.run, encode: ImportReading.encode,
                                                   rows: { try tally.take($0, into: sink) }, counts: { tally.count($0) },
                                                   transaction: { try tally.take($0, into: sink) })
            } else {
                tally.records = try CSVReader.read(bytes, vocabulary: vocabulary, rules: rules, defaults: defaults,
                                                   split: TwoThreads.run) {
                    try tally.take($0, into: sink)
                }
            }
            settledDateOrder = tally.records.dateOrder ?? rules.dateOrder ?? defaults.dateOrder
            return
        case .table(let read)?:
            tally.records = read(table(), vocabulary, defaults)
        case .journal?:
            tally.records = try format.readJournal(table(), vocabulary: vocabulary, key: journalFiles?.key ?? "",
                                                   include: journalFiles?.include, year: defaults.year, currency: defaults.currency)
        }
        let rows = tally.records.transactions, cleared = tally.records.cleared
        tally.records.transactions = []
        for (k, t) in rows.enumerated() { try tally.take(t, cleared: cleared.contains(k), into: sink) }
    }

    /// A row a reader read fast, encoded for the journal from the file's bytes on the thread
    /// that read it.
    private static func encode(_ row: BackupRow, _ out: inout ByteCursor) {
        ImportSink.encode(id: row.id, type: row.type, amount: row.amount, date: row.date, time: row.time,
                          category: row.categoryBytes, account: row.accountBytes, toAccount: row.toAccountBytes,
                          recurrence: row.recurrence, note: row.note, input: row.input, to: &out)
    }
}
