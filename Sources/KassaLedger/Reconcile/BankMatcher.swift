// BankMatcher: which entry the person said a bank's row confirms (DESIGN.md §10, "Reconciling
// with the bank"). A candidate is a transaction of the row's account, dated within `window` days
// of the row, not cleared and not matched by another row of the same import (the caller gives
// only those). It matches when it moves the account the same way by the same money — the same
// currency and amount, or the amount it was charged — or, said in another currency and never
// charged, when its words name the row's merchant (or, with a rate, it converts to within a
// tenth of the row): then it takes the row's amount as its charged amount. A row whose category
// says another kind of spending than the entry's (another top category) is that entry only on
// the same day. The best candidate is
// the nearest in date, then the one whose words name the merchant; two that stay equally good
// and differ are asked, never picked at random (two the same in every field are one choice).

import KassaCore

public enum BankMatcher {
    /// How many days a bank may date a row apart from the day the person said.
    public static let window = 3

    public enum Outcome: Sendable, Equatable {
        /// The row confirms `id`; `charged` is set when the entry was said in another currency.
        case matched(id: Int, charged: Money?)
        /// Equally good candidates, by id: the person chooses.
        case ambiguous([Int])
        /// Nothing the person said: the row is new.
        case none
    }

    /// `convert`: the row's currency amount of a money on a date, when a rate is known.
    public static func match(_ row: Transaction, candidates: [Transaction],
                             convert: (Money, Currency, CivilDate) -> Money? = { _, _, _ in nil }) -> Outcome {
        // A row is of one account: the one it leaves, or (money coming in by transfer) the one it reaches.
        guard let account = (row.account ?? row.toAccount)?.lowercased(), let moved = movement(row, account: account) else { return .none }
        let rowWords = words(row.note)
        var scored: [(t: Transaction, days: Int, named: Bool, charged: Money?)] = []
        for t in candidates {
            let days = abs(t.date.daysSinceEpoch - row.date.daysSinceEpoch)
            guard days <= window, let their = movement(t, account: account), their.incoming == moved.incoming else { continue }
            if days > 0, let a = row.category, let b = t.category, top(a) != top(b), top(a) != other, top(b) != other { continue }
            let named = !rowWords.isDisjoint(with: words(t.note + " " + t.input, except: account))
            if their.money == moved.money {
                scored.append((t, days, named, nil))
            } else if their.money.currency != moved.money.currency, t.chargedAmount == nil, t.type != .transfer {
                // Said in another currency: the merchant named, or the rate agreeing within a tenth.
                let near = convert(their.money, moved.money.currency, t.date).map { within($0, moved.money) } ?? false
                if named || near { scored.append((t, days, named, moved.money)) }
            }
        }
        guard let best = scored.min(by: { better($0, $1) }) else { return .none }
        let equal = scored.filter { $0.days == best.days && $0.named == best.named }
        if equal.count > 1, !equal.allSatisfy({ same($0.t, best.t) }) {
            return .ambiguous(equal.map(\.t.id).sorted())
        }
        let pick = equal.min { $0.t.id < $1.t.id } ?? best
        return .matched(id: pick.t.id, charged: pick.charged)
    }

    /// How `t` moves `account`: the money and whether it comes in; nil when it does not touch it.
    public static func movement(_ t: Transaction, account: String) -> (money: Money, incoming: Bool)? {
        let from = t.account?.lowercased() == account, to = t.toAccount?.lowercased() == account
        switch t.type {
        case .expense: return from ? (t.charged, false) : nil
        case .income: return from ? (t.charged, true) : nil
        case .transfer:
            if from { return (t.amount, false) }
            if to { return (t.arriving, true) }
            return nil
        }
    }

    private static func better(_ a: (t: Transaction, days: Int, named: Bool, charged: Money?),
                               _ b: (t: Transaction, days: Int, named: Bool, charged: Money?)) -> Bool {
        if a.days != b.days { return a.days < b.days }
        if a.named != b.named { return a.named }
        return a.t.id < b.t.id
    }

    /// The category of what no rule knew (a bank's row the vocabulary could not place).
    private static let other: Substring = "other"

    /// A category's top level: "food" of "food/coffee".
    private static func top(_ slug: String) -> Substring { slug.split(separator: "/", maxSplits: 1).first ?? Substring(slug) }

    /// Two entries a person could not tell apart: either one is the same choice.
    private static func same(_ a: Transaction, _ b: Transaction) -> Bool {
        a.date == b.date && a.type == b.type && a.amount == b.amount && a.category == b.category
            && a.note.lowercased() == b.note.lowercased()
    }

    /// Within a tenth of `target` (a card's exchange rate and fees stay well inside that).
    private static func within(_ value: Money, _ target: Money) -> Bool {
        guard value.currency == target.currency, target.minorUnits > 0 else { return false }
        return (value.minorUnits - target.minorUnits).magnitude * 10 <= target.minorUnits.magnitude
    }

    /// The words of a text that can name a merchant: letters and digits, three or more, lower
    /// case, the account's own name left out (a bank prints its name on every row).
    static func words(_ text: String, except account: String = "") -> Set<String> {
        var out = Set<String>()
        var word = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber { word.append(ch); continue }
            if word.count >= 3, word != account, !word.allSatisfy(\.isNumber) { out.insert(word) }
            word = ""
        }
        if word.count >= 3, word != account, !word.allSatisfy(\.isNumber) { out.insert(word) }
        return out
    }
}
