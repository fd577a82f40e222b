// ReplyCorrection: the changes a correction makes, as ReplyReader read them: each field's new value,
// the words it was read from and the drafts it goes to; and a field said twice (the last one kept).

/// A correction: each field's new value and the drafts it goes to.
struct ReplyCorrection {
    struct Change {
        let field: String
        let value: FieldValue
        /// The words the value was read from.
        let said: String
        let indices: [Int]
    }

    var changes: [Change] = []
    /// A field said twice in one reply: its name and the value kept (the last one said).
    var repeated: (field: String, kept: String)?
}
