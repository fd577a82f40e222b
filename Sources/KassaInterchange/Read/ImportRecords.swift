// ImportRecords: what a reader makes of a file — transactions (id 0 unless the file carries
// kassa's ids), accounts, lessons — and the rows it could not read, each with its line number
// and a reason (a catalog key suffix: "import.reason.<reason>") and the text at fault.
// Readers are pure functions from bytes to this value; the command decides what is written.

import KassaCore

public struct ImportProblem: Error, Sendable, Hashable {
    public var line: Int
    /// "date", "amount", "currency", "type", "columns", "json", … (import.reason.<reason>).
    public var reason: String
    public var detail: String

    public init(line: Int, reason: String, detail: String = "") {
        self.line = line
        self.reason = reason
        self.detail = detail
    }
}

public struct ImportRecords: Sendable {
    public var transactions: [Transaction] = []
    public var accounts: [Account] = []
    public var lessons: [(phrase: String, category: String)] = []
    public var problems: [ImportProblem] = []
    /// Category names the vocabulary did not know (they became `other`), with how many rows.
    public var unknownCategories: [String: Int] = [:]
    /// How an ambiguous date column was read ("dmy" or "mdy"), when it was.
    public var dateOrder: DateText.Order?

    public init() {}
}
