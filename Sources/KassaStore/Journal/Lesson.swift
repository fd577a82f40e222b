// Lesson: a category the person taught for the words of a note, kept as a journal record
// (JournalObjects) so every session shares it, it survives restarts and undoes like any change.

import KassaCore

/// A category the person chose for the words of a note ("coffee" → food/groceries); nil
/// category forgets the phrase.
public struct Lesson: Sendable, Hashable {
    public var phrase: String
    public var category: String?

    public init(phrase: String, category: String?) {
        self.phrase = phrase
        self.category = category
    }
}
