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
}
