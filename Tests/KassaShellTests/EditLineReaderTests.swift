// EditLineReaderTests: the pure parts of the libedit reader (completion prefix, word split,
// prompt escape marking, candidate columns). The editing itself runs in a pseudo-terminal in
// KassaCLITests/PseudoTerminalTests.
import Glibc
import Testing
@testable import KassaShell

@Suite struct EditLineReaderTests {
    @Test func commonPrefixOfCommands() {
        #expect(EditLineReader.commonPrefix(of: [":help"]) == ":help")
        #expect(EditLineReader.commonPrefix(of: [":redo", ":quit"]) == ":")
        #expect(EditLineReader.commonPrefix(of: ["food/coffee", "food/groceries"]) == "food/")
        #expect(EditLineReader.commonPrefix(of: []) == "")
    }

    @Test func commonPrefixKeepsWholeCyrillicLetters() {
        // "кофе" and "коммуналка" share "ко"; a byte-wise prefix would also take half of "ф"/"м"
        // (both start with 0xD1 in UTF-8).
        #expect(EditLineReader.commonPrefix(of: ["кофе", "коммуналка"]) == "ко")
        #expect(EditLineReader.commonPrefix(of: ["ресторан", "рестораны"]) == "ресторан")
    }

    @Test func commonPrefixKeepsWholeClusters() {
        // "е" + combining diaeresis is one character; it must not be split from its mark.
        #expect(EditLineReader.commonPrefix(of: ["е\u{308}ж", "е"]) == "")
    }

    @Test func lastWordIsAfterTheLastSpace() {
        #expect(EditLineReader.lastWord(of: ":he") == ":he")
        #expect(EditLineReader.lastWord(of: "кофе 1500 кат") == "кат")
        #expect(EditLineReader.lastWord(of: "такси ") == "")
        #expect(EditLineReader.lastWord(of: "") == "")
    }

    @Test func promptEscapesAreMarkedInvisible() {
        let marker = "\u{1}"
        #expect(EditLineReader.markingEscapes("> ") == "> ")
        #expect(EditLineReader.markingEscapes("\u{1B}[1mкасса\u{1B}[0m> ")
            == "\(marker)\u{1B}[1m\(marker)касса\(marker)\u{1B}[0m\(marker)> ")
        #expect(EditLineReader.markingEscapes("a\u{1B}[38;5;2mb") == "a\(marker)\u{1B}[38;5;2m\(marker)b")
    }

    @Test func columnLayoutFillsDownThenAcross() {
        let layout = EditLineReader.columnLayout([":help", ":list", ":quit", ":redo", ":undo"], width: 20)
        // cell = 5 + 2 = 7 → 2 per row → 3 rows
        #expect(layout == ":help  :redo\n:list  :undo\n:quit\n")
    }

    @Test func columnLayoutCountsCyrillicAsOneCell() {
        let layout = EditLineReader.columnLayout(["кофе", "такси"], width: 80)
        #expect(layout == "кофе   такси\n")
    }

    @Test func narrowTerminalGivesOnePerRow() {
        #expect(EditLineReader.columnLayout(["коммуналка", "кофе"], width: 5) == "коммуналка\nкофе\n")
    }

    @Test func wideStringRoundTrip() {
        let text = "кофе ☕ 1500 ₸"
        let wide = EditLineReader.wideString(text)
        defer { wide.deallocate() }
        #expect(EditLineReader.string(from: wide, count: text.unicodeScalars.count) == text)
        #expect(wide[text.unicodeScalars.count] == 0)
    }

    @Test func refusesWhenNotATerminal() {
        // Test runners have no terminal on stdin or stdout (and if one does, skip the check).
        if isatty(0) == 1 && isatty(1) == 1 { return }
        #expect(throws: EditLineReader.InitError.notATerminal) {
            _ = try EditLineReader(programName: "kassa", historyPath: nil)
        }
    }
}
