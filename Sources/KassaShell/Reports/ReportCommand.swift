// ReportCommand: `:report [KIND] [--period P] [--by B] [--json|--csv] [--width N] [--ascii]` and
// `kassa report …`: spending (the default), income, cashflow, trend [CATEGORY], budget (the
// budget listing, as `kassa budget`), subscriptions, insights, health; `--in CODE` shows the
// figures in another currency, as `balance --in` does. Recurring series feed subscriptions,
// the health score, the insights and the forecast (RecurringCosts, one computation for all of
// them). The numbers come from KassaLedger (one pass over the
// journal); the renderers beside it draw them (and Rendering/Charts). Kinds, period words
// and groupings are read in every language through session.rules (`report.*`, `period.*`,
// `by.*`), with the English names always accepted.

import KassaCore
import KassaLedger
import KassaStore

public struct ReportCommand: Command {
    public static let name = "report"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [
        .value("--period", .choice(["week", "month", "year"], group: "period")),
        .value("--by", .choice(CategoryReport.Grouping.allCases.map(\.rawValue), group: "by")), .flag("--json"), .flag("--csv"),
        .value("--width", .number), .flag("--ascii"), .value("--in", .currency),
    ]
    /// The report kinds are its verbs; `trend` takes a category.
    public static let surface = CommandSurface(group: "report", verbs: ReportKind.allCases.map { kind in
        kind == .trend ? CommandVerb(kind.rawValue, .repeated(.category)) : CommandVerb(kind.rawValue)
    })

    /// The longest span shown month by month (cash flow, trend, --by month): 20 years.
    static let maximumMonths = 240

    let kind: ReportKind
    let period: PeriodSpec?
    let grouping: CategoryReport.Grouping
    /// `report trend food`: the category as typed, resolved through the grammar when run.
    let categoryName: String?
    let json: Bool
    let csv: Bool
    let width: Int?
    let ascii: Bool
    /// `--in CODE`: the currency the figures are shown in (the base currency without it).
    let target: Currency?

    public init(_ arguments: CommandArguments) throws(UsageError) {
        var words = arguments.words[...]
        let vocabulary = arguments.vocabulary
        if let word = words.first {
            guard let kind = arguments.verb(of: Self.surface).flatMap(ReportKind.init(rawValue:)) else {
                throw UsageError(key: "report.bad-kind", arguments: ["value": word])
            }
            self.kind = kind
            words = words.dropFirst()
        } else {
            kind = .spending
        }
        if kind == .trend, !words.isEmpty {
            categoryName = words.joined(separator: " ")
            words = []
        } else {
            categoryName = nil
        }
        guard words.isEmpty else { throw arguments.unexpected(Array(words)) }

        if let text = arguments.values["--period"] {
            guard [.spending, .income, .cashflow, .trend].contains(kind) else {
                throw UsageError(key: "report.option-not-applicable", arguments: ["option": "--period", "kind": kind.rawValue])
            }
            let word = vocabulary.name(in: "period", for: text) ?? text
            guard let spec = PeriodSpec(word) else { throw UsageError(key: "report.bad-period", arguments: ["value": text]) }
            period = spec
        } else {
            period = nil
        }
        if let text = arguments.values["--by"] {
            guard kind == .spending || kind == .income else {
                throw UsageError(key: "report.option-not-applicable", arguments: ["option": "--by", "kind": kind.rawValue])
            }
            // A word of the vocabulary ("по счетам"), else the grouping's own name in any case.
            let name = vocabulary.name(in: "by", for: text) ?? text.lowercased()
            guard let grouping = CategoryReport.Grouping(rawValue: name) else {
                throw UsageError(key: "report.bad-by", arguments: ["value": text])
            }
            self.grouping = grouping
        } else {
            grouping = .category
        }
        json = arguments.flags.contains("--json")
        csv = arguments.flags.contains("--csv")
        if let text = arguments.values["--width"] {
            guard let value = Int(text), value >= ChartStyle.minimumWidth, value <= 1000 else {
                throw UsageError(key: "report.bad-width", arguments: ["value": text, "minimum": String(ChartStyle.minimumWidth)])
            }
            width = value
        } else {
            width = nil
        }
        ascii = arguments.flags.contains("--ascii")
        if let code = arguments.values["--in"] {
            guard let currency = Currency(code: code) else { throw UsageError(key: "rate.bad-currency", arguments: ["value": code]) }
            target = currency
        } else {
            target = nil
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let json = self.json || (context.app?.options.json ?? false)
        guard !(json && csv) else { return context.usage(UsageError(key: "report.json-and-csv")) }
        let today = context.configuration.today
        let journalBase = context.configuration.baseCurrency
        let base = target ?? journalBase
        // A month per row or column: a span of centuries would be a screenful of nothing.
        if let period, kind == .cashflow || kind == .trend || grouping == .month,
           period.resolve(today: today).months.count > ReportCommand.maximumMonths {
            return context.usage(UsageError(key: "report.period-too-long", arguments: ["months": String(ReportCommand.maximumMonths)]))
        }
        let chart = ChartStyle(width: width ?? (context.app == nil ? ChartStyle.defaultWidth : ChartStyle.terminalWidth()),
                               ascii: ascii || ChartStyle.localeIsASCII(context.app?.environment ?? [:]))
        return context.storeChange(readOnly: true) { journal in
            var category: String?
            if let categoryName {
                guard let slug = CategoryDirectory(grammar: context.parser.grammar, journal: journal).slug(named: categoryName) else {
                    return context.usage(UsageError(key: "list.bad-category", arguments: ["value": categoryName]))
                }
                category = slug
            }
            // Budgets (BudgetBook: one pass, or the session's kept state) for the budget report,
            // the health score's adherence and the budget insights.
            var budgets: [BudgetStatus] = []
            if kind == .budget || kind == .health || kind == .insights {
                let book = context.session?.budgets ?? BudgetBook(journal: journal, configuration: context.configuration, app: context.app)
                budgets = try book.current().statuses()
                // The score's adherence: budgets as last month ended, when there were any then.
                if kind == .health, case let ended = try book.endedLastMonth(), !ended.isEmpty { budgets = ended }
            }
            if kind == .budget, !budgets.isEmpty {
                // The listing has text and JSON forms; a CSV of budgets is not made (yet).
                guard !csv else {
                    return context.usage(UsageError(key: "report.option-not-applicable", arguments: ["option": "--csv", "kind": kind.rawValue]))
                }
                return [.output(BudgetListing(statuses: budgets, json: json, ascii: chart.ascii))]
            }
            // With rates recorded, every amount is seen in the base currency at its own date's
            // rate; what has no rate stays in its currency (its own section) and is named.
            let rates = journal.rateTable(base: journalBase)
            // The recurring series, for the reports that count them.
            var recurring: RecurringCosts?
            if kind == .subscriptions || kind == .health || kind == .insights {
                let series = journal.objects(Series.kind).compactMap(Series.init(record:))
                let settled = DueOccurrences.settled(journal.objects(Occurrence.kind))
                recurring = try RecurringCosts.compute(series, settled: settled, today: today, base: base, rates: rates)
            }
            guard !rates.rates.isEmpty || base != journalBase else {
                let result = try compute(journal.source(), today: today, base: base, category: category, budgets: budgets,
                                         recurring: recurring)
                return [.report(ReportOutput(kind: kind, result: result, format: csv ? .csv : json ? .json : .text,
                                             chart: chart, base: base, today: today))]
            }
            let source = ConvertingSource(journal.source(), rates: rates, to: base)
            let result = try compute(source, today: today, base: base, category: category, budgets: budgets,
                                     recurring: recurring)
            return [.report(ReportOutput(kind: kind, result: result, format: csv ? .csv : json ? .json : .text,
                                         chart: chart, base: base, today: today))]
                + source.missing.map { missing in
                    .notice("rate.missing-in-report", ["currency": missing.currency.code, "date": missing.from.iso, "target": base.code])
                }
                + source.overflowed.map { overflow in
                    .notice("rate.overflow-in-report", ["currency": overflow.currency.code, "date": overflow.from.iso, "target": base.code])
                }
        }
    }

    /// The report's numbers over `source` (pure; the tests call it on arrays).
    func compute(_ source: some TransactionSource, today: CivilDate, base: Currency,
                 category: String?, budgets: [BudgetStatus] = [],
                 recurring: RecurringCosts? = nil) throws(MoneyError) -> ReportResult {
        switch kind {
        case .spending, .income:
            let span = (period ?? .month).resolve(today: today)
            return .category(try CategoryReport.compute(source, type: kind == .income ? .income : .expense, period: span,
                                                        grouping: grouping, today: today, base: base))
        case .cashflow:
            let span = period?.resolve(today: today) ?? CashflowReport.defaultPeriod(today: today)
            return .cashflow(try CashflowReport.compute(source, period: span, today: today, base: base))
        case .trend:
            let span = period?.resolve(today: today) ?? CashflowReport.defaultPeriod(today: today)
            return .trend(try TrendReport.compute(source, period: span, category: category, today: today, base: base))
        case .insights:
            return .insights(try Insights.compute(source, today: today, base: base, budgets: budgets, recurring: recurring))
        case .health:
            return .health(try HealthScore.compute(source, today: today, base: base, budgets: budgets, recurring: recurring))
        case .budget:
            // With budgets, `run` shows them (the budget listing); here there are none.
            return .unavailable(reason: "no-budgets")
        case .subscriptions:
            guard let recurring, !recurring.isEmpty else { return .unavailable(reason: "no-recurring-series") }
            return .subscriptions(recurring)
        }
    }
}
