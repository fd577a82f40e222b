// QueryKind: what a question asks for, named as `kassa ask --json` names it (DESIGN.md §9).

public enum QueryKind: String, Sendable, CaseIterable {
    case total, count, average, top, compare, balance, budget, due, upcoming, subscriptions, last, unknown
    /// Income less spending over the period ("how much did I save this month", "income vs
    /// expenses", «сколько я сэкономил»): transfers are neither.
    case net

    /// When a question holds cues of several kinds, the first here wins ("how much do my
    /// subscriptions cost per month" is subscriptions, not a total or an average).
    public static let precedence: [QueryKind] = [
        .upcoming, .due, .subscriptions, .budget, .last, .net, .compare, .balance, .average, .count, .top, .total,
    ]
}
