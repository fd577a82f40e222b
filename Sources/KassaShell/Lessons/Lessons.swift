// Lessons: the person's category choices, remembered for the words of a note in the journal so
// they win next time in every session. A lesson is written in the same change as the save or
// edit that taught it (one undo takes back both); `:lessons` lists them, `:forget N` removes one.

import KassaCore
import KassaStore

enum Lessons {
    /// The lesson choosing `category` for the words of `note`; nil when the note has no words.
    static func lesson(note: String, category: String) -> Lesson? {
        let phrase = Parser.learningKey(note)
        return phrase.isEmpty ? nil : Lesson(phrase: phrase, category: category)
    }

    /// The journal's lessons in a stable order (by phrase), as `:lessons` numbers them.
    static func list(_ journal: Journal) -> [Lesson] {
        journal.learnedCategories.compactMap { phrase, category in
            category.isEmpty ? nil : Lesson(phrase: phrase, category: category)
        }.sorted { $0.phrase < $1.phrase }
    }
}
