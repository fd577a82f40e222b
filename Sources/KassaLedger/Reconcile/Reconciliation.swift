// Reconciliation: the bank's balance of an account on a day against kassa's (DESIGN.md §10,
// `kassa reconcile`): the difference (bank − kassa), the account's transactions up to that day
// the bank has not confirmed (uncleared), and among them the suspects — each one alone would
// explain the difference if it were not there (an entry the bank never saw, or one said with the
// wrong amount while the bank's row came in beside it); when none does, pairs that together
// would, or all of them together. Money is checked: a sum that does not
// fit is an error, never a wrap.

import KassaCore

public struct Reconciliation: Sendable {
    public let account: String
    public let date: CivilDate
    /// What the bank says the account holds.
    public let bank: Money
    /// What kassa says it holds on `date` (openings and transactions dated up to it).
    public let kassa: Money
    /// bank − kassa: positive when the bank has more.
    public let difference: Money
    /// The account's transactions up to `date` the bank has not confirmed, by date then id.
    public let uncleared: [Transaction]
    /// The uncleared transactions whose absence would make the difference zero.
    public let suspects: [Transaction]
    /// When no one does: pairs of uncleared transactions that together would (at most three).
    public let suspectPairs: [(Transaction, Transaction)]
    /// Every uncleared transaction together (three or more) would explain the difference.
    public let allUnclearedExplain: Bool

    /// `transactions`: the account's (as the account or a transfer's destination) dated up to `date`.
    public init(account: String, date: CivilDate, bank: Money, kassa: Money, transactions: [Transaction],
                cleared: ClearedSet) throws(MoneyError) {
        self.account = account
        self.date = date
        self.bank = bank
        self.kassa = kassa
        difference = try bank.subtracting(kassa)
        let key = account.lowercased()
        uncleared = transactions.filter { !cleared.isCleared($0.id) }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        let difference = difference
        /// What `t` moved kassa's balance by, in the difference's currency (nil: another currency).
        func effect(_ t: Transaction) -> Int64? {
            guard let moved = BankMatcher.movement(t, account: key), moved.money.currency == difference.currency else { return nil }
            return moved.incoming ? moved.money.minorUnits : -moved.money.minorUnits
        }
        // Taking a transaction out moves kassa's balance by the opposite of what it moved it by.
        suspects = difference.isZero ? [] : uncleared.filter { effect($0) == -difference.minorUnits }
        // Pairs, in one pass: each transaction looks for an earlier one whose effect completes it.
        var pairs: [(Transaction, Transaction)] = []
        if !difference.isZero, suspects.isEmpty {
            var seen: [Int64: Transaction] = [:]
            for t in uncleared {
                guard let e = effect(t) else { continue }
                let (want, overflow) = (-difference.minorUnits).subtractingReportingOverflow(e)
                if !overflow, let other = seen[want] { pairs.append((other, t)) }
                if pairs.count == 3 { break }
                if seen[e] == nil { seen[e] = t }
            }
        }
        suspectPairs = pairs
        var sum = CheckedSum()
        for t in uncleared { sum.add(effect(t) ?? 0) }
        allUnclearedExplain = !difference.isZero && suspects.isEmpty && pairs.isEmpty && uncleared.count > 2 && !sum.overflowed
            && uncleared.allSatisfy { effect($0) != nil } && sum.value == -difference.minorUnits
    }

    public var agrees: Bool { difference.isZero }
}
