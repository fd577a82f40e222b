// ImportRecords+Skipped: a row a reader could not take is a bad row (the import stops unless
// --skip-bad) — except rows that are no transaction at all: a zero amount (a card check, a
// cancelled hold) and an operation whose status says it failed. Those are skipped and counted
// without --skip-bad, each kept with its line so --dry-run can list them.

extension ImportRecords {
    /// Reasons of rows that are skipped, not refused.
    static let skippedReasons: Set<String> = ["zero", "status"]

    /// A problem of a row: a skipped row or a bad one.
    public mutating func add(_ problem: ImportProblem) {
        guard ImportRecords.skippedReasons.contains(problem.reason) else {
            problems.append(problem)
            return
        }
        if problem.reason == "zero" { zeroRows += 1 }
        skippedRows.append(problem)
    }
}
