// DraftStage: the drafts stage, the last. It reads the scan of a line (ScanStage) and gives its
// drafts: DraftAssembler splits the line into parts (one amount each) and carries what was said
// once to later parts; DraftBuilder decides each part's fields (date, accounts, amount,
// category), its flags and its confidence.

struct DraftStage: LineStage {
    /// The scan's money stage: a name's number that turns out to be the amount is read again
    /// as money ("bus 150"). Only it is kept, not the whole ScanStage: a stage is copied into
    /// the one after it, and the money stage is one reference to the view.
    let money: MoneyStage
    /// Where a draft's note words are listed (each part in turn).
    let noteMemory: UnsafeMutablePointer<Int>
    var line: LineView { money.line }

    init(_ scan: borrowing ScanStage) {
        money = scan.money
        noteMemory = scan.scratch.noteTokens
    }
}
