// RatePhrase: an exchange rate said in words — "курс доллара 480", "rate usd 480.5 yesterday" —
// is `rate set CURRENCY RATE [--date DATE]`. A `phrase.rate` word (session.rules) must open the
// line and a currency must follow it at once; otherwise the line is an ordinary entry, so "курс
// английского 20000" (a course, not a rate) is still an expense.

import KassaCore

enum RatePhrase: LinePhrase {
    /// The events of a rate said in words, or nil when the line is not one.
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        guard let (name, rest) = PhraseWords.parts(line, words: session.words), name == "rate" else { return nil }
        return rate(rest, in: session)
    }

    /// "доллара 480 вчера": the currency named by the first word, the first number after it, a
    /// date if the words say one (today otherwise).
    private static func rate(_ rest: String, in session: Session) -> [SessionEvent]? {
        let tokens = rest.split(separator: " ").map(String.init)
        guard let first = tokens.first, let currency = session.parser.currency(named: first, context: session.parseContext),
              currency != session.configuration.baseCurrency else { return nil }
        let remainder = tokens.dropFirst().joined(separator: " ")
        // A written number first ("480.5", "480,50", "0.0021"), then a spoken one.
        var rateText = tokens.dropFirst().first { ExchangeRate.micros(from: $0) != nil }
        // A number written in digits that is no rate is refused as typed, not as the parser reads it.
        if rateText == nil, let typed = tokens.dropFirst().first(where: { $0.first?.isNumber == true }) {
            rateText = typed
        }
        if rateText == nil, let amount = session.parser.amount(in: remainder, context: session.parseContext) {
            rateText = amount.decimalString
        }
        guard let rateText else { return session.reject(SessionError("rate.phrase-needs-number"), input: rest, span: nil) }
        var arguments = ["set", currency.code, rateText]
        if let date = session.parser.date(in: remainder, context: session.parseContext) { arguments += ["--date", date.iso] }
        return session.run(RateCommand.self, words: arguments)
    }
}
