// ImportVocabulary: the words a reader needs but must not hard-code (they live in Grammars/):
// what a column header means, what a type or statement operation means, which category a
// name or a row's details stand for, which currency a sign or word is. The command builds it
// from session.rules and the parser; tests build a small one by hand.

import KassaCore

public struct ImportVocabulary: Sendable {
    /// A normalized header ("date", "дата", "toaccount") → a column name (ImportColumn raw value).
    public var column: @Sendable (String) -> String?
    /// A type or operation word ("expense", "покупка", "internal", "+") → a type.
    public var kind: @Sendable (String) -> TransactionType?
    /// A category name or text (details) → a slug, for a transaction of this type; nil if unknown.
    public var category: @Sendable (String, TransactionType) -> String?
    /// A category as a journal's account names it ("Groceries", «Зарплата», "food/coffee") → a
    /// slug by the whole name only: a category's name or slug, or one keyword, in either language;
    /// nil for anything else — no guess from a word inside it or a word it resembles ("Taxes" is
    /// not taxi), so such a name becomes the person's own category. `category` unless set.
    public var categoryName: @Sendable (String, TransactionType) -> String?
    /// A currency word or sign ("₸", "тг", "usd") → a currency.
    public var currency: @Sendable (String) -> Currency?
    /// A statement operation that takes cash out ("Снятие", "ATM"): a transfer to the cash account.
    public var cashWithdrawal: @Sendable (String) -> Bool
    /// A bank's status of an operation that did not happen ("FAILED", «Отклонено»).
    public var failedStatus: @Sendable (String) -> Bool = { _ in false }
    /// A bank row's description that says the money moved between accounts — a cash withdrawal
    /// («Снятие наличных в банкомате», "ATM withdrawal") or a transfer («Перевод с карты на
    /// карту») — in the parser's own words (Grammars/*/words.rules: `class type transfer…`).
    public var describedTransfer: @Sendable (String) -> DescribedTransfer? = { _ in nil }

    public enum DescribedTransfer: Sendable { case cash, other }
    /// Any other word of Grammars/*/session.rules: (group, lower-cased word) → the entry's name
    /// ("journal", "assets" → "asset"); the journal readers' account-name words (AccountNameMap).
    public var word: @Sendable (String, String) -> String? = { _, _ in nil }

    public init(column: @escaping @Sendable (String) -> String?, kind: @escaping @Sendable (String) -> TransactionType?,
                category: @escaping @Sendable (String, TransactionType) -> String?,
                currency: @escaping @Sendable (String) -> Currency?,
                cashWithdrawal: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.cashWithdrawal = cashWithdrawal
        self.column = column
        self.kind = kind
        self.category = category
        self.categoryName = category
        self.currency = currency
    }

    /// A header cell as looked up: lower case, without spaces, '_' and '-'.
    public static func normalizedHeader(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" && $0 != "\"" })
    }
}

/// The columns a CSV can map to.
public enum ImportColumn: String, CaseIterable, Sendable {
    case id, date, time, type, amount, debit, credit, currency, category, subcategories, account
    case toAccount = "to_account"
    case targetCurrency = "target_currency"
    case targetAmount = "target_amount"
    case note, recurrence, input
    /// A bank's card number column: the account unless --account names one (which wins).
    case card
    /// A bank's status column: a failed or cancelled operation is skipped.
    case status
    /// What the account was charged for a purchase in another currency (kassa's own CSV).
    case chargedAmount = "charged_amount"
    case chargedCurrency = "charged_currency"

    /// The amount and currency columns of the optional fields of a transaction (TransactionField)
    /// that a CSV may have; a field without any is not read from one.
    static let pairs: [(field: TransactionField, amount: ImportColumn, currency: ImportColumn)] = [
        (.toAmount, .targetAmount, .targetCurrency),
        (.chargedAmount, .chargedAmount, .chargedCurrency),
    ]

    /// A dense number per column, so a row's look-ups index an array instead of hashing a name.
    var ordinal: Int {
        switch self {
        case .id: 0
        case .date: 1
        case .time: 2
        case .type: 3
        case .amount: 4
        case .debit: 5
        case .credit: 6
        case .currency: 7
        case .category: 8
        case .subcategories: 9
        case .account: 10
        case .toAccount: 11
        case .targetCurrency: 12
        case .targetAmount: 13
        case .note: 14
        case .recurrence: 15
        case .input: 16
        case .card: 17
        case .status: 18
        case .chargedAmount: 19
        case .chargedCurrency: 20
        }
    }
}
