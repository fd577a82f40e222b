// EditLineTextTests: the pure text work of the terminal reader: completion prefix, word split,
// prompt escape marking, candidate columns, cell widths, wchar_t round trip.
import Testing
@testable import KassaShell

@Suite struct EditLineTextTests {
    @Test func commonPrefixOfCommands() {
        #expect(EditLineText.commonPrefix(of: [":help"]) == ":help")
        #expect(EditLineText.commonPrefix(of: [":redo", ":quit"]) == ":")
        #expect(EditLineText.commonPrefix(of: ["food/coffee", "food/groceries"]) == "food/")
        #expect(EditLineText.commonPrefix(of: []) == "")
    }

    @Test func commonPrefixKeepsWholeCyrillicLetters() {
        // "кофе" and "коммуналка" share "ко"; a byte-wise prefix would also take half of "ф"/"м"
        // (both start with 0xD1 in UTF-8).
        #expect(EditLineText.commonPrefix(of: ["кофе", "коммуналка"]) == "ко")
        #expect(EditLineText.commonPrefix(of: ["ресторан", "рестораны"]) == "ресторан")
    }

    @Test func commonPrefixKeepsWholeClusters() {
        // "е" + combining diaeresis is one character; it must not be split from its mark.
        #expect(EditLineText.commonPrefix(of: ["е\u{308}ж", "е"]) == "")
    }

    @Test func lastWordIsAfterTheLastSpace() {
        #expect(EditLineText.lastWord(of: ":he") == ":he")
        #expect(EditLineText.lastWord(of: "кофе 1500 кат") == "кат")
        #expect(EditLineText.lastWord(of: "такси ") == "")
        #expect(EditLineText.lastWord(of: "") == "")
    }

    @Test func promptEscapesAreMarkedInvisible() {
        let marker = "\u{1}"
        #expect(EditLineText.markingEscapes("> ", marker: 1) == "> ")
        #expect(EditLineText.markingEscapes("\u{1B}[1mкасса\u{1B}[0m> ", marker: 1)
            == "\(marker)\u{1B}[1m\(marker)касса\(marker)\u{1B}[0m\(marker)> ")
        #expect(EditLineText.markingEscapes("a\u{1B}[38;5;2mb", marker: 1) == "a\(marker)\u{1B}[38;5;2m\(marker)b")
    }

    @Test func columnLayoutFillsDownThenAcross() {
        let layout = EditLineText.columnLayout([":help", ":list", ":quit", ":redo", ":undo"], width: 20)
        // cell = 5 + 2 = 7 → 2 per row → 3 rows
        #expect(layout == ":help  :redo\n:list  :undo\n:quit\n")
    }

    @Test func columnLayoutCountsCyrillicAsOneCell() {
        let layout = EditLineText.columnLayout(["кофе", "такси"], width: 80)
        #expect(layout == "кофе   такси\n")
    }

    @Test func narrowTerminalGivesOnePerRow() {
        #expect(EditLineText.columnLayout(["коммуналка", "кофе"], width: 5) == "коммуналка\nкофе\n")
    }

    @Test func wideStringRoundTrip() {
        let text = "кофе ☕ 1500 ₸"
        let wide = EditLineText.wideString(text)
        defer { wide.deallocate() }
        #expect(EditLineText.string(from: wide, count: text.unicodeScalars.count) == text)
        #expect(wide[text.unicodeScalars.count] == 0)
    }
}
