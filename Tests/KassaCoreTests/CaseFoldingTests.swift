// CaseFolding gives exactly what String.lowercased() gives: by byte for Latin and Cyrillic,
// through the standard library for everything else.
import Testing
@testable import KassaCore

@Suite struct CaseFoldingTests {
    @Test func everyLatinAndCyrillicLetterLowersAsTheStandardLibraryDoes() {
        for value in Array(0x20...0x7E) + Array(0x400...0x47F) {
            let text = String(Character(Unicode.Scalar(UInt32(value))!))
            #expect(CaseFolding.lowercased(text) == text.lowercased(), "U+\(String(value, radix: 16))")
        }
    }

    @Test func wordsOfAnyScriptAndInvalidBytes() {
        for word in ["ПОМОЩЬ", "Ёлка", "ЁЛКА", "Help", "kassa", "İstanbul", "ΣΟΦΙΑ", "Straße", "ǅemal", "Қазақ", "",
                     "mixed ТЕКСТ and Greek Ω"] {
            #expect(CaseFolding.lowercased(word) == word.lowercased(), "\(word)")
        }
        // A lone lead byte, a lead byte before ASCII, and a stray continuation byte are repaired as String repairs them.
        for bytes: [UInt8] in [[0xD0], [0xD0, 0x41], [0x80, 0x41], [0x41, 0xD1]] {
            #expect(bytes.withUnsafeBufferPointer { CaseFolding.lowercased(bytes: $0) } == String(decoding: bytes, as: UTF8.self).lowercased())
        }
    }
}
