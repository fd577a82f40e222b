// ParseResult: what one line gave: drafts, or an error with the span it concerns,
// plus the explanation (`:why`, `--explain`) and the ties the session must ask about.

public struct ParseResult: Sendable {
    public var input: String
    public var drafts: [Draft]
    public var error: ParseError?
    /// Per draft, which words produced which field by which rule.
    public var explanations: [[Explanation]]
    /// Ties between readings that the person should settle.
    public var questions: [Question]

    public init(input: String, drafts: [Draft] = [], error: ParseError? = nil,
                explanations: [[Explanation]] = [], questions: [Question] = []) {
        self.input = input
        self.drafts = drafts
        self.error = error
        self.explanations = explanations
        self.questions = questions
    }
}

public struct ParseError: LocalizableError, Hashable {
    /// Stable machine code for JSON: "empty", "not-understood", "too-long", ...
    public var code: String
    public var messageKey: String
    public var messageArguments: [String: String]
    /// Character offsets into the input that the error concerns, for a caret.
    public var span: Range<Int>?

    public init(code: String, messageKey: String, messageArguments: [String: String] = [:], span: Range<Int>? = nil) {
        self.code = code
        self.messageKey = messageKey
        self.messageArguments = messageArguments
        self.span = span
    }
}

public struct Explanation: Hashable, Sendable {
    /// "amount", "date", "category", ...
    public var field: String
    /// The words of the input that gave it.
    public var words: String
    /// Where the rule is: "Grammars/en/amounts.rules:12".
    public var rule: String

    public init(field: String, words: String, rule: String) {
        self.field = field
        self.words = words
        self.rule = rule
    }
}

public struct Question: Hashable, Sendable {
    public var draftIndex: Int
    /// The field in doubt: "date", "account".
    public var field: String
    /// The readings, in the field's machine form ("2026-03-02", "kaspi").
    public var options: [String]

    public init(draftIndex: Int, field: String, options: [String]) {
        self.draftIndex = draftIndex
        self.field = field
        self.options = options
    }
}
