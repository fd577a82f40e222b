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
    /// The included file the line is in, as the journal named it ("" for the imported file).
    public var file: String

    public init(line: Int, reason: String, detail: String = "", file: String = "") {
        self.line = line
        self.reason = reason
        self.detail = detail
        self.file = file
    }

    /// The line as a message names it: "12", or "2014.journal:12" in an included file.
    public var place: String { file.isEmpty ? String(line) : file + ":" + String(line) }
}

public struct ImportRecords: Sendable {
    public var transactions: [Transaction] = []
    public var accounts: [Account] = []
    public var lessons: [(phrase: String, category: String)] = []
    /// A backup's budgets, series, rates, categories and account profiles (journal objects).
    public var objects: [ObjectRecord] = []
    public var problems: [ImportProblem] = []
    /// Category names the vocabulary did not know (they became `other`), with how many rows.
    public var unknownCategories: [String: Int] = [:]
    /// The day/month order a CSV's date column decided (a row such as 15/04/2026), when it did.
    public var dateOrder: DateText.Order?
    /// A CSV's delimiter, as given or detected (for a saved rules file).
    public var separator: UInt8?
    /// Statement rows of a zero amount (a card check, a cancelled hold): skipped, counted.
    public var zeroRows = 0
    /// Rows skipped without --skip-bad — a zero amount, a failed or cancelled operation — each
    /// with its line (`--dry-run` lists them; ImportRecords+Skipped).
    public var skippedRows: [ImportProblem] = []
    /// A bank's card column values that differ from the account --account named, with how many
    /// rows (--account wins; the import says so).
    public var cardsDiffering: [String: Int] = [:]
    /// A plain-text journal's accounts, categories, skipped lines and assertions.
    public var journal: JournalNotes?
    /// Which of `transactions` the file marks cleared (a journal's status), by index.
    public var cleared: Set<Int> = []

    public init() {}
}
