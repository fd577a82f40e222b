// JournalClosings: year-end closing and opening pairs followed through a journal being made
// (JournalBook). hledger's `close` writes, at the end of a year, an entry that takes every balance
// to an equity account named for closing ("equity:opening/closing balances", "equity:closing
// balances") and leaves each of its accounts at zero, and on the next day an entry that brings
// the same amounts back from equity. Neither is spending or income (`hledger is` shows neither):
// a closing entry's postings are held here, and an opening entry's postings that bring back
// exactly what is held are dropped with them. What no opening brings back (a file that ends with
// its closing entry) is given back at the end, so that every balance stays the tool's.

import KassaCore

struct JournalClosings {
    struct Key: Hashable {
        var account: String
        var currency: Currency
    }

    /// What a closing entry took from an account or category and no opening has brought back:
    /// the signed amount as the closing postings wrote it, with the posting and entry it came from.
    struct Held {
        var minor: Int64
        var leg: JournalBook.Leg
        var entry: JournalEntry
    }

    private(set) var held: [Key: Held] = [:]
    /// Closing and opening entries read as moves through equity.
    private(set) var entries = 0

    /// Holds a closing entry's legs (those not to equity) and returns true when `legs` close the
    /// books: the entry has a posting to a closing equity account, every other leg is an account
    /// or a category, and `zeroed` (each of their balances after the entry is zero) holds.
    mutating func close(_ entry: JournalEntry, _ legs: [JournalBook.Leg], closingEquity: Bool, zeroed: Bool) -> Bool {
        guard closingEquity, zeroed else { return false }
        let others = legs.filter { !Self.isEquity($0) }
        guard !others.isEmpty, others.allSatisfy({ Self.isAccountOrCategory($0) }) else { return false }
        for leg in others {
            let key = Key(account: leg.account, currency: leg.money.currency)
            var known = held[key] ?? Held(minor: 0, leg: leg, entry: entry)
            let (sum, overflow) = known.minor.addingReportingOverflow(leg.money.minorUnits)
            guard !overflow else { return false }
            known.minor = sum
            known.leg = leg
            known.entry = entry
            held[key] = known
        }
        entries += 1
        return true
    }

    /// An opening entry's legs without those that bring back exactly what a closing entry took
    /// (with equity legs that balance what is left), or nil when it brings nothing back.
    /// An empty result: the whole entry was the closing's other half.
    mutating func reopen(_ legs: [JournalBook.Leg], equity: JournalBook.Leg?) -> [JournalBook.Leg]? {
        guard !held.isEmpty, let equity else { return nil }
        var kept: [JournalBook.Leg] = []
        var brought = false
        for leg in legs where !Self.isEquity(leg) {
            let key = Key(account: leg.account, currency: leg.money.currency)
            if let known = held[key], known.minor != .min, known.minor == -leg.money.minorUnits {
                held[key] = nil
                brought = true
            } else {
                kept.append(leg)
            }
        }
        guard brought else { return nil }
        entries += 1
        // Equity takes the other side of what is left, one leg per currency.
        var sums: [Currency: Int64] = [:]
        var order: [Currency] = []
        for leg in kept {
            if sums[leg.money.currency] == nil { order.append(leg.money.currency) }
            sums[leg.money.currency, default: 0] &+= leg.money.minorUnits
        }
        for currency in order where sums[currency] != 0 {
            var other = equity
            other.money = Money(minorUnits: -(sums[currency] ?? 0), currency: currency)
            kept.append(other)
        }
        return kept
    }

    /// What no opening brought back, each with an equity leg of the other sign and the closing
    /// entry it came from, in a fixed order.
    func unreturned() -> [(legs: [JournalBook.Leg], entry: JournalEntry)] {
        held.filter { $0.value.minor != 0 && $0.value.minor != .min }
            .sorted { ($0.key.account, $0.key.currency.code) < ($1.key.account, $1.key.currency.code) }
            .map { key, known in
                var leg = known.leg
                leg.money = Money(minorUnits: known.minor, currency: key.currency)
                let equity = JournalBook.Leg(target: .equity(opening: false), account: "", money: Money(minorUnits: -known.minor, currency: key.currency),
                                             line: leg.line)
                return ([leg, equity], known.entry)
            }
    }

    static func isEquity(_ leg: JournalBook.Leg) -> Bool {
        if case .equity = leg.target { return true }
        return false
    }

    private static func isAccountOrCategory(_ leg: JournalBook.Leg) -> Bool {
        switch leg.target {
        case .account, .category: return true
        case .equity, .unsupported: return false
        }
    }
}
