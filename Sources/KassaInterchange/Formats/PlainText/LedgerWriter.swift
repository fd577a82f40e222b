// LedgerWriter: `kassa export --format ledger` — a journal `ledger --strict bal` and `ledger
// --pedantic bal` accept: commodities, accounts and the metadata tags declared (DOMAIN.md §9).
// See PostingJournalWriter for the entries. kassa-bench times `ledger bal` on its output.

import KassaCore

public struct LedgerWriter: ExportWriter {
    var journal: PostingJournalWriter<PlainTextDialect>

    public init(inventory: ExportInventory, extras: JournalExtras = JournalExtras()) {
        journal = PostingJournalWriter(dialect: PlainTextDialect(tool: .ledger), inventory: inventory, extras: extras)
    }

    public mutating func begin(_ out: inout [UInt8]) { journal.begin(&out) }
    public mutating func append(_ transaction: Transaction, to out: inout [UInt8]) { journal.append(transaction, to: &out) }

    /// A whole journal of transactions in memory, declarations included.
    public static func journal(_ transactions: [Transaction]) -> String {
        var writer = LedgerWriter(inventory: .collect(transactions))
        return writer.text(transactions)
    }
}
