// AskResult: one question answered — what was asked, how it was read (Query), the numbers
// (QueryAnswer) and the notes of the transactions the answer names. The `answer` session event
// and `kassa ask` carry it; AskText and AskJSON show it.

import KassaCore
import KassaLedger

public struct AskResult: Sendable {
    public let question: String
    public let query: Query
    public let answer: QueryAnswer
    /// Notes of the transactions named by id (top transactions, the latest match).
    public var notes: [Int: String] = [:]
    /// Where a named transfer went ("kaspi → halyk"), shown when it has no note.
    public var routes: [Int: String] = [:]
    /// Draw the chart with `#` rather than block characters.
    public var ascii = false
    /// The day the question was asked about: a period in another year says its year.
    public var today: CivilDate?

    public init(question: String, query: Query, answer: QueryAnswer) {
        self.question = question
        self.query = query
        self.answer = answer
    }

    /// Words of the question the reading did not use: looked for in the notes and found in none
    /// ("what is my flurb this month"). The answer then carries no number (DESIGN.md §10).
    public var unread: [String] = []

    /// Not a question kassa can answer (not one at all, an unknown period, or no kind).
    public var unanswered: Bool { query.kind == .unknown || query.unknownPeriod != nil }

    /// Every word of the question was understood: the answer is to the question asked.
    public var sure: Bool { !unanswered && unread.isEmpty }
}
