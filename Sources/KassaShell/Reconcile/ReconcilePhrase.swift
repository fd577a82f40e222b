// ReconcilePhrase: a balance said in words — "kaspi balance is 152340", «на каспи сейчас 152 340»,
// «остаток на халыке 80 000» — is `reconcile ACCOUNT AMOUNT`. The words are data (session.rules
// `reconcile.*`): a marker word, one word naming an account the journal has, an amount, filler
// words and nothing else; any other word left over and the line stays an entry ("coffee now 1500").

import KassaCore
import KassaStore

enum ReconcilePhrase: LinePhrase {
    /// The events of a balance said in words; nil when the line is not one.
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        let said = PhraseWords.split(line).map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        guard said.count >= 3, said.count <= 12 else { return nil }
        var rest: [String] = []
        var marked = false
        for word in said {
            switch session.words.name(in: "reconcile", for: word) {
            case "marker": marked = true
            case "filler": continue
            default: rest.append(word)
            }
        }
        guard marked, rest.count >= 2 else { return nil }
        let context = session.parseContext
        for (k, word) in rest.enumerated() {
            guard let account = ReconcileTarget.account(word, journal: session.journal, parser: session.parser, context: context) else { continue }
            var amount = rest
            amount.remove(at: k)
            let text = amount.joined(separator: " ")
            // As a bank writes it ("152 340,50"), else as said ("сто пятьдесят тысяч").
            if ReconcileTarget.money(text, home: session.configuration.defaultCurrency, parser: session.parser, context: context) != nil {
                return session.run(ReconcileCommand.self, words: [account] + amount)
            }
            if let spoken = session.parser.exactAmount(in: text, context: context) {
                return session.run(ReconcileCommand.self, words: [account, spoken.amount.decimalString]
                                   + (spoken.currencySaid ? [spoken.amount.currency.code] : []))
            }
            return nil
        }
        return nil
    }
}
