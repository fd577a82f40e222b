// ParseResult: what one line gave: drafts, or an error with the span it concerns,
// plus the explanation (`:why`, `--explain`) and the ties the session must ask about.

public struct ParseResult: Sendable {
    public var input: String
    public var drafts: [Draft]
    public var error: ParseError?
    /// Ties between readings that the person should settle.
    public var questions: [Question]
    /// The parser's compact record of the explanations (spans and rule references), turned into
    /// text only when someone asks (`:why`, `--explain`): most parses are never explained.
    /// All drafts' explanations in one list (one allocation per parse, not one per draft),
    /// each marked with the index of its draft.
    var reasons: [Why] = []
    var grammar: Grammar?
    private var givenExplanations: [[Explanation]]?

    public init(input: String, drafts: [Draft] = [], error: ParseError? = nil,
                explanations: [[Explanation]] = [], questions: [Question] = []) {
        self.input = input
        self.drafts = drafts
        self.error = error
        self.givenExplanations = explanations
        self.questions = questions
    }

    init(input: String, drafts: [Draft], reasons: [Why], grammar: Grammar, questions: [Question]) {
        self.input = input
        self.drafts = drafts
        self.error = nil
        self.reasons = reasons
        self.grammar = grammar
        self.questions = questions
    }

    /// Per draft, which words produced which field by which rule.
    public var explanations: [[Explanation]] {
        get {
            if let given = givenExplanations { return given }
            let bytes = Array(input.utf8)
            // One pass: each draft's explanations in the order they were made.
            var out = [[Explanation]](repeating: [], count: drafts.count)
            for why in reasons where Int(why.draft) < out.count {
                let start = max(0, min(Int(why.byteStart), bytes.count))
                let end = max(start, min(Int(why.byteEnd), bytes.count))
                out[Int(why.draft)].append(Explanation(field: why.field.description, words: String(decoding: bytes[start..<end], as: UTF8.self),
                                                       rule: why.rule.text(grammar)))
            }
            return out
        }
        set { givenExplanations = newValue }
    }
}

/// Why: one explanation before it becomes text: a field, the input bytes that gave it, the rule.
struct Why: Sendable {
    enum Rule: Sendable {
        case none, learned, context
        /// An account name heard, not read: SoundAlike ("from Caspi" → kaspi).
        case soundAlike
        /// A category keyword with a typo ("resturant"): TypoIndex.
        case typo
        case entry(Int32)
        case pattern(Int32)

        func text(_ grammar: Grammar?) -> String {
            switch self {
            case .none, .context: return ""
            case .learned: return "learned"
            case .soundAlike: return "sound-alike"
            case .typo: return "typo"
            case .entry(let e): return grammar?.entries[Int(e)].location.description ?? ""
            case .pattern(let p): return grammar?.patterns[Int(p)].location.description ?? ""
            }
        }
    }

    /// A literal ("amount", "date", …): a plain value, so a Why (and every list and tuple of
    /// them the drafts stage moves around) is copied and dropped with no reference counting.
    var field: StaticString
    var byteStart: Int32
    var byteEnd: Int32
    var rule: Rule
    /// The draft it explains, in a line of several.
    var draft: Int32 = 0
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
