// Tests for JSONWriter: escaping and key order.
import Testing
@testable import KassaCore

@Suite struct JSONWriterTests {
    @Test func escapesAndKeepsOrder() {
        var json = JSONWriter()
        json.add("b", "q\"uote\\ \n\u{01} кофе")
        json.add("a", nil as String?)
        json.add("n", 3)
        json.add("c", fraction: 0.956)
        json.add("f", strings: ["x", "y"])
        #expect(json.result == #"{"b": "q\"uote\\ \n\u0001 кофе", "a": null, "n": 3, "c": 0.96, "f": ["x", "y"]}"#)
    }

    @Test func continuesABufferInPlace() {
        var buffer = Array("[".utf8)
        var json = JSONWriter(continuing: &buffer)
        #expect(buffer.isEmpty, "the buffer moved into the writer")
        json.add("a", "x")
        json.add("list") { $0 += Array("[1, 2]".utf8) }
        json.finish(into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"[{"a": "x", "list": [1, 2]}"#)
    }

    /// The escaping byte by byte, as JSON wants it: the reference for the word-at-a-time writer.
    static func reference(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C: out += [0x5C, byte]
            case 10: out += Array("\\n".utf8)
            case 13: out += Array("\\r".utf8)
            case 9: out += Array("\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        return String(decoding: out + [0x22], as: UTF8.self)
    }

    /// Escapes at every position of strings of every length around the eight-byte word (the
    /// writer tests the last few bytes of a string as one word): the same text as byte by byte.
    @Test func escapesAtEveryPositionAndLength() {
        let specials: [Character] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\t", "к"]
        for length in 0...19 {
            let plain = String(repeating: "a", count: length)
            var cases = [plain, String(repeating: "ж", count: length)]
            for position in 0..<max(length, 1) {
                for special in specials {
                    var chars = Array(plain.isEmpty ? "a" : plain)
                    chars[min(position, chars.count - 1)] = special
                    cases.append(String(chars))
                    if chars.count > 1 { chars[chars.count - 1] = "\"" }
                    cases.append(String(chars))
                }
            }
            for text in cases {
                var bytes: [UInt8] = []
                JSONWriter.appendQuoted(text, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == JSONWriterTests.reference(text), "\(Array(text.utf8))")
            }
        }
    }
}
