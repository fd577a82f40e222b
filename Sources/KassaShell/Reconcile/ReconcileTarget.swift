// ReconcileTarget: what a balance to reconcile names — the account a word means and the amount as
// a bank writes it — shared by `reconcile` and a balance said in words in the session.

import KassaCore
import KassaInterchange
import KassaStore

enum ReconcileTarget {
    /// The account a word names: a defined one or one in use (by name or alias), or one the
    /// parser knows ("каспи"); nil for none of these.
    static func account(_ word: String, journal: Journal, parser: Parser, context: ParseContext) -> String? {
        let key = word.lowercased()
        for account in journal.accounts where account.name.lowercased() == key || account.aliases.contains(where: { $0.lowercased() == key }) {
            return account.name.lowercased()
        }
        let inUse = Set(journal.accountsInUse().map { $0.lowercased() })
        if inUse.contains(key) { return key }
        guard let named = parser.account(named: word, context: context)?.lowercased() else { return nil }
        return inUse.contains(named) || journal.accounts.contains { $0.name.lowercased() == named } ? named : nil
    }

    /// An amount as written ("152 340", "-45 000,50", "1200 USD"), in the currency it names or
    /// `home`; nil when the text is no amount or names no currency kassa knows.
    static func money(_ text: String, home: Currency, parser: Parser, context: ParseContext) -> Money? {
        guard let reading = AmountText.read(Substring(text)) else { return nil }
        var currency = home
        if let word = reading.currencyWord, !word.isEmpty {
            guard let named = Currency(code: word.uppercased()) ?? parser.currency(named: word, context: context) else { return nil }
            currency = named
        }
        return reading.money(currency)
    }
}
