// BudgetCommand: `:budget` / `kassa budget [--json]` — every budget's state for its current
// period; `budget set CATEGORY AMOUNT [weekly|monthly|yearly] [--reset-day N] [--rollover]
// [--no-rollover] [--since DATE]`; `budget remove CATEGORY`. The category is a slug or a name in
// either language; the amount is read by the parser ("100000", "100k", "$500"), in the base
// currency unless it names one. Setting an existing budget keeps what is not said again (its
// period, reset day, rollover, start). The conversational form ("budget groceries 100k a
// month") comes through the session (BudgetPhrase) to the same `set`.

import KassaCore
import KassaLedger
import KassaStore

public struct BudgetCommand: Command {
    public static let name = "budget"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [
        .flag("--json"), .value("--reset-day", .number), .flag("--rollover"), .flag("--no-rollover"), .value("--since", .date),
    ]
    public static let surface = CommandSurface(group: "budget", verbs: [
        CommandVerb("set", .required(.category), .required(.amount),
                    .optional(.choice(Budget.Frequency.allCases.map(\.rawValue), group: "frequency"))),
        CommandVerb("remove", .required(.category)),
    ])

    /// What `set` was told; nil fields keep the existing budget's (or the defaults).
    public struct Request: Sendable, Equatable {
        public var category: String
        public var amount: String
        public var frequency: Budget.Frequency?
        public var resetDay: Int?
        public var rollover: Bool?
        public var since: CivilDate?
    }

    enum Action: Equatable {
        case list
        case set(Request)
        case remove(String)
    }

    let action: Action
    let json: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        let usage = UsageError(key: "budget.usage", arguments: ["command": arguments.form.prefix + Self.name])
        json = arguments.flags.contains("--json")
        let setOptions = ["--reset-day", "--rollover", "--no-rollover", "--since"]
        guard !words.isEmpty else {
            guard setOptions.allSatisfy({ arguments.values[$0] == nil && !arguments.flags.contains($0) }) else { throw usage }
            action = .list
            return
        }
        switch arguments.verb(of: Self.surface) {
        case "set":
            guard words.count == 3 || words.count == 4 else { throw usage }
            var request = Request(category: words[1], amount: words[2])
            if words.count == 4 {
                guard let frequency = arguments.vocabulary.name(in: "frequency", for: words[3]).flatMap(Budget.Frequency.init(rawValue:))
                        ?? Budget.Frequency(rawValue: words[3].lowercased()) else {
                    throw UsageError(key: "budget.bad-period", arguments: ["value": words[3]])
                }
                request.frequency = frequency
            }
            if let text = arguments.values["--reset-day"] {
                guard let day = Int(text), (1...31).contains(day) else { throw UsageError(key: "budget.bad-reset-day", arguments: ["value": text]) }
                request.resetDay = day
            }
            guard !(arguments.flags.contains("--rollover") && arguments.flags.contains("--no-rollover")) else { throw usage }
            if arguments.flags.contains("--rollover") { request.rollover = true }
            if arguments.flags.contains("--no-rollover") { request.rollover = false }
            request.since = try arguments.date("--since")
            action = .set(request)
        case "remove":
            guard words.count == 2, setOptions.allSatisfy({ arguments.values[$0] == nil && !arguments.flags.contains($0) }) else { throw usage }
            action = .remove(words[1])
        default:
            throw usage
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        switch action {
        case .list:
            let json = self.json || (context.app?.options.json ?? false)
            let ascii = ChartStyle.localeIsASCII(context.app?.environment ?? [:])
            return context.storeChange(readOnly: true) { journal in
                let book = context.session?.budgets ?? BudgetBook(journal: journal, configuration: context.configuration, app: context.app)
                return [.output(BudgetListing(statuses: try book.current().statuses(), json: json, ascii: ascii))]
            }
        case .set(let request):
            return context.storeChange { journal in
                let slug: String
                do { slug = try Self.category(request.category, journal: journal, context: context) } catch let error as UsageError { return context.usage(error) }
                let book = context.session?.budgets ?? BudgetBook(journal: journal, configuration: context.configuration, app: context.app)
                guard let limit = Self.amount(request.amount, base: book.base, context: context) else {
                    return context.usage(UsageError(key: "budget.bad-amount", arguments: ["value": request.amount]))
                }
                do {
                    return [try book.set(slug, limit: limit, request: request)]
                } catch let error as UsageError {
                    return context.usage(error)
                }
            }
        case .remove(let name):
            return context.storeChange { journal in
                let slug: String
                do { slug = try Self.category(name, journal: journal, context: context) } catch let error as UsageError { return context.usage(error) }
                guard let existing = journal.object(Budget.kind, key: slug).flatMap(Budget.init(record:)) else {
                    return context.reject(SessionError("budget.none", ["category": name]))
                }
                try journal.write([ObjectRecord(kind: Budget.kind, key: slug, removed: true)])
                return [.output(BudgetChange(budget: existing, removed: true))]
            }
        }
    }

    /// The expense category a person means: a slug, or a name in either language (their own
    /// categories too). An unknown name or an income category is a usage mistake.
    static func category(_ text: String, journal: Journal, context: CommandContext) throws(UsageError) -> String {
        let directory = CategoryDirectory(grammar: context.parser.grammar, journal: journal)
        let lowered = text.lowercased()
        guard let slug = directory.all.contains(where: { $0.slug == lowered }) ? lowered : directory.slug(named: text) else {
            throw UsageError(key: "budget.bad-category", arguments: ["value": text])
        }
        guard directory.type(of: slug) == .expense else { throw UsageError(key: "budget.income-category", arguments: ["value": text]) }
        return slug
    }

    /// A positive amount as the parser reads it ("100000", "100k", "$500"), the base currency
    /// unless another is named; nil for anything else.
    static func amount(_ text: String, base: Currency, context: CommandContext) -> Money? {
        let parse = ParseContext(today: context.configuration.today, language: context.configuration.language,
                                 defaultCurrency: base, defaultAccount: context.configuration.defaultAccount)
        // A sign ("-5", "+5") makes no limit: a limit is neither money out nor money in.
        guard let first = text.trimmingSpaces.unicodeScalars.first, !["-", "−", "–", "+"].contains(first) else { return nil }
        let result = context.parser.parse(text, context: parse)
        // "refund 5" reads as income: not a limit.
        // Words left over ("1e9" is 1 and "e9") make it no limit, never a different one.
        guard result.error == nil, result.drafts.count == 1, result.drafts[0].type == .expense, result.drafts[0].note.isEmpty,
              let amount = result.drafts[0].amount, amount.minorUnits > 0, amount.isWithinEntryBound else { return nil }
        return amount
    }
}
