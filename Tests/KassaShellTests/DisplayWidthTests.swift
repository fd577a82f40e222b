// Tests for the fast paths of DisplayWidth and TerminalSafety: every Unicode scalar measures as
// its Unicode properties say; text measured from its bytes as scalar by scalar; the written
// visible form is `visible`'s, and its width `DisplayWidth.of(visible(text))`.
import Testing
@testable import KassaShell
import KassaCore

@Suite struct DisplayWidthTests {
    static let texts = [
        "", "plain ascii", "кофе с собой", "漢字かな", "😀 🎉 emoji", "e\u{301}", "zero\u{200B}width", "—“quoted”…",
        "₸1 500,00 \u{2212}€ ₽ $ £", "→ ↻ ┼ █", "tab\there", "\u{1B}[31mred\u{1B}[0m", "bell\u{07}", "del\u{7F}",
        "c1\u{85}\u{9B}", "bidi \u{202E}evil\u{202C} \u{2066}x\u{2069}", "alm\u{061C} lrm\u{200E}\u{200F}",
        "mixed 漢\u{1B}字 кириллица\u{0}end", "ｆｕｌｌ", "한국어", "\u{FE0F}\u{20E3}", "𝔘𝔫𝔦", "\u{10FFFD}",
    ]

    @Test func everyScalarMeasuresAsItsProperties() {
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
            if DisplayWidth.columns(value) != DisplayWidth.measured(value) {
                Issue.record("U+\(String(value, radix: 16)): \(DisplayWidth.columns(value)) != \(DisplayWidth.measured(value))")
                return
            }
        }
    }

    @Test func bytesMeasureAsScalars() {
        for text in Self.texts {
            let byScalars = text.unicodeScalars.reduce(0) { $0 + DisplayWidth.measured($1.value) }
            #expect(DisplayWidth.of(text) == byScalars, "\(text.debugDescription)")
        }
    }

    @Test func visibleBytesAreVisibleText() {
        for text in Self.texts + Self.texts.map({ $0 + $0 }) {
            var out: [UInt8] = []
            var width = 0
            out.appendWritten(atMost: TerminalSafety.maxVisibleBytes(text)) { width = TerminalSafety.write(visible: text, to: &$0) }
            let visible = TerminalSafety.visible(text)
            #expect(String(decoding: out, as: UTF8.self) == visible, "\(text.debugDescription)")
            #expect(width == DisplayWidth.of(visible), "\(text.debugDescription)")
        }
    }

    @Test func everyUnsafeScalarIsEscapedAsVisibleDoes() {
        for value in [UInt32(0)...0xA0, 0x600...0x620, 0x2000...0x2070].joined() {
            let text = "a" + String(Unicode.Scalar(value)!) + "b"
            var out: [UInt8] = []
            out.appendWritten(atMost: TerminalSafety.maxVisibleBytes(text)) { _ = TerminalSafety.write(visible: text, to: &$0) }
            #expect(String(decoding: out, as: UTF8.self) == TerminalSafety.visible(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test func unsafeBytesAreFoundInEveryLane() {
        // mayBeUnsafe reads eight bytes at a time: a control byte or an unsafe scalar's lead byte
        // in any lane of a word, or in the tail, makes the line take the careful path.
        for unsafe in ["\u{1B}", "\u{07}", "\u{7F}", "\u{85}", "\u{061C}", "\u{202E}", "\u{0}"] {
            for offset in 0..<20 {
                let text = String(repeating: "a", count: offset) + unsafe + String(repeating: "ж", count: 9)
                #expect(TerminalSafety.mayBeUnsafe(text), "\(text.debugDescription)")
                #expect(TerminalSafety.readable(text) != text, "\(text.debugDescription)")
            }
        }
        for text in ["", "coffee 1500", String(repeating: "кофе с собой 1500 ", count: 3), "漢字 😀 ~"] {
            #expect(!TerminalSafety.mayBeUnsafe(text), "\(text.debugDescription)")
        }
    }
}
