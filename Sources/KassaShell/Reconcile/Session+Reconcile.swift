// Session+Reconcile: a balance said in words — "kaspi balance is 152340", "now on kaspi 152 340",
// «на каспи сейчас 152 340», «остаток на халыке 80 000» — is `reconcile ACCOUNT AMOUNT`. The
// words are data (Grammars/*/session.rules `reconcile.*`): a line is one when it holds a
// marker word, one word naming an account the journal has, an amount, and nothing else but
// filler words; any other word left over and it stays an entry ("coffee now 1500").

import KassaCore
import KassaStore

extension Session {
    /// The events of a balance said in words; nil when the line is not one.
    func reconcilePhrase(_ line: String) -> [SessionEvent]? {
        let said = Self.phraseWords(line).map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        guard said.count >= 3, said.count <= 12 else { return nil }
        var rest: [String] = []
        var marked = false
        for word in said {
            switch words.name(in: "reconcile", for: word) {
            case "marker": marked = true
            case "filler": continue
            default: rest.append(word)
            }
        }
        guard marked, rest.count >= 2 else { return nil }
        let context = parseContext
        for (k, word) in rest.enumerated() {
            guard let account = ReconcileTarget.account(word, journal: journal, parser: parser, context: context) else { continue }
            var amount = rest
            amount.remove(at: k)
            let text = amount.joined(separator: " ")
            // As a bank writes it ("152 340,50"), else as said ("сто пятьдесят тысяч").
            if ReconcileTarget.money(text, home: configuration.defaultCurrency, parser: parser, context: context) != nil {
                return run(ReconcileCommand.self, words: [account] + amount)
            }
            if let spoken = parser.exactAmount(in: text, context: context) {
                return run(ReconcileCommand.self, words: [account, spoken.amount.decimalString]
                           + (spoken.currencySaid ? [spoken.amount.currency.code] : []))
            }
            return nil
        }
        return nil
    }
}
