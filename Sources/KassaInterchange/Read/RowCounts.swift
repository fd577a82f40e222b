// RowCounts: what a caller counts of the rows handed on in EncodedRuns, counted by the thread
// that decoded them (per piece of a block) so the thread handing rows on does not count per row:
// rows by type and by account (a row's account, "none" as nil, and its to_account when it has one).

public struct RowCounts {
    public var expense = 0, income = 0, transfer = 0
    /// Accounts named with how many rows name them; nil: rows without an account.
    public var accounts: [(name: String?, count: Int)] = []

    public init() {}
}
