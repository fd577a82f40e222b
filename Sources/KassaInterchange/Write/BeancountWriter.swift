// BeancountWriter: `kassa export --format beancount` — a file `bean-check` accepts: the
// operating currency, a commodity and an `open` for everything used (on the first date), names
// made beancount-safe (AccountNames), metadata keys in lower case. See PostingJournalWriter.

import KassaCore

public struct BeancountWriter: ExportWriter {
    var journal: PostingJournalWriter

    public init(inventory: ExportInventory, operatingCurrency: Currency, extras: JournalExtras = JournalExtras()) {
        journal = PostingJournalWriter(dialect: .beancount, inventory: inventory, operatingCurrency: operatingCurrency, extras: extras)
    }

    public mutating func begin(_ out: inout [UInt8]) { journal.begin(&out) }
    public mutating func append(_ transaction: Transaction, to out: inout [UInt8]) { journal.append(transaction, to: &out) }
}
