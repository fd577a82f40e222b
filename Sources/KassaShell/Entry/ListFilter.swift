// ListFilter: what `list` and `balance` narrow the journal to — a word (today, yesterday, all,
// or the latest N) and the options --from, --to, --category, --account, --text, --type — read
// the same way in the session and on the command line. A wrong value names its option.

import KassaCore
import KassaStore

public struct ListFilter: Sendable, Equatable {
    public enum Span: Sendable, Equatable {
        case latest(Int)
        case today
        case yesterday
        case all
    }

    public static let defaultCount = 20
    public static let options: [CommandOption] = [
        .value("--from", .date), .value("--to", .date), .value("--category", .category), .value("--account", .account),
        .value("--text", .text), .value("--type", .choice(TransactionType.allCases.map(\.rawValue), group: "type")),
    ]
    /// `today`, `yesterday`, `all` (or a number: the latest N).
    public static let span = ArgumentSlot.optional(.choice(["today", "yesterday", "all"], group: "list"))

    public var span: Span
    public var from: CivilDate?
    public var to: CivilDate?
    /// As typed ("groceries", "продукты"); the grammar turns it into a slug when run.
    public var categoryName: String?
    public var account: String?
    public var text: String?
    public var type: TransactionType?

    public init(span: Span, from: CivilDate? = nil, to: CivilDate? = nil, categoryName: String? = nil,
                account: String? = nil, text: String? = nil, type: TransactionType? = nil) {
        self.span = span
        self.from = from
        self.to = to
        self.categoryName = categoryName
        self.account = account
        self.text = text
        self.type = type
    }

    /// Reads the span word and the options. `defaultSpan` applies when no word is given.
    public init(_ arguments: CommandArguments, defaultSpan: Span) throws(UsageError) {
        span = defaultSpan
        if let word = arguments.words.first {
            guard arguments.words.count == 1 else {
                throw UsageError(key: "list.bad-filter", arguments: ["value": arguments.words.joined(separator: " ")])
            }
            guard let span = ListFilter.span(word, vocabulary: arguments.vocabulary) else {
                throw UsageError(key: "list.bad-filter", arguments: ["value": word])
            }
            self.span = span
        }
        from = try arguments.date("--from")
        to = try arguments.date("--to")
        categoryName = arguments.values["--category"]
        account = arguments.values["--account"]?.lowercased()
        text = arguments.values["--text"]
        if let typeWord = arguments.values["--type"] {
            guard let type = arguments.vocabulary.name(in: "type", for: typeWord).flatMap(TransactionType.init(rawValue:))
                    ?? TransactionType(rawValue: typeWord.lowercased()) else {
                throw UsageError(key: "usage.bad-option-type", arguments: ["option": "--type", "value": typeWord])
            }
            self.type = type
        }
    }

    static func span(_ word: String, vocabulary: CommandWords) -> Span? {
        if let count = Int(word), count > 0 { return .latest(count) }
        switch vocabulary.name(in: "list", for: word) {
        case "today": return .today
        case "yesterday": return .yesterday
        case "all": return .all
        default: return nil
        }
    }

    /// The journal query. The journal does the selecting, so `list today` on a million
    /// transactions does not copy them all first. nil when the category is unknown.
    /// `category` turns a typed category name into its slug (the grammar's and the person's own).
    public func query(today: CivilDate, category: (String) -> String?) -> Result<TransactionFilter, SessionError> {
        var filter = TransactionFilter(from: from, to: to, account: account, text: text, type: type)
        if let categoryName {
            guard let slug = category(categoryName) else {
                return .failure(SessionError("list.bad-category", ["value": categoryName]))
            }
            filter.category = slug
        }
        switch span {
        case .latest(let count): filter.limit = count
        case .today: filter.from = max(filter.from ?? today, today); filter.to = min(filter.to ?? today, today)
        case .yesterday:
            let day = today.adding(days: -1)
            filter.from = max(filter.from ?? day, day)
            filter.to = min(filter.to ?? day, day)
        case .all: break
        }
        return .success(filter)
    }

    /// Runs `body` on the journal (opened read-only; in a session the runner refreshed it, to see others'
    /// saves) with the query this filter describes; an unknown category is a usage mistake.
    func run(in context: CommandContext, _ body: (Journal, TransactionFilter) throws -> [SessionEvent]) -> [SessionEvent] {
        var query: TransactionFilter?
        let events = context.storeChange(readOnly: true) { journal in
            let category = { (name: String) in CategoryDirectory(grammar: context.parser.grammar, journal: journal).slug(named: name) }
            switch self.query(today: context.configuration.today, category: category) {
            case .failure(let error): return []
                + [SessionEvent.error(UsageError(key: error.key, arguments: error.arguments), input: nil, span: nil)]
            case .success(let built): query = built
            }
            return try body(journal, query!)
        }
        if query == nil, case .error(let error as UsageError, _, _)? = events.first { return context.usage(error) }
        return events
    }
}
