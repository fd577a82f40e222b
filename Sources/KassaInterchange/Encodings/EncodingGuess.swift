// EncodingGuess: which encoding a file is in, when no one said — deterministic and one pass over
// the bytes. A byte order mark decides (UTF-8, UTF-16 LE/BE); text with zero bytes at every other
// place is UTF-16; text that is valid UTF-8 is UTF-8, and so is text whose UTF-8 characters far
// outnumber its stray bytes (its reading then names the stray byte's line). Anything else is a single-byte code page:
// Cyrillic text comes in runs of high bytes (whole words), Western text has a lone accented
// letter among ASCII ones (Windows-1252); between Windows-1251 and KOI8-R, which both put
// Cyrillic letters at 0xC0…0xFF but in different places, the one whose letters are the more
// frequent Russian letters wins (the frequencies are counted case-blind: bank headers are
// often in capitals).

public enum EncodingGuess {
    public static func detect(_ bytes: [UInt8]) -> TextEncoding {
        if TextEncoding.hasUTF8Mark(bytes) { return .utf8 }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return .utf16 }
        if looksUTF16(bytes) { return .utf16 }
        if bytes.withUnsafeBufferPointer({ BackupLineDecoder.isValidUTF8($0) }) { return .utf8 }
        if mostlyUTF8(bytes) { return .utf8 }
        return singleByte(bytes)
    }

    /// True when the multi-byte UTF-8 characters outnumber the bytes that are not UTF-8 by
    /// `utf8Majority` to one: a UTF-8 file with a stray byte (a cut character, one pasted
    /// cp1251 word) stays UTF-8, so its reading stops naming that byte's line instead of every
    /// word of the file being garbled. Text in a single-byte code page makes a valid UTF-8
    /// pair only by chance (a capital letter before one of the few punctuation bytes).
    static func mostlyUTF8(_ bytes: [UInt8]) -> Bool {
        var valid = 0, invalid = 0
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] < 0x80 { index += 1; continue }
            let length = utf8Length(bytes[...], at: index)
            if length > 0 { valid += 1; index += length } else { invalid += 1; index += 1 }
        }
        return valid > 0 && valid >= invalid * utf8Majority
    }

    /// The length of the UTF-8 character starting at `index` (1 for ASCII), 0 when none starts there.
    static func utf8Length(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
        guard length > 0, index + length <= bytes.endIndex else { return 0 }
        for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// How many multi-byte UTF-8 characters per byte that is not UTF-8 make a file UTF-8 with stray bytes.
    static let utf8Majority = 8

    /// Zero bytes on one parity for a third of the first units: ASCII text in UTF-16.
    static func looksUTF16(_ bytes: [UInt8]) -> Bool {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4 else { return false }
        var even = 0, odd = 0
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { even += 1 } else { odd += 1 }
        }
        return max(even, odd) * 3 >= sample.count / 2 && min(even, odd) * 10 <= max(even, odd)
    }

    /// Windows-1251, KOI8-R or Windows-1252 for bytes that are not UTF-8.
    static func singleByte(_ bytes: [UInt8]) -> TextEncoding {
        var high = 0, inRuns = 0
        var cp1251 = 0, koi8 = 0
        var previousHigh = false
        for (index, byte) in bytes.enumerated() {
            guard byte >= 0x80 else { previousHigh = false; continue }
            high += 1
            let nextHigh = index + 1 < bytes.count && bytes[index + 1] >= 0x80
            if previousHigh || nextHigh { inRuns += 1 }
            previousHigh = true
            cp1251 += weight(SingleByteTables.windows1251[Int(byte) - 0x80])
            koi8 += weight(SingleByteTables.koi8r[Int(byte) - 0x80])
        }
        // Most high bytes alone between ASCII letters: accented Latin, not Cyrillic words.
        if high > 0, inRuns * 2 < high, defines(bytes, SingleByteTables.windows1252) { return .windows1252 }
        let candidates: [(TextEncoding, Int)] = [(.windows1251, cp1251), (.koi8r, koi8)]
        let usable = candidates.filter { defines(bytes, table(of: $0.0)) }
        guard let best = usable.max(by: { $0.1 < $1.1 }) else { return .windows1252 }
        // A tie (no Cyrillic letter at all) stays Windows-1251, the first listed.
        return usable.first { $0.1 == best.1 }!.0
    }

    private static func table(of encoding: TextEncoding) -> [UInt16] {
        encoding == .koi8r ? SingleByteTables.koi8r : encoding == .windows1252 ? SingleByteTables.windows1252 : SingleByteTables.windows1251
    }

    /// Whether every byte of `bytes` is a character of the code page.
    private static func defines(_ bytes: [UInt8], _ table: [UInt16]) -> Bool {
        !bytes.contains { $0 >= 0x80 && table[Int($0) - 0x80] == 0xFFFD }
    }

    /// How common a Cyrillic letter is in Russian text, in tenths of a percent (Ё and ё as Е;
    /// anything that is not a Cyrillic letter: 0).
    static func weight(_ scalar: UInt16) -> Int {
        var code = Int(scalar)
        if code == 0x401 || code == 0x451 { code = 0x435 }
        if (0x410...0x42F).contains(code) { code += 0x20 }
        guard (0x430...0x44F).contains(code) else { return 0 }
        return frequencies[code - 0x430]
    }

    /// а б в г д е ж з и й к л м н о п р с т у ф х ц ч ш щ ъ ы ь э ю я, per mille.
    private static let frequencies = [80, 16, 45, 17, 30, 85, 9, 16, 74, 12, 35, 44, 32, 67, 110, 28,
                                      47, 55, 63, 26, 3, 10, 5, 14, 7, 4, 1, 19, 17, 3, 6, 20]
}
