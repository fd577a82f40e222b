// Tests for the byte writers of listings: MoneyFormatter.write puts exactly format's bytes, and
// JSONWriter.writeQuoted exactly appendQuoted's, for many amounts, currencies, signs and texts;
// ByteBuffer grows and keeps what was written; ByteCursor's integers and padding.
import Testing
import KassaTestSupport
@testable import KassaCore

@Suite struct ByteWritingTests {
    static let currencies = ["KZT", "USD", "EUR", "RUB", "GBP", "JPY", "KWD", "CHF"].map { Currency(code: $0)! }

    static var amounts: [Int64] {
        var values: [Int64] = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1_000, 1_001, 99_999, 100_000, 123_456, 1_000_000,
                               123_456_789, 999_999_999_999_99, Int64.max, Int64.min + 1, Int64.min]
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            values.append(Int64(bitPattern: x) >> Int64(x % 60))
        }
        return values + values.map { $0 == Int64.min ? 0 : -$0 }
    }

    func written(_ body: (inout ByteCursor) -> Void) -> String {
        var out: [UInt8] = []
        out.appendWritten(atMost: 4096, body)
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [Language.en, .ru])
    func moneyBytesAreTheFormattedString(language: Language) {
        let formatter = MoneyFormatter(catalog: Fixtures.catalog(language))
        for currency in Self.currencies {
            let symbol = Array(formatter.symbol(currency).utf8)
            for minor in Self.amounts {
                let money = Money(minorUnits: minor, currency: currency)
                var out: [UInt8] = []
                let limit = formatter.maxBytes(symbolBytes: symbol.count)
                out.appendWritten(atMost: limit) { cursor in
                    symbol.withUnsafeBufferPointer { formatter.write(money, symbol: $0, to: &cursor) }
                }
                #expect(String(decoding: out, as: UTF8.self) == formatter.format(money), "\(minor) \(currency.code)")
            }
        }
    }

    @Test func quotedBytesAreAppendQuoted() {
        let texts = ["", "plain", "q\"uote\\", "line\nbreak\r\t", "\u{01}\u{1F}\u{7F}", "кофе с собой", "漢字 😀",
                     "\u{202E}rtl", String(repeating: "\u{1B}[31m", count: 50), "tail\""]
        for text in texts {
            var expected: [UInt8] = []
            JSONWriter.appendQuoted(text, to: &expected)
            var out: [UInt8] = []
            out.appendWritten(atMost: JSONWriter.maxQuotedBytes(text)) { JSONWriter.writeQuoted(text, to: &$0) }
            #expect(out == expected, "\(text.debugDescription)")
        }
    }

    @Test func everyEscapeAtEveryOffsetIsEscaped() {
        // Strings are checked eight bytes at a time: an escape in any lane of a word, or in the
        // tail after the last whole word, must still be written escaped.
        for special in ["\"", "\\", "\n", "\u{00}", "\u{1F}", "\t"] {
            for offset in 0..<20 {
                for filler in ["a", "ж"] {
                    let text = String(repeating: filler, count: offset) + special + String(repeating: "b", count: 19 - offset)
                    var out: [UInt8] = []
                    out.appendWritten(atMost: JSONWriter.maxQuotedBytes(text)) { JSONWriter.writeQuoted(text, to: &$0) }
                    var escaped = "\""
                    for scalar in text.unicodeScalars {
                        switch scalar {
                        case "\"": escaped += "\\\""
                        case "\\": escaped += "\\\\"
                        case "\n": escaped += "\\n"
                        case "\t": escaped += "\\t"
                        case "\u{00}": escaped += "\\u0000"
                        case "\u{1F}": escaped += "\\u001f"
                        default: escaped.unicodeScalars.append(scalar)
                        }
                    }
                    escaped += "\""
                    #expect(String(decoding: out, as: UTF8.self) == escaped, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func bufferGrowsAndKeepsItsBytes() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for row in 0..<2_000 {
            buffer.write(atMost: 32) { cursor in
                cursor.integer(row - 1_000)
                cursor.put(10)
            }
            expected += Array("\(row - 1_000)\n".utf8)
        }
        #expect(buffer.bytes == expected)
        #expect(buffer.withBytes { Array($0) } == expected)
    }

    @Test func cursorIntegersPaddingAndTrimming() {
        for value in [0, 7, 10, 99, 100, 12_345, -1, -100, Int.max, Int.min + 1] {
            #expect(written { $0.integer(value) } == String(value))
        }
        #expect(written { $0.put("ab"); $0.padBefore(last: 2, by: 3); $0.put("|") } == "   ab|")
        #expect(written { $0.put("ab"); $0.padBefore(last: 2, by: 0); $0.spaces(-2) } == "ab")
        #expect(written { $0.put("#1"); $0.spaces(4); $0.trimSpaces(after: 1); $0.put(10) } == "#1\n")
        #expect(written { $0.twoDigits(2026); $0.twoDigits(5) } == "2605")
    }
}
