// ExportInventory: what a journal export must declare before its first entry — the accounts,
// categories and currencies the exported transactions use, and the first date — gathered in
// one pass over the compact entries (no Transaction is materialized for it).

import KassaCore

public struct ExportInventory: Sendable, Equatable {
    /// Kassa account names used as an account or a destination; "" for transactions without one.
    public var accounts: Set<String> = []
    /// Category slugs of expenses and of income; "" for none.
    public var expenseCategories: Set<String> = []
    public var incomeCategories: Set<String> = []
    public var currencies: Set<Currency> = []
    public var firstDate: CivilDate?

    public init() {}

    /// Everything `source` uses, plus the defined `accounts` (declared even when unused).
    public static func collect(_ source: some TransactionSource, accounts defined: [Account] = []) -> ExportInventory {
        var inventory = ExportInventory()
        var seenAccounts = Set<UInt32>(), seenExpense = Set<UInt32>(), seenIncome = Set<UInt32>()
        var firstDays = Int.max
        source.forEachEntry { entry in
            firstDays = min(firstDays, entry.days)
            inventory.currencies.insert(entry.currency)
            // An exchange's target currency is declared too (hledger check -s, bean-check).
            if let target = entry.otherCurrency { inventory.currencies.insert(target) }
            seenAccounts.insert(entry.account)
            switch entry.type {
            case .expense: seenExpense.insert(entry.category)
            case .income: seenIncome.insert(entry.category)
            case .transfer: seenAccounts.insert(entry.toAccount)
            }
        }
        func names(_ labels: Set<UInt32>) -> Set<String> { Set(labels.map { source.label($0) ?? "" }) }
        inventory.accounts = names(seenAccounts)
        inventory.expenseCategories = names(seenExpense)
        inventory.incomeCategories = names(seenIncome)
        for account in defined {
            inventory.accounts.insert(account.name)
            if let currency = account.currency { inventory.currencies.insert(currency) }
        }
        if firstDays != Int.max { inventory.firstDate = CivilDate(daysSinceEpoch: firstDays) }
        return inventory
    }

    /// The same, for transactions already in memory.
    public static func collect(_ transactions: [Transaction], accounts defined: [Account] = []) -> ExportInventory {
        collect(TransactionArraySource(transactions), accounts: defined)
    }
}
