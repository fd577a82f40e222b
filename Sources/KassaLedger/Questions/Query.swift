// Query: what a question means — the kind of answer, what is counted (type, category, account,
// text in the note) and over which period — as QuestionReader read it, with the words that gave
// each part (for `:why`) and what could not be read (said, never guessed).

import KassaCore

public struct Query: Sendable, Hashable {
    public enum AverageUnit: String, Sendable, CaseIterable {
        case day, month, transaction
    }

    public enum TopBy: String, Sendable, CaseIterable {
        case category, transaction
    }

    /// One part of the reading: the words, what they gave ("kind", "period", "category" …) and
    /// the value, and where the rule is (a questions.rules line, or the entry grammar).
    public struct Reading: Sendable, Hashable {
        public var words: String
        public var field: String
        public var value: String
        public var origin: String
    }

    public var kind: QueryKind = .unknown
    public var type: TransactionType?
    /// A category slug; its subcategories count too.
    public var category: String?
    public var account: String?
    /// Words looked for in the note (and the typed line); a series' name for `due`.
    public var text: String?
    /// What notes are searched for when it is not `text` itself: a name's stem, which every
    /// case of it holds («мадин» for «мадина»: «Мадине» is found).
    public var noteText: String?
    /// The words notes are searched for.
    public var searchText: String? { noteText ?? text }
    /// nil: no period (all time, or the kind needs none).
    public var period: Period?
    /// `compare`: the period compared with.
    public var previous: Period?
    public var unit: AverageUnit?
    public var topBy: TopBy = .category
    public var topCount = 5
    /// `last`: how many of the latest were asked for ("my last 5 transactions"); nil: the one.
    public var lastCount: Int?
    /// How each part was read, in the order of the words.
    public var readings: [Reading] = []
    /// Words that open a period kassa does not know ("last season").
    public var unknownPeriod: String?
    /// Words beside a category or an account that no rule read ("is it a good time to buy a
    /// car": "good time … wait"): the question is not sure, and gets no number.
    public var unreadWords: [String] = []
    /// The words of a price a market sets ("kaspi shares", «курс доллара»), when that is what
    /// was asked: no journal holds it, and the question gets no number.
    public var market: String?

    public init(kind: QueryKind = .unknown) {
        self.kind = kind
    }

    /// The line is a question (even one kassa cannot answer) rather than an entry.
    public var isQuestion: Bool { kind != .unknown || unknownPeriod != nil || asked }
    /// Said as a question (a question word first, or a question mark) without a kind kassa knows.
    public var asked = false
    /// A cue of the questions grammar said it ("how much", "biggest", "than last month"), not
    /// only a question word or mark: enough to answer it even while drafts wait for a reply.
    public var cued = false
}
