// QuestionWords: a line cut into the words questions are matched on — lower case, ё as е, split
// at anything that is not a letter or a digit ("what's" is "what" "s", "топ-5" is "топ" "5"),
// the same way for the grammar's phrases and for what a person typed; and which words were
// written with a capital.

import KassaCore

public enum QuestionWords {
    public static func words(_ text: String) -> [String] {
        split(CaseFolding.lowercased(text))
    }

    /// For each of `words(text)`, whether it was written with a capital letter ("Madina",
    /// «Мадине»): a name, when no rule knows the word. All false when the two splits differ.
    public static func capitalized(_ text: String) -> [Bool] {
        let original = split(text)
        guard original.count == words(text).count else { return Array(repeating: false, count: words(text).count) }
        return original.map { $0.first?.isUppercase ?? false }
    }

    /// The words of `text` as it is (ё read as е).
    private static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var words: [String] = []
            var current: [UInt8] = []
            func flush() {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                // ASCII and two-byte Cyrillic by their bytes; anything else by its scalar.
                if byte < 0x80 {
                    if isWordScalar(Unicode.Scalar(byte)) { current.append(byte) } else { flush() }
                    i += 1
                    continue
                }
                var length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                length = min(length, bytes.count - i)
                if length == 2, byte == 0xD1, bytes[i + 1] == 0x91 {
                    current += [0xD0, 0xB5]          // ё read as е
                } else if let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self)
                            .unicodeScalars.first, isWordScalar(scalar) {
                    current += bytes[i..<(i + length)]
                } else {
                    flush()
                }
                i += length
            }
            flush()
            return words
        }
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
