// DialogTerminalTests: replies in words to waiting drafts, typed into the real `kassa` binary in a
// pseudo-terminal: a natural correction with its change note, a draft of a batch named by what it
// is, and a confirmation in words. The journal afterwards says what was saved.
import Foundation
import Glibc
import KassaCore
import KassaTestSupport
import Testing

@Suite(.serialized) struct DialogTerminalTests {
    let home = TestSupport.makeTemporaryDirectory("pty-dialog")
    var journal: String { home.appendingPathComponent("journal.kassa").path }

    func text(_ key: String, _ language: Language, _ arguments: [String: String] = [:]) -> String {
        Fixtures.catalog(language).text(key, arguments).trimmingCharacters(in: .whitespaces)
    }

    func startKassa(_ language: Language) throws -> PseudoTerminal {
        let environment = KassaBinary.environment(home: home, extra: ["TERM": "xterm"])
        return try PseudoTerminal(
            executable: KassaBinary.path,
            arguments: ["--file", journal, "--today", "2026-03-10", "--lang", language.rawValue],
            environment: environment, columns: 100, rows: 30)
    }

    func listed() throws -> [String] {
        let result = try KassaBinary.run(["list", "--json", "--file", journal], environment: KassaBinary.environment(home: home))
        #expect(result.status == 0, "list failed: \(result.error)")
        return result.lines
    }

    func quit(_ pty: PseudoTerminal) {
        pty.write("\u{4}")
        #expect(pty.waitForExit() == .exited(0), "output: \(pty.text())")
    }

    /// "no, 1600" changes the amount (one line says so) and Enter saves one expense, not two.
    @Test func aNaturalCorrectionChangesTheDraftAndSaysSo() throws {
        let pty = try startKassa(.en)
        #expect(pty.waitFor(text("prompt.entry", .en)))
        pty.write("coffee 1500\r")
        #expect(pty.waitFor(text("prompt.confirm", .en)))
        pty.write("no, 1600\r")
        #expect(pty.waitFor("amount ₸1,500.00 → ₸1,600.00"), "no change note: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.confirm", .en)))
        pty.write("\r")
        #expect(pty.waitFor("Saved #1"), "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry", .en)))
        quit(pty)
        let saved = try listed()
        #expect(saved.count == 1 && saved[0].contains("\"1600.00\"") && saved[0].contains("\"note\": \"coffee\""), "\(saved)")
    }

    /// «такси было 2200» in a batch of two changes the taxi only.
    @Test func aDraftOfABatchNamedByWhatItIs() throws {
        let pty = try startKassa(.ru)
        #expect(pty.waitFor(text("prompt.entry", .ru)))
        pty.write("кофе 1500 и такси 2000\r")
        #expect(pty.waitFor(text("prompt.confirm", .ru)))
        pty.write("такси было 2200\r")
        #expect(pty.waitFor("2. сумма"), "no change note: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.confirm", .ru)))
        pty.write("\r")
        #expect(pty.waitForAny(["Сохранено", "сохранено"]) != nil, "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry", .ru)))
        quit(pty)
        let saved = try listed()
        #expect(saved.count == 2)
        #expect(saved.first?.contains("\"1500.00\"") == true && saved.last?.contains("\"2200.00\"") == true, "\(saved)")
    }

    /// «давай» saves; "never mind" discards; nothing else is saved.
    @Test func confirmingAndRefusingInWords() throws {
        let pty = try startKassa(.en)
        #expect(pty.waitFor(text("prompt.entry", .en)))
        pty.write("lunch 4000\r")
        #expect(pty.waitFor(text("prompt.confirm", .en)))
        pty.write("never mind\r")
        #expect(pty.waitFor("Discarded"), "not discarded: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry", .en)))
        pty.write("coffee 700\r")
        #expect(pty.waitFor(text("prompt.confirm", .en)))
        pty.write("давай\r")
        #expect(pty.waitFor("Saved #1"), "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry", .en)))
        quit(pty)
        let saved = try listed()
        #expect(saved.count == 1 && saved[0].contains("\"700.00\""), "\(saved)")
    }
}
