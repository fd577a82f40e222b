// LabelFilter: whether a ledger entry's category and account are the asked ones, decided once per
// label number (a category includes its subcategories; account names ignore case), so a pass over
// a million entries compares numbers, not strings.

import KassaCore

struct LabelFilter {
    let category: String?
    let account: String?
    let source: any TransactionSource
    /// By label number: 0 not decided yet, 1 matches, 2 does not.
    private var categoryCache: [UInt8] = []
    private var accountCache: [UInt8] = []

    init(query: Query, source: some TransactionSource) {
        category = query.category
        account = query.account?.lowercased()
        self.source = source
    }

    mutating func matches(_ e: LedgerEntry) -> Bool {
        if let category {
            guard decide(e.category, &categoryCache, { $0 == category || $0.hasPrefix(category + "/") }) else { return false }
        }
        if let account {
            let test: (String) -> Bool = { $0.lowercased() == account }
            guard decide(e.account, &accountCache, test) || decide(e.toAccount, &accountCache, test) else { return false }
        }
        return true
    }

    private func decide(_ label: UInt32, _ cache: inout [UInt8], _ test: (String) -> Bool) -> Bool {
        let index = Int(label)
        if index < cache.count, cache[index] != 0 { return cache[index] == 1 }
        if index >= cache.count { cache += Array(repeating: 0, count: index - cache.count + 1) }
        let yes = source.label(label).map(test) ?? false
        cache[index] = yes ? 1 : 2
        return yes
    }
}
