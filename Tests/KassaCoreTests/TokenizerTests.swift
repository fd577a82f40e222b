// Tests for Tokenizer: the one pass over UTF-8 bytes that splits a line into tokens, normalizes
// them (lower case, ё → е, apostrophes dropped) and keeps scalar and byte offsets exact for
// Cyrillic and other multi-byte text.
import Testing
@testable import KassaCore

@Suite struct TokenizerTests {
    func tokens(_ text: String, table: WordTable? = nil) -> (tokens: [Token], norm: [UInt8]) {
        var norm: [UInt8] = []
        let tokens = Tokenizer.tokenize(text, table: table, norm: &norm)
        return (tokens, norm)
    }

    func words(_ text: String) -> [String] {
        let (list, norm) = tokens(text)
        return list.map { String(decoding: norm[$0.normStart..<$0.normEnd], as: UTF8.self) }
    }

    @Test func splitsLettersFromDigitsAndKeepsNumberSeparators() {
        #expect(words("14april 10k$") == ["14", "april", "10", "k", "$"])
        #expect(words("1,500.50 2014-04-18 14:30 10.12. x") == ["1,500.50", "2014-04-18", "14:30", "10.12.", "x"])
        #expect(words(".77 cents") == [".77", "cents"])
        #expect(words("wi-fi, ok") == ["wi", "-", "fi", ",", "ok"])
    }

    @Test func aTrailingDotStaysWithADayAndMonthOnlyInsideTheLine() {
        // Inside the line "10.12." is a date's own dot; at the line's end it is the full stop
        // dictation writes after every sentence, and "12.50." can never be a day and month.
        #expect(words("10.12. кофе") == ["10.12.", "кофе"])
        #expect(words("3.5. from kaspi") == ["3.5.", "from", "kaspi"])
        #expect(words("3.5. From Kaspi") == ["3.5", ".", "from", "kaspi"])
        #expect(words("3.5.From") == ["3.5.", "from"])
        #expect(words("no, 3.5.") == ["no", ",", "3.5", "."])
        #expect(words("no, 3.5.  ") == ["no", ",", "3.5", "."])
        #expect(words("12.50. lunch") == ["12.50", ".", "lunch"])
        #expect(words("32.01. x") == ["32.01", ".", "x"])
        #expect(words("1.13. x") == ["1.13", ".", "x"])
        #expect(words("123.5. x") == ["123.5", ".", "x"])
        #expect(words("0.5. x") == ["0.5", ".", "x"])
    }

    @Test func caselessSignsLowerAsUnicodeSays() {
        // The signs `lower` answers without Unicode's lookup map to themselves there too.
        let ranges: [ClosedRange<UInt32>] = [0xA0...0xBF, 0x2000...0x206F, 0x20A0...0x20CF, 0x2190...0x21FF]
        var checked = 0
        for range in ranges {
            for value in range where Unicode.Scalar(value) != nil {
                #expect(Tokenizer.isCaseless(value))
                #expect(Tokenizer.lower(value) == Tokenizer.lowerOther(value), "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        #expect(checked > 300)
        // Just outside them case matters: Ω (U+2126) and Ⅰ (U+2160) have lower cases.
        #expect(!Tokenizer.isCaseless(0x2126) && Tokenizer.lower(0x2126) != 0x2126)
        #expect(!Tokenizer.isCaseless(0x2160) && Tokenizer.lower(0x2160) != 0x2160)
    }

    @Test func everyLetterNormalizesAsLowerSays() {
        // Latin and basic Cyrillic letters are lower-cased on their bytes: each must come out as
        // Tokenizer.lower's scalar, alone, first, inside and last in a word, hashed the same.
        let letters = (UInt32(0x41)...0x7A).filter { Tokenizer.isLetter($0) } + (UInt32(0x400)...0x4FF).map { $0 }
        for value in letters {
            let letter = String(Unicode.Scalar(value)!)
            let lowered = String(Unicode.Scalar(Tokenizer.lower(value))!)
            for (word, expected) in [(letter, lowered), (letter + "ab", lowered + "ab"), ("ж" + letter + "z", "ж" + lowered + "z"),
                                     ("Q" + letter, "q" + lowered)] {
                let (list, norm) = tokens(word)
                #expect(list.count == 1, "U+\(String(value, radix: 16)) in \(word)")
                #expect(String(decoding: norm, as: UTF8.self) == expected, "U+\(String(value, radix: 16)) in \(word)")
                #expect(list.first?.end == word.unicodeScalars.count)
                #expect(list.first?.byteEnd == word.utf8.count)
            }
        }
        // Hashing follows the bytes: a word whose capitals and ё are folded is found in the table.
        var table = WordTable()
        let ids = ["елка", "кофе", "rtx", "щёлк"].map { table.intern(Array(Tokenizer.normalize($0).utf8)) }
        #expect(tokens("ЁЛКА КоФе RTX ЩЁЛК", table: table).tokens.map(\.word) == ids)
    }

    @Test func normalizesCaseYoAndApostrophes() {
        #expect(words("ЁЛКА Кофе McDonald's") == ["елка", "кофе", "mcdonalds"])
        #expect(words("it’s") == ["its"])
    }

    @Test func offsetsCountScalarsAndBytes() {
        let text = "кофе  1500\u{00A0}₸"
        let (list, _) = tokens(text)
        #expect(list.map(\.kind) == [.word, .number, .symbol])
        #expect(list.map(\.start) == [0, 6, 11])
        #expect(list.map(\.end) == [4, 10, 12])
        let bytes = Array(text.utf8)
        for t in list {
            let original = String(decoding: bytes[t.byteStart..<t.byteEnd], as: UTF8.self)
            #expect(Array(original.unicodeScalars).count == t.end - t.start)
        }
        #expect(list.map(\.glued) == [false, false, false])
        #expect(tokens("10k").tokens.map(\.glued) == [false, true])
    }

    @Test func wordsAreHashedAsTheTableHashesThem() {
        var table = WordTable()
        let coffee = table.intern(Array("кофе".utf8))
        let dollar = table.intern(Array("$".utf8))
        let (list, _) = tokens("Кофе 5$ чай", table: table)
        #expect(list.map(\.word) == [coffee, -1, dollar, -1])
    }

    @Test func emptyAndSpaceOnlyTextGiveNoTokens() {
        #expect(tokens("").tokens.isEmpty)
        #expect(tokens(" \t\u{3000}\u{FEFF} ").tokens.isEmpty)
    }
}

@Suite struct ScalarCountTests {
    @Test func countsScalarsOfEveryWidthAtEveryAlignment() {
        let samples = ["", "a", "кофе", "€20 и ₸", "😀a😀bб", "coffee 1500 и кофе 900 ₸ 😀 done"]
        for text in samples {
            for prefix in 0..<9 {
                var s = String(repeating: "x", count: prefix) + text
                let expected = s.unicodeScalars.count
                let counted = s.withUTF8 { Tokenizer.scalarCount($0) }
                #expect(counted == expected, "\(prefix) + \(text)")
            }
        }
    }
}
