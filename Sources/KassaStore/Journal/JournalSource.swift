// JournalSource: the live transactions of a journal that match a filter, as a TransactionSource
// for domain logic (KassaLedger): rows read straight from the compact table, no Transaction made.

import KassaCore

/// The live transactions of a journal that match a filter.
public struct JournalSource: TransactionSource {
    let journal: Journal
    let indices: [Int32]

    public func forEachEntry(_ body: (LedgerEntry) -> Void) {
        let entries = journal.state.entries
        let currencies = journal.state.currencies
        let exchanges = journal.state.exchanges
        for index in indices {
            let e = entries[Int(index)]
            var entry = LedgerEntry(id: Int(e.id), type: e.type, amount: e.amount, currency: currencies[Int(e.currency)],
                                    days: Int(e.days), category: e.category, account: e.account, toAccount: e.toAccount)
            // Other amounts (an exchange's target, a purchase's charged amount) are few: looked
            // up only when the journal has any.
            if !exchanges.isEmpty, let target = exchanges[e.offset] {
                entry.otherAmount = target.amount
                entry.otherCurrency = currencies[Int(target.currency)]
            }
            body(entry)
        }
    }

    public func label(_ number: UInt32) -> String? {
        journal.state.labels.string(number)
    }
}
