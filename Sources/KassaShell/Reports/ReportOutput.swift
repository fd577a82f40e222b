// ReportOutput: a computed report (KassaLedger's numbers) and how to show it — text with
// charts, one JSON object per line, or a CSV table — carried by SessionEvent.report to the
// renderers. Reports whose data the journal does not hold (no budgets set, no recurring series)
// are `unavailable`, with the reason, never a stub that pretends.

import KassaCore
import KassaLedger

public enum ReportKind: String, Sendable, CaseIterable {
    case spending, income, cashflow, trend, budget, subscriptions, insights, health
}

public enum ReportFormat: Sendable, Hashable {
    case text, json, csv
}

public enum ReportResult: Sendable, Hashable {
    case category(CategoryReport)
    case cashflow(CashflowReport)
    case trend(TrendReport)
    case insights(InsightsReport)
    case health(HealthScore)
    /// The active recurring series, their monthly costs and possible duplicates.
    case subscriptions(RecurringCosts)
    /// The journal has none of the data the report needs; `reason` is a stable code ("no-budgets").
    case unavailable(reason: String)
}

public struct ReportOutput: Sendable, Hashable {
    public let kind: ReportKind
    public let result: ReportResult
    public let format: ReportFormat
    public let chart: ChartStyle
    /// The currency the figures are meant in (amounts in others are shown apart).
    public let base: Currency
    public let today: CivilDate

    public init(kind: ReportKind, result: ReportResult, format: ReportFormat, chart: ChartStyle, base: Currency,
                today: CivilDate) {
        self.kind = kind
        self.result = result
        self.format = format
        self.chart = chart
        self.base = base
        self.today = today
    }
}
