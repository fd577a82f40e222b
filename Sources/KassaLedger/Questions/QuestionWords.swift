// QuestionWords: a line cut into the words questions are matched on — lower case, ё as е, split
// at anything that is not a letter or a digit ("what's" is "what" "s", "топ-5" is "топ" "5"),
// the same way for the grammar's phrases and for what a person typed.

import KassaCore

public enum QuestionWords {
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in CaseFolding.lowercased(text).unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar == "ё" ? "е" : scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// A letter or a digit: ASCII and lower-case Cyrillic by range (every phrase of the shipped
    /// grammars and most of what is typed), anything else by its Unicode property.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x430...0x44F, 0x451: return true
        case 0..<0x80: return false
        default: return scalar.properties.isAlphabetic
        }
    }

    /// The word is digits only.
    static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}
