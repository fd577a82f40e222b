// SeriesStatus and SeriesKind: the closed vocabularies of a recurring series, spelled as in the
// JSON contract (`"status"`, `"kind"` of `kassa recurring --json`).

public enum SeriesStatus: String, Sendable, Hashable, CaseIterable {
    /// Occurrences fall due and are asked at session start.
    case active
    /// Nothing is asked while paused; a resume starts from the next date (no back-fill).
    case paused
    /// Kept for history, never due again, not listed by default.
    case archived
}

public enum SeriesKind: String, Sendable, Hashable, CaseIterable {
    case generic
    /// Counted in the subscriptions total; reminded 3 days ahead unless told otherwise.
    case subscription
}
