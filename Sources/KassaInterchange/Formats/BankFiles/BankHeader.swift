// BankHeader: where a bank's CSV keeps its columns. The header is the first row whose names give
// a date and an amount (Kazakh and Russian banks put their name, the client and the period on
// lines before it); its names are looked up in the vocabulary (Grammars/*/session.rules,
// `column.*`: «Дата операции», «Сумма операции», «Приход», «Расход», «Описание», «Карта»,
// «Статус» …). A bank that gives the amount twice — in the operation's currency and in the
// account's («Сумма в валюте счёта», «Приход в валюте счета», T-Bank's «Сумма платежа») — is read
// in the account's (`column.account_amount`, `account_debit`, `account_credit`,
// `account_currency`): that is what moved the account's balance, and the operation's currency
// column then says nothing about it.

public enum BankHeader {
    /// Rows looked at for the header.
    static let searchedRows = 40

    public struct Found {
        public var line: Int
        public var names: [String]
        public var columns: [ImportColumn: Int]
        /// Rows before the header (skipped ones and the preamble).
        public var rowsBefore: Int
    }

    /// The header row after `skip` rows: the first usable one of the first rows, else the
    /// first row (its names shown when the file is refused); nil for an empty table.
    public static func find(_ table: CSVTable, vocabulary: ImportVocabulary, skip: Int) -> Found? {
        var first: Found?
        var usable: Found?
        var seen = 0
        table.forEachRow { line, cells in
            seen += 1
            if seen <= skip { return true }
            let names = cells.map { ImportVocabulary.normalizedHeader(table.text($0)) }
            let found = Found(line: line, names: names, columns: columns(names, vocabulary: vocabulary), rowsBefore: seen - 1)
            if first == nil { first = found }
            if isUsable(found.columns) {
                usable = found
                return false
            }
            return seen < skip + searchedRows
        }
        return usable ?? first
    }

    static func isUsable(_ columns: [ImportColumn: Int]) -> Bool {
        columns[.date] != nil && (columns[.amount] != nil || columns[.debit] != nil || columns[.credit] != nil)
    }

    /// Column → index for a header's normalized names (the first name of each column wins).
    public static func columns(_ names: [String], vocabulary: ImportVocabulary) -> [ImportColumn: Int] {
        var columns: [ImportColumn: Int] = [:]
        var inAccountCurrency: [ImportColumn: Int] = [:]
        for (index, name) in names.enumerated() {
            let mapped = vocabulary.column(name) ?? name
            if mapped.hasPrefix("account_"), let column = ImportColumn(rawValue: String(mapped.dropFirst(8))) {
                if inAccountCurrency[column] == nil { inAccountCurrency[column] = index }
                continue
            }
            guard let column = ImportColumn(rawValue: mapped), columns[column] == nil else { continue }
            columns[column] = index
        }
        let amounts: [ImportColumn] = [.amount, .debit, .credit]
        if amounts.contains(where: { inAccountCurrency[$0] != nil }) {
            for column in amounts { columns[column] = inAccountCurrency[column] }
            columns[.currency] = inAccountCurrency[.currency]
        }
        return columns
    }
}
