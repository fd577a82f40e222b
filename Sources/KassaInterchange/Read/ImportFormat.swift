// ImportFormat: the formats `kassa import` reads, and how one is recognised when --format is
// not given: a backup starts with '{'; the app's CSV has its own header; a CSV has a header
// whose names the vocabulary knows (a date and an amount); a statement has rows starting with
// a dotted date; a journal has its own first lines (JournalFormat); anything else is tried as
// CSV (and its header reported if unknown).

public enum ImportFormat: String, CaseIterable, Sendable {
    case jsonl, csv, tenra, statement, hledger, ledger, beancount

    public static func detect(_ bytes: [UInt8], vocabulary: ImportVocabulary, rules: ImportRules?) -> ImportFormat {
        if BackupReader.looksLikeBackup(bytes) { return .jsonl }
        if rules?.fields != nil || rules?.hledger != nil { return .csv }
        if let journal = sniffJournal(bytes[...]) { return journal }
        let table = CSVTable(Array(bytes.prefix(1 << 16)), delimiter: rules?.separator)
        var header: [String] = []
        var skipped = 0
        table.forEachRow { _, cells in
            if skipped < rules?.skip ?? 0 { skipped += 1; return true }
            header = cells.map(table.text)
            return false
        }
        if TenraCSVReader.isHeader(header) { return .tenra }
        // A header with a date and an amount, on the first row or after a bank's preamble.
        if let found = BankHeader.find(table, vocabulary: vocabulary, skip: rules?.skip ?? 0), BankHeader.isUsable(found.columns) {
            return .csv
        }
        if StatementReader.looksLikeStatement(String(decoding: bytes.prefix(1 << 16), as: UTF8.self)) { return .statement }
        return .csv
    }
}
