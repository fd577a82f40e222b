// Session+Phrases: sentences that set something rather than record a purchase — "курс доллара
// 480", "rate usd 480.5 yesterday". A phrase word (Grammars/*/session.rules `phrase.*`) must
// open the line and a currency must follow it at once; otherwise the line is an ordinary entry,
// so "курс английского 20000" (a course, not a rate) is still an expense. A series' new amount
// ("netflix is 5490 from april") is the other phrase shape: Session+SeriesPhrase.

import KassaCore

extension Session {
    /// The events of a phrase line, or nil when the line is not one.
    func phrase(_ line: String) -> [SessionEvent]? {
        guard let (name, rest) = phraseParts(line), name == "rate" else { return nil }
        return ratePhrase(rest)
    }

    /// The `phrase.*` name a line's first word gives ("rate", "budget") and the words after it.
    func phraseParts(_ line: String) -> (name: String, rest: String)? {
        let parts = line.split(maxSplits: 1, whereSeparator: Self.isPhraseSpace)
        guard parts.count == 2, let name = words.name(in: "phrase", for: parts[0]) else { return nil }
        return (name, String(parts[1]))
    }

    /// The words of a phrase line, split where phraseParts splits (spaces and tabs).
    static func phraseWords(_ line: String) -> [String] {
        line.split(whereSeparator: isPhraseSpace).map(String.init)
    }

    static func isPhraseSpace(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// "доллара 480 вчера": the currency named by the first word, the first number after it, a
    /// date if the words say one (today otherwise).
    private func ratePhrase(_ rest: String) -> [SessionEvent]? {
        let tokens = rest.split(separator: " ").map(String.init)
        guard let first = tokens.first, let currency = parser.currency(named: first, context: parseContext),
              currency != configuration.baseCurrency else { return nil }
        let remainder = tokens.dropFirst().joined(separator: " ")
        // A written number first ("480.5", "480,50", "0.0021"), then a spoken one.
        var rateText = tokens.dropFirst().first { ExchangeRate.micros(from: $0) != nil }
        // A number written in digits that is no rate is refused as typed, not as the parser reads it.
        if rateText == nil, let typed = tokens.dropFirst().first(where: { $0.first?.isNumber == true }) {
            rateText = typed
        }
        if rateText == nil, let amount = parser.amount(in: remainder, context: parseContext) {
            rateText = amount.decimalString
        }
        guard let rateText else { return reject(SessionError("rate.phrase-needs-number"), input: rest, span: nil) }
        var arguments = ["set", currency.code, rateText]
        if let date = parser.date(in: remainder, context: parseContext) { arguments += ["--date", date.iso] }
        return run(RateCommand.self, words: arguments)
    }
}
