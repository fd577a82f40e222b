// TransactionSource: how domain logic (balances, budgets, reports in KassaLedger) reads
// transactions without knowing where they live. The journal conforms (KassaStore), and so does
// a plain array, so the logic is tested on arrays and runs on a million-row journal unchanged.
//
// Entries come as compact values (numbers for accounts and categories, looked up by name only
// when shown) because the hot loops touch every transaction of the journal.

public struct LedgerEntry: Sendable, Hashable {
    public var id: Int
    public var type: TransactionType
    /// Minor units of `currency`; never negative for a valid transaction.
    public var amount: Int64
    public var currency: Currency
    /// Days since 1970-01-01 (CivilDate.daysSinceEpoch).
    public var days: Int
    /// Label numbers: resolve with `TransactionSource.label(_:)`; `noLabel` when absent.
    public var category: UInt32
    public var account: UInt32
    public var toAccount: UInt32
    /// The other amount (minor units of `otherCurrency`), Transaction.otherAmount: for a
    /// currency exchange what arrives in `toAccount`, for an expense or income what `account`
    /// was charged in its own currency. nil `otherCurrency` when there is none: the destination
    /// receives, the account pays, `amount` itself.
    public var otherAmount: Int64
    public var otherCurrency: Currency?

    /// What `account` moves by for an expense or an income: the charged amount when the
    /// account paid in another currency, else the amount.
    @inline(__always)
    public var charged: (amount: Int64, currency: Currency) {
        if type != .transfer, let otherCurrency { return (otherAmount, otherCurrency) }
        return (amount, currency)
    }

    /// What `toAccount` receives for a transfer: an exchange's target, else the amount.
    @inline(__always)
    public var arriving: (amount: Int64, currency: Currency) {
        if let otherCurrency { return (otherAmount, otherCurrency) }
        return (amount, currency)
    }

    public static let noLabel: UInt32 = 0

    public init(id: Int, type: TransactionType, amount: Int64, currency: Currency, days: Int,
                category: UInt32, account: UInt32, toAccount: UInt32, otherAmount: Int64 = 0, otherCurrency: Currency? = nil) {
        self.id = id
        self.type = type
        self.amount = amount
        self.currency = currency
        self.days = days
        self.category = category
        self.account = account
        self.toAccount = toAccount
        self.otherAmount = otherAmount
        self.otherCurrency = otherCurrency
    }
}

public protocol TransactionSource {
    /// Calls `body` with every live transaction, in id order.
    func forEachEntry(_ body: (LedgerEntry) -> Void)
    /// The text of a label number (an account name or a category slug); nil for `noLabel`.
    func label(_ number: UInt32) -> String?
}

/// An array of transactions as a source, for tests and small in-memory sets.
public struct TransactionArraySource: TransactionSource {
    private var entries: [LedgerEntry] = []
    private var labels: [String] = [""]
    private var numbers: [String: UInt32] = [:]

    public init(_ transactions: [Transaction]) {
        for transaction in transactions.sorted(by: { $0.id < $1.id }) {
            entries.append(LedgerEntry(
                id: transaction.id, type: transaction.type, amount: transaction.amount.minorUnits,
                currency: transaction.amount.currency, days: transaction.date.daysSinceEpoch,
                category: number(transaction.category), account: number(transaction.account),
                toAccount: number(transaction.toAccount), otherAmount: transaction.otherAmount?.minorUnits ?? 0,
                otherCurrency: transaction.otherAmount?.currency))
        }
    }

    private mutating func number(_ text: String?) -> UInt32 {
        guard let text else { return LedgerEntry.noLabel }
        if let known = numbers[text] { return known }
        labels.append(text)
        numbers[text] = UInt32(labels.count - 1)
        return UInt32(labels.count - 1)
    }

    public func forEachEntry(_ body: (LedgerEntry) -> Void) {
        for entry in entries { body(entry) }
    }

    public func label(_ number: UInt32) -> String? {
        number == LedgerEntry.noLabel || Int(number) >= labels.count ? nil : labels[Int(number)]
    }
}
