// QuestionWords: a line cut into the words questions are matched on — lower case, ё as е, split
// at anything that is not a letter or a digit ("what's" is "what" "s", "топ-5" is "топ" "5"),
// the same way for the grammar's phrases and for what a person typed.

import KassaCore

public enum QuestionWords {
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in CaseFolding.lowercased(text).unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.append(scalar == "ё" ? "е" : scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// The word is digits only.
    static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}
