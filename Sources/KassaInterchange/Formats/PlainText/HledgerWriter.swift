// HledgerWriter: `kassa export --format hledger` — a journal `hledger check -s` accepts
// (commodities and accounts declared, DOMAIN.md §9). See PostingJournalWriter for the entries.

import KassaCore

public struct HledgerWriter: ExportWriter {
    var journal: PostingJournalWriter<PlainTextDialect>

    public init(inventory: ExportInventory, extras: JournalExtras = JournalExtras()) {
        journal = PostingJournalWriter(dialect: PlainTextDialect(tool: .hledger), inventory: inventory, extras: extras)
    }

    public mutating func begin(_ out: inout [UInt8]) { journal.begin(&out) }
    public mutating func append(_ transaction: Transaction, to out: inout [UInt8]) { journal.append(transaction, to: &out) }
}
