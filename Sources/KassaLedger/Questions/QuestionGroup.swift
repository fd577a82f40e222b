// QuestionGroup: the closed list of groups a questions.rules line may name, with the names each
// takes. A typo ("kind totl", "perod") is an error at its line, not a phrase that never matches.

public enum QuestionGroup: String, Sendable, CaseIterable {
    case kind, generic, topic, by, unit, type, period, month, than, opener, question, filler
    /// Words of a price ("cost", «стоит»): with an average asked and no unit, the average is per
    /// transaction ("average lunch cost"). Last: matched only where nothing else is.
    case cost
    /// "from … to …", «с … по …»: the words around two days that make them one period.
    case range
    /// "the first half of", «во втором полугодии»: half of the year or month said after it.
    case half
    /// A price a market sets ("kaspi shares", «курс доллара»): no journal holds it.
    case market
    /// A name's case ending and the dictionary ending it stands for («Мадине» → «Мадина»).
    case ending

    /// The names a line of this group may carry; empty when the group takes none.
    public var names: [String] {
        switch self {
        case .kind: return QueryKind.allCases.filter { $0 != .unknown }.map(\.rawValue)
        case .type: return ["expense", "income", "transfer", QuestionGroup.anyType]
        case .topic: return ["expense", "income"]
        case .unit: return Query.AverageUnit.allCases.map(\.rawValue)
        case .by: return Query.TopBy.allCases.map(\.rawValue)
        case .period: return PeriodWord.allCases.map(\.rawValue)
        // `since`: the month said runs to today ("since september", «с сентября»).
        case .month: return [QuestionGroup.since]
        case .range: return ["from", "to", "day"]
        // `previous`: an opener of the period before ("last", «прошлой»), which after "than" is
        // the one compared with even with its unit unsaid («больше, чем в прошлом»).
        case .opener: return [QuestionGroup.previous]
        case .half: return ["first", "second"]
        case .generic, .than, .question, .filler, .cost, .market: return []
        // Any ending: the name is the dictionary form's ending (`-`: none).
        case .ending: return []
        }
    }

    /// The `month` name of words that start a period at the month said and end it today.
    static let since = "since"

    /// The `opener` name of words that open the period before.
    static let previous = "previous"

    /// Whether a line may also give no name (a month's plain prepositions: "in", «в»).
    var nameOptional: Bool { self == .month || self == .opener }

    /// Whether any name is allowed (an ending, whatever its letters).
    var nameOpen: Bool { self == .ending }

    /// Groups matched only where their own reader looks (the words between two days, a name's
    /// ending, a market's price), never as a phrase of the line: "to" and «у» mean nothing
    /// alone, and "shares" is what was spent on when a question says money moved.
    var inline: Bool { self == .range || self == .ending || self == .market }

    /// The `ending` name of no ending at all («Серику» → «Серик»).
    static let noEnding = "-"

    /// The `type` name of words for a transaction of any type ("transactions", «операции»).
    static let anyType = "any"

    /// Periods ("last #n days") and kinds ("top #n") hold a number.
    var takesNumbers: Bool { self == .period || self == .kind }

    /// Which of two phrases of the same length at one word wins: the earlier group here.
    var rank: Int { QuestionGroup.allCases.firstIndex(of: self)! }
}
