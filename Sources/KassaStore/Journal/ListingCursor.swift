// ListingCursor: one thread's place in a long listing. It keeps the window of journal text its
// last row came from, so the next rows in that window are read without TextWindows' lock (a
// lock a row was a tenth of `kassa list` of a million, with the two threads waiting on each
// other), and says whether rows need their dictated input (a text listing shows none: one
// string fewer a row). Used by one thread at a time; a window it holds is never reused under it.

public final class ListingCursor {
    var window: TextWindow?
    let readsInput: Bool

    public init(readsInput: Bool = true) {
        self.readsInput = readsInput
    }
}
