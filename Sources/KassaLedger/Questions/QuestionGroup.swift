// QuestionGroup: the closed list of groups a questions.rules line may name, with the names each
// takes. A typo ("kind totl", "perod") is an error at its line, not a phrase that never matches.

public enum QuestionGroup: String, Sendable, CaseIterable {
    case kind, generic, topic, by, unit, type, period, month, than, opener, question, filler
    /// Words of a price ("cost", «стоит»): with an average asked and no unit, the average is per
    /// transaction ("average lunch cost"). Last: matched only where nothing else is.
    case cost

    /// The names a line of this group may carry; empty when the group takes none.
    public var names: [String] {
        switch self {
        case .kind: return QueryKind.allCases.filter { $0 != .unknown }.map(\.rawValue)
        case .type: return ["expense", "income", QuestionGroup.anyType]
        case .topic: return ["expense", "income"]
        case .unit: return Query.AverageUnit.allCases.map(\.rawValue)
        case .by: return Query.TopBy.allCases.map(\.rawValue)
        case .period: return PeriodWord.allCases.map(\.rawValue)
        // `since`: the month said runs to today ("since september", «с сентября»).
        case .month: return [QuestionGroup.since]
        case .generic, .than, .opener, .question, .filler, .cost: return []
        }
    }

    /// The `month` name of words that start a period at the month said and end it today.
    static let since = "since"

    /// Whether a line may also give no name (a month's plain prepositions: "in", «в»).
    var nameOptional: Bool { self == .month }

    /// The `type` name of words for a transaction of any type ("transactions", «операции»).
    static let anyType = "any"

    /// Periods ("last #n days") and kinds ("top #n") hold a number.
    var takesNumbers: Bool { self == .period || self == .kind }

    /// Which of two phrases of the same length at one word wins: the earlier group here.
    var rank: Int { QuestionGroup.allCases.firstIndex(of: self)! }
}
