// Golden renderings of every report over one fixed journal: English and Russian, 80 and 40
// columns, colour and NO_COLOR, UTF-8 and ASCII, plus --json and --csv. Files under
// Golden/Reports/ (escape codes shown as ␛); re-record with KASSA_RECORD_GOLDEN=1 swift test.
// Also: every message key a report can ask for exists in both languages, and the display
// width used for alignment counts Cyrillic as one column and East Asian wide characters as two.

import Foundation
import Testing
import KassaTestSupport
import KassaCore
import KassaLedger
@testable import KassaShell

@Suite struct ReportGoldenTests {
    static let directory = TestSupport.packageRoot.appendingPathComponent("Tests/KassaShellTests/Golden/Reports")
    static let today = CivilDate(year: 2026, month: 3, day: 20)!
    static let usd = Currency(code: "USD")!

    /// Fifteen months of a life: salary on the 5th, rent on the 1st, groceries, coffee, taxis
    /// growing since November, a USD subscription, a Cyrillic and a wide-character account, a
    /// category the grammar has no name for, and an account left idle since December.
    static let transactions: [Transaction] = {
        var random = SeededGenerator(state: 2026)
        var out: [Transaction] = []
        func add(_ day: Int, _ type: TransactionType, _ minor: Int64, _ category: String?, _ account: String,
                 currency: Currency = .kzt, to: String? = nil) {
            out.append(Transaction(id: out.count + 1, type: type, amount: Money(minorUnits: minor, currency: currency),
                                   date: CivilDate(daysSinceEpoch: day), category: category, account: account, toAccount: to))
        }
        let start = CivilDate(year: 2025, month: 1, day: 1)!.daysSinceEpoch
        for day in start...today.daysSinceEpoch {
            let date = CivilDate(daysSinceEpoch: day)
            if date.day == 1 {
                add(day, .expense, 180_000_00, "housing/rent", "kaspi")
                add(day, .expense, 9_99, "subscriptions", "usd-card", currency: usd)
            }
            if date.day == 5 { add(day, .income, 450_000_00, "income/salary", "kaspi") }
            if date.day == 12 && date.month % 3 == 0 { add(day, .income, 35_000_00, "income/gifts", "наличные") }
            if date.day == 15 && day < CivilDate(year: 2025, month: 12, day: 1)!.daysSinceEpoch {
                add(day, .transfer, 20_000_00, nil, "kaspi", to: "halyk")
            }
            if random.next() % 2 == 0 { add(day, .expense, Int64(3_000 + random.next() % 12_000) * 100, "food/groceries", "kaspi") }
            if random.next() % 3 == 0 { add(day, .expense, Int64(900 + random.next() % 1_600) * 100, "food/coffee", "наличные") }
            if random.next() % 4 == 0 {
                let growth = max(0, Period.monthNumber(date) - Period.monthNumber(CivilDate(year: 2025, month: 10, day: 1)!))
                add(day, .expense, Int64(1_500 + random.next() % 2_000 + 400 * UInt64(growth)) * 100, "transport/taxi", "kaspi")
            }
            if random.next() % 20 == 0 { add(day, .expense, Int64(5_000 + random.next() % 20_000) * 100, "hobby/models", "日本カード") }
            if random.next() % 25 == 0 { add(day, .expense, Int64(2_000 + random.next() % 6_000) * 100, nil, "kaspi") }
        }
        return out
    }()

    struct Variant {
        let width: Int
        let colour: Bool
        let ascii: Bool
        var name: String { "width \(width), \(colour ? "colour" : "NO_COLOR"), \(ascii ? "ASCII" : "UTF-8")" }
    }

    static let variants: [Variant] = [80, 40].flatMap { width in
        [false, true].flatMap { ascii in [false, true].map { Variant(width: width, colour: $0, ascii: ascii) } }
    }

    /// Each golden file: a name and the report it shows.
    static let cases: [(name: String, kind: ReportKind, compute: @Sendable () throws -> ReportResult)] = [
        ("spending", .spending, {
            .category(try CategoryReport.compute(source, type: .expense, period: .month(containing: today), grouping: .category, today: today))
        }),
        ("spending-week", .spending, {
            .category(try CategoryReport.compute(source, type: .expense, period: .week(containing: today), grouping: .category, today: today))
        }),
        ("spending-by-account", .spending, {
            .category(try CategoryReport.compute(source, type: .expense, period: .year(containing: today), grouping: .account, today: today))
        }),
        ("spending-by-month", .spending, {
            .category(try CategoryReport.compute(source, type: .expense, period: .year(containing: CivilDate(year: 2025, month: 1, day: 1)!),
                                                 grouping: .month, today: today))
        }),
        ("income", .income, {
            .category(try CategoryReport.compute(source, type: .income, period: .month(year: 2025, month: 12), grouping: .category, today: today))
        }),
        ("cashflow", .cashflow, {
            .cashflow(try CashflowReport.compute(source, period: CashflowReport.defaultPeriod(today: today), today: today))
        }),
        ("trend", .trend, {
            .trend(try TrendReport.compute(source, period: CashflowReport.defaultPeriod(today: today), category: nil, today: today))
        }),
        ("trend-food", .trend, {
            .trend(try TrendReport.compute(source, period: CashflowReport.defaultPeriod(today: today), category: "food", today: today))
        }),
        ("insights", .insights, { .insights(try Insights.compute(source, today: today)) }),
        ("health", .health, { .health(try HealthScore.compute(source, today: today)) }),
        ("budget", .budget, { .unavailable(reason: "no-budgets") }),
        ("subscriptions", .subscriptions, { .subscriptions(try recurring()) }),
        ("subscriptions-none", .subscriptions, { .unavailable(reason: "no-recurring-series") }),
        ("health-recurring", .health, { .health(try HealthScore.compute(source, today: today, recurring: recurring())) }),
        ("insights-recurring", .insights, { .insights(try Insights.compute(source, today: today, recurring: recurring())) }),
    ]

    /// The series of the fixed journal: two streaming subscriptions (same category, similar
    /// cost: possible duplicates), rent every month, a weekly lesson, a USD yearly licence with
    /// no rate (left out of the totals and named), a paused gym and an income series (neither counted).
    static func recurring() throws -> RecurringCosts {
        func kzt(_ major: Int64) -> Money { Money(minorUnits: major * 100, currency: .kzt) }
        let series = [
            Series(id: 1, note: "netflix", amount: kzt(4_990), category: "subscriptions", account: "kaspi", frequency: .monthly,
                   start: CivilDate(year: 2025, month: 6, day: 5)!, kind: .subscription),
            Series(id: 2, note: "кинопоиск", amount: kzt(4_490), category: "subscriptions", account: "kaspi", frequency: .monthly,
                   start: CivilDate(year: 2025, month: 9, day: 28)!, kind: .subscription),
            Series(id: 3, note: "rent", amount: kzt(180_000), category: "housing/rent", account: "kaspi", frequency: .monthly,
                   start: CivilDate(year: 2025, month: 1, day: 1)!),
            Series(id: 4, note: "english lesson", amount: kzt(6_000), category: "education", account: "наличные", frequency: .weekly,
                   start: CivilDate(year: 2026, month: 1, day: 7)!),
            Series(id: 5, note: "ide licence", amount: Money(minorUnits: 199_00, currency: usd), category: "software",
                   account: "usd-card", frequency: .yearly, start: CivilDate(year: 2025, month: 11, day: 2)!, kind: .subscription),
            Series(id: 6, note: "gym", amount: kzt(25_000), category: "sport", frequency: .monthly,
                   start: CivilDate(year: 2025, month: 3, day: 1)!, status: .paused),
            Series(id: 7, note: "salary", amount: kzt(450_000), type: .income, category: "income/salary", account: "kaspi",
                   frequency: .monthly, start: CivilDate(year: 2025, month: 1, day: 5)!),
        ]
        let settled: [Int: Set<CivilDate>] = [3: [CivilDate(year: 2026, month: 3, day: 1)!]]
        return try RecurringCosts.compute(series, settled: settled, today: today, base: .kzt)
    }

    static var source: TransactionArraySource { TransactionArraySource(transactions) }

    static var files: [String] { cases.flatMap { ["en-\($0.name).txt", "ru-\($0.name).txt"] } }

    static let grammar: Grammar = Grammar.load(Fixtures.resources.grammarSources).0

    static func render(_ result: ReportResult, kind: ReportKind, language: Language) -> String {
        var out = ""
        for variant in variants {
            let output = ReportOutput(kind: kind, result: result, format: .text, chart: ChartStyle(width: variant.width, ascii: variant.ascii),
                                      base: .kzt, today: today)
            let renderer = TextRenderer(catalog: Fixtures.catalog(language), grammar: grammar, style: TextStyle(enabled: variant.colour))
            out += "=== \(variant.name)\n"
            for line in renderer.render(.report(output)) { out += line.text.replacingOccurrences(of: "\u{1B}", with: "␛") + "\n" }
        }
        for (format, name) in [(ReportFormat.json, "--json"), (.csv, "--csv")] {
            let output = ReportOutput(kind: kind, result: result, format: format, chart: ChartStyle(), base: .kzt, today: today)
            let renderer = TextRenderer(catalog: Fixtures.catalog(language), grammar: grammar, style: TextStyle(enabled: true))
            out += "=== \(name)\n"
            for line in renderer.render(.report(output)) { out += line.text.replacingOccurrences(of: "\r", with: "⏎") + "\n" }
        }
        return out
    }

    @Test(arguments: files)
    func renderingMatches(file: String) throws {
        let language: Language = file.hasPrefix("ru-") ? .ru : .en
        let name = String(file.dropFirst(3).dropLast(4))
        let entry = try #require(Self.cases.first { $0.name == name })
        let actual = Self.render(try entry.compute(), kind: entry.kind, language: language)
        let url = Self.directory.appendingPathComponent(file)
        if Transcript.recording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == golden, "rendering \(file) differs; re-record with KASSA_RECORD_GOLDEN=1 if intended")
    }

    @Test(arguments: [80, 40])
    func noLineIsWiderThanTheWidthInPlainText(width: Int) throws {
        for entry in Self.cases {
            for language in Language.allCases {
                let output = ReportOutput(kind: entry.kind, result: try entry.compute(), format: .text,
                                          chart: ChartStyle(width: width), base: .kzt, today: Self.today)
                let renderer = TextRenderer(catalog: Fixtures.catalog(language), grammar: Self.grammar, style: TextStyle(enabled: false))
                for line in renderer.render(.report(output)) {
                    #expect(DisplayWidth.of(line.text) <= width, "\(entry.name) \(language): \(line.text)")
                }
            }
        }
    }

    @Test func everyReportMessageExistsInBothLanguages() {
        var keys = ReportKind.allCases.map { "report.\($0.rawValue).title" }.filter { !$0.contains("insights") && !$0.contains("health") }
        keys += ["report.insights.title", "report.health.title", "report.unavailable.no-budgets", "report.unavailable.no-recurring-series"]
        let insights: [Insight] = [
            .topCategory(category: nil, amount: Money(minorUnits: 1, currency: .kzt), share: 0),
            .spike(category: nil, amount: Money(minorUnits: 1, currency: .kzt), average: Money(minorUnits: 1, currency: .kzt), ratio: 2),
            .averagePerDay(amount: Money(minorUnits: 1, currency: .kzt), days: 1),
            .growing(category: nil, months: 3, from: Money(minorUnits: 1, currency: .kzt), to: Money(minorUnits: 2, currency: .kzt)),
            .incomeVsExpense(income: Money(minorUnits: 1, currency: .kzt), expense: Money(minorUnits: 1, currency: .kzt), ratio: 1, over: 3),
            .emergencyFund(months: 1, balance: Money(minorUnits: 1, currency: .kzt), monthlyExpense: Money(minorUnits: 1, currency: .kzt)),
            .forecast(amount: Money(minorUnits: 1, currency: .kzt), spent: Money(minorUnits: 1, currency: .kzt),
                      recurring: Money(minorUnits: 0, currency: .kzt), daysLeft: 1),
            .runway(months: 1, balance: Money(minorUnits: 1, currency: .kzt), monthlyNet: Money(minorUnits: -1, currency: .kzt), over: 3),
            .dormant(account: "cash", days: 30),
        ]
        keys += insights.map { "report.insight." + $0.code }
        keys += ["up", "down"].map { "report.insight.month-over-month." + $0 }
        keys += ["good", "fair", "poor"].map { "report.insight.savings-rate." + $0 }
        keys += HealthScore.Component.allCases.map { "report.health.component." + $0.rawValue }
        keys += ["excellent", "good", "fair", "needs-attention"].map { "report.health.grade." + $0 }
        keys += ["no-budgets", "no-recurring-series", "no-income", "no-expenses", "no-history"].map { "report.health.missing." + $0 }
        keys += (1...12).map { "report.month.\($0)" }
        for language in Language.allCases {
            let catalog = Fixtures.catalog(language)
            for key in keys { #expect(catalog.has(key), "\(key) missing in \(language)") }
        }
    }

    @Test func displayWidthCountsColumns() {
        #expect(DisplayWidth.of("Продукты") == 8)
        #expect(DisplayWidth.of("日本カード") == 10)
        #expect(DisplayWidth.of("е\u{0301}") == 1)  // a combining accent takes no column
        #expect(DisplayWidth.padRight("日本", to: 6) == "日本  ")
        #expect(DisplayWidth.truncate("Развлечения", to: 6) == "Развл…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("日本カード", to: 5)) <= 5)
    }

    @Test func chartsDrawEighthsAndASCII() {
        #expect(BarChart.bar(1, width: 4, ascii: false) == "████")
        #expect(BarChart.bar(0.5, width: 3, ascii: false) == "█▌")
        #expect(BarChart.bar(0.01, width: 10, ascii: false) == "▏")   // a sliver, never nothing
        #expect(BarChart.bar(0, width: 10, ascii: false) == "")
        #expect(BarChart.bar(0.5, width: 4, ascii: true) == "##")
        #expect(Sparkline.line([0, 1, 2, 3, 4, 5, 6, 7], ascii: false) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.line([0, 0], ascii: true) == "__")
        #expect(Sparkline.line([7, 0, 7], ascii: true) == "#_#")
        let plain = TextStyle(enabled: false)
        #expect(ColumnChart.rows([8, -4, 0], half: 1, barWidth: 1, gap: 1, ascii: false, style: plain) == ["█", "─────", "  ▀"])
        #expect(ColumnChart.rows([8, -4, 0], half: 1, barWidth: 1, gap: 1, ascii: true, style: plain) == ["#", "-----", "  ="])
        // Two rows up: 3/16 of the way is a ▃ in the lower row; no negative month, no lower half.
        #expect(ColumnChart.rows([16, 3], half: 2, barWidth: 2, gap: 1, ascii: false, style: plain) == ["██", "██ ▃▃", "─────"])
        #expect(ColumnChart.rows([0, 0], half: 2, barWidth: 1, gap: 1, ascii: false, style: plain).isEmpty)
    }

    @Test func asciiComesFromTheLocale() {
        #expect(ChartStyle.localeIsASCII(["LANG": "C"]))
        #expect(ChartStyle.localeIsASCII(["LC_ALL": "ru_RU.KOI8-R", "LANG": "ru_RU.UTF-8"]))
        #expect(!ChartStyle.localeIsASCII(["LANG": "ru_RU.UTF-8"]))
        #expect(!ChartStyle.localeIsASCII(["LC_CTYPE": "C.utf8"]))
        #expect(!ChartStyle.localeIsASCII([:]))
    }
}
