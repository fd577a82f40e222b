// ReplyExplanation: what `:why` says about the last reply to waiting drafts: the reading that won,
// the words that decided it, and each change with the drafts it went to.

/// Which reading a reply got, and the words that decided it: what `:why` shows.
public struct ReplyExplanation: Sendable, Equatable {
    public let input: String
    /// `dialog.reading.NAME`: confirm, refuse, undo, drop, correction, entry, command, documented, …
    public let reading: String
    /// The words of the reply that decided it (a cue, a negation, a named draft), may be empty.
    public let cue: String
    /// Each change: the field, the words its value was read from, the drafts (numbered from 1).
    public let details: [Detail]
    /// How many drafts waited.
    public let draftCount: Int

    public struct Detail: Sendable, Equatable {
        public let field: String
        public let said: String
        public let drafts: [Int]
    }
}
