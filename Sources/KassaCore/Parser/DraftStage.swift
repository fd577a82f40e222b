// DraftStage: the drafts stage, the last. It reads the scan of a line (ScanStage) and gives its
// drafts: DraftAssembler splits the line into parts (one amount each) and carries what was said
// once to later parts; DraftBuilder decides each part's fields (date, accounts, amount,
// category), its flags and its confidence.

struct DraftStage: LineStage {
    let scan: ScanStage
    /// Where a draft's note words are listed (each part in turn).
    let noteMemory: UnsafeMutablePointer<Int>
    var line: LineView { scan.line }

    init(_ scan: ScanStage) {
        self.scan = scan
        noteMemory = scan.scratch.noteTokens
    }
}
