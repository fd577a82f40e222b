// Parser: a line of typed or dictated text → draft transactions. PLACEHOLDER from the skeleton:
// the parser work replaces the body; the public API below is what the shell relies on.

public struct Parser: Sendable {
    public let grammar: Grammar

    public init(grammar: Grammar) {
        self.grammar = grammar
    }

    public func parse(_ input: String, context: ParseContext) -> ParseResult {
        let words = input.split(separator: " ")
        guard !words.isEmpty else {
            return ParseResult(input: input, error: ParseError(code: "empty", messageKey: "parse.empty"))
        }
        var amount: Money?
        var note: [Substring] = []
        for word in words {
            if amount == nil, let value = Int64(word) {
                amount = Money(major: value, currency: context.defaultCurrency)
            } else {
                note.append(word)
            }
        }
        guard amount != nil || !note.isEmpty else {
            return ParseResult(input: input, error: ParseError(code: "not-understood", messageKey: "parse.not-understood"))
        }
        var draft = Draft(amount: amount, date: context.today, account: context.defaultAccount,
                          note: note.joined(separator: " "),
                          flags: [.dateAssumed, .accountDefault, .currencyDefault])
        if amount == nil { draft.flag(.amountMissing) }
        return ParseResult(input: input, drafts: [draft], explanations: [[]])
    }

    /// An amount alone, for corrections such as "amount 1600" / "сумма 1600".
    public func amount(in text: String, context: ParseContext) -> Money? {
        parse(text, context: context).drafts.first?.amount
    }

    /// A date alone, for corrections such as "date yesterday" / "дата вчера".
    public func date(in text: String, context: ParseContext) -> CivilDate? {
        nil
    }
}
