// HledgerAccountName: what an hledger account name in a rules file (`account1`, `account2`)
// is in kassa — an account (assets, liabilities: named after the last component, as the
// journals reader names them), a category (expenses, income/revenues: the last component looked
// up in the vocabulary in either language; unknown names reported), or neither. The roots are
// hledger's own account-type names (its documented defaults: `assets`, `liabilities`/`debts`,
// `expenses`, `income`/`revenues`, `equity`) — the format's keywords, as a directive is. Narrow on
// purpose, behind the one call in HledgerCSVReader: the journals import's AccountNameMap (another
// branch of this stage) does the same for whole journals and can take its place when both land.

import KassaCore

enum HledgerAccountName {
    enum Target: Equatable {
        case account(String)
        case category(name: String, type: TransactionType)
        case other
    }

    static func target(_ name: String) -> Target {
        let parts = name.split(separator: ":").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        guard let first = parts.first?.lowercased(), let last = parts.last else { return .other }
        switch first {
        case "assets", "asset", "liabilities", "liability", "debts", "debt":
            return .account(last.lowercased())
        case "expenses", "expense":
            return .category(name: last, type: .expense)
        case "income", "incomes", "revenue", "revenues":
            return .category(name: last, type: .income)
        default:
            return .other
        }
    }
}
