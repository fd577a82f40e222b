// RenderedSafetyTests: terminal safety is one pass over every line the TextRenderer renders
// (TerminalSafety.rendered), whatever the event or command output: a person's text with escape
// sequences, control characters and bidi overrides never reaches the terminal raw, with colour
// on or off, while the renderer's own colours still do.
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct RenderedSafetyTests {
    static let hostile = "кофе \u{1B}[2J\u{1B}]0;owned\u{07}\u{08}\u{0D}\u{9B}1m \u{202E}abc"

    static func events() -> [SessionEvent] {
        let h = hostile
        var entry = HistoryEntry(number: 3, kind: .account, ids: [], transactionCount: 0, targets: [], inEffect: true,
                                 line: 3, bySession: false)
        entry.subjects = [h]
        return [
            .output(LessonsOutput(lessons: [Lesson(phrase: h, category: "food")])),
            .output(HistoryOutput(history: History(entries: [entry], total: 1, nextUndo: 3, nextRedo: nil))),
            .output(AccountChangeOutput(key: "account.renamed", arguments: ["old": h, "new": h])),
            .output(SettingChangeOutput(key: "category.added", arguments: ["slug": h, "name": h, "type": "expense"])),
            .output(TextOutput(lines: [h])),
            .notice("account.first-use", ["name": h]),
            .error(SessionError("usage.unknown-command", ["command": h]), input: h, span: 0..<2),
            .lesson(phrase: h, category: h),
        ]
    }

    @Test(arguments: [false, true])
    func noPersonMadeControlCharacterReachesTheTerminal(colour: Bool) {
        let renderer = TextRenderer(catalog: Fixtures.catalog(.en), grammar: Grammar.load([]).0, style: TextStyle(enabled: colour))
        for event in Self.events() {
            let lines = renderer.render(event)
            #expect(!lines.isEmpty)
            for line in lines {
                let text = line.text
                #expect(!text.contains("\u{1B}[2J") && !text.contains("\u{1B}]"), "\(text)")
                #expect(!text.unicodeScalars.contains { [0x07, 0x08, 0x0D, 0x9B, 0x202E].contains($0.value) }, "\(text)")
                // No stand-in for ESC is left behind.
                #expect(!text.unicodeScalars.contains(StyleMark.scalar), "\(text)")
                if !colour { #expect(!text.contains("\u{1B}"), "\(text)") }
            }
            #expect(lines.contains { $0.text.contains("\\x1B[2J") || $0.text.contains("\\u{202E}") }, "\(lines)")
        }
    }

    /// readable's byte test answers as testing every scalar with isUnsafe (tabs allowed): each
    /// scalar up to U+2FFF alone and between letters, dashes, « » and ₸ (which pass the quick
    /// byte filter), and a line with none.
    @Test func theByteTestOfUnsafeScalarsAgreesWithTheScalarTest() {
        func reference(_ text: String) -> Bool { text.unicodeScalars.contains { TerminalSafety.isUnsafe($0.value) && $0 != "\t" } }
        var unsafe = 0
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "«кофе» — " + String(scalar) + " 500 ₸", "a\(scalar)b…"] {
                #expect(TerminalSafety.hasUnsafeScalar(text) == reference(text), "U+\(String(value, radix: 16))")
            }
            if reference(String(scalar)) { unsafe += 1 }
        }
        #expect(unsafe == 31 + 33 + 1 + 2 + 2 + 5 + 4)  // C0 but tab, DEL and C1, ALM, LRM/RLM, line/paragraph separators, embeddings, isolates
        #expect(!TerminalSafety.hasUnsafeScalar("«кофе» — 500 ₸, tab\there"))
        #expect(TerminalSafety.readable("«кофе» — 500 ₸") == "«кофе» — 500 ₸")
    }

    @Test func theRenderersOwnColoursReachTheTerminalAsBefore() {
        let ansi = TextStyle(enabled: true)
        let renderer = TextRenderer(catalog: Fixtures.catalog(.en), grammar: Grammar.load([]).0, style: ansi)
        let rendered = renderer.render(.output(AccountChangeOutput(key: "account.removed", arguments: ["name": "cash"])))
        #expect(rendered.map(\.text) == [ansi.good(Fixtures.catalog(.en).text("account.removed", ["name": "cash"]))])
        // A person's own ESC next to a colour is made visible, the colour kept.
        let line = renderer.style.bold("a\u{1B}[31mb")
        #expect(TerminalSafety.rendered(line) == "\u{1B}[1ma\\x1B[31mb\u{1B}[0m")
    }

    @Test func aMarkWithoutOneOfTheStylesCodesStaysAPrintableCharacter() {
        let text = StyleMark.text + "]0;title"
        #expect(TerminalSafety.rendered(text) == text)
    }
}
