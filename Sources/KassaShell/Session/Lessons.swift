// Lessons: the person's category choices remembered for the words of a note, in the journal,
// so they win next time in every session.

import KassaCore
import KassaStore

enum Lessons {
    /// Remembers `category` for the words of `note`. A failure to write the lesson costs only
    /// the lesson: no message.
    static func learn(note: String, category: String, in journal: Journal) {
        let phrase = Parser.learningKey(note)
        guard !phrase.isEmpty, journal.learnedCategories[phrase] != category else { return }
        _ = try? journal.learn(phrase: phrase, category: category)
    }
}
