// NumericConventions: how a language writes numbers and dates in digits, from the `convention`
// lines of its grammar folder (Grammars/<lang>/numbers.rules):
//   convention grouping = comma, dot        marks that group thousands in "1,500" / "1.500"
//   convention date-order = day-month       or month-day: "03/04/2025", and whether "02.03" is asked
// A line is read with the conventions of its language (from its letters, else the session's).

struct NumericConventions: Sendable, Hashable {
    /// A number with one mark and three digits after it ("1,500", "1.500") is grouped, not a
    /// decimal, when the mark is one of these. Any other single mark is the decimal mark ("1.5",
    /// "12,50"); with both marks, the last is the decimal one whatever the language.
    var groupsWithComma: Bool
    var groupsWithDot: Bool
    /// Month first: "03/04/2025" is 4 March when the first part can be a month, and "02.03"
    /// (both parts ≤ 12) may be either, so the person is asked. Day first: always d/m.
    var monthFirst: Bool

    /// For a language whose grammar says nothing: comma groups, day first.
    static let plain = NumericConventions(groupsWithComma: true, groupsWithDot: false, monthFirst: false)

    /// The values a `convention NAME = …` line may take, by name.
    enum Name: String, CaseIterable {
        case grouping
        case dateOrder = "date-order"
    }
    static let groupingMarks = ["comma", "dot"]
    static let dateOrders = ["day-month", "month-day"]
}
