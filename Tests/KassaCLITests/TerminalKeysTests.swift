// TerminalKeysTests: the real binary in a pseudo-terminal, sent the escape sequences terminals
// send and some they should not: no byte of a sequence reaches the line ("1600" with a colour
// code typed after it stayed "1600m", 1.6 billion), a meta-digit does not repeat the next key,
// the editing keys still edit, and Tab's list of account names shows their control characters
// escaped, never sent to the terminal.
import Foundation
import Glibc
import KassaCore
import KassaTestSupport
import Testing

@Suite(.serialized) struct TerminalKeysTests {
    let home = TestSupport.makeTemporaryDirectory("pty-keys")
    var journal: String { home.appendingPathComponent("journal.kassa").path }
    let enter = "\r"

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        Fixtures.catalog(.en).text(key, arguments).trimmingCharacters(in: .whitespaces)
    }

    func startKassa() throws -> PseudoTerminal {
        let environment = KassaBinary.environment(home: home, extra: ["TERM": "xterm"])
        return try PseudoTerminal(executable: KassaBinary.path,
                                  arguments: ["--file", journal, "--today", "2026-03-10", "--lang", "en"],
                                  environment: environment, columns: 100, rows: 30)
    }

    func amounts() throws -> [String] {
        let result = try KassaBinary.run(["list", "--json", "--file", journal], environment: KassaBinary.environment(home: home))
        return result.lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["amount"] as? String
        }
    }

    /// Types `keys` and Enter, then saves the draft with Enter; the card must show `amount`.
    func enterAndSave(_ pty: PseudoTerminal, _ keys: String, amount: String) {
        pty.write(keys + enter)
        #expect(pty.waitForAny([amount, "1,600,000", "150,000", "15,000"]) == amount, "\(keys.debugDescription): \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.confirm")), "no confirmation: \(pty.unreadText)")
        pty.write(enter)
        #expect(pty.waitFor("Saved"), "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry")))
    }

    func quit(_ pty: PseudoTerminal) {
        pty.write(":quit" + enter)
        #expect(pty.waitForExit() == .exited(0))
    }

    @Test func noByteOfAnEscapeSequenceReachesTheLine() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        // A colour code, a 256-colour one, F5, F1 (SS3), an unknown CSI and one cut by a letter.
        enterAndSave(pty, "coffee 1600\u{1B}[31m", amount: "₸1,600.00")
        enterAndSave(pty, "coffee 16\u{1B}[15~00\u{1B}OP\u{1B}[38;5;196m", amount: "₸1,600.00")
        enterAndSave(pty, "coffee 1600\u{1B}[1;5X\u{1B}[?25l", amount: "₸1,600.00")
        // Alt-3 then 0: no repeat count, one 0.
        enterAndSave(pty, "coffee 15\u{1B}30", amount: "₸150.00")
        quit(pty)
        #expect(try amounts() == ["1600.00", "1600.00", "1600.00", "150.00"])
    }

    @Test func theEditingKeysStillEdit() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        // Home, type, End (CSI and SS3 forms); Left twice and type; Delete; Ctrl-Left.
        enterAndSave(pty, "offee 1600\u{1B}[Hc\u{1B}[F", amount: "₸1,600.00")
        enterAndSave(pty, "offee 1700\u{1B}OHc\u{1B}OF", amount: "₸1,700.00")
        enterAndSave(pty, "coffee 100\u{1B}[D\u{1B}[D5", amount: "₸1,500.00")
        enterAndSave(pty, "coffee 1600\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[3~", amount: "₸100.00")
        enterAndSave(pty, "coffee 200\u{1B}[1;5D3", amount: "₸3,200.00")
        // Up recalls the last line.
        enterAndSave(pty, "\u{1B}[A", amount: "₸3,200.00")
        quit(pty)
        #expect(try amounts() == ["1600.00", "1700.00", "1500.00", "100.00", "3200.00", "3200.00"])
    }

    @Test func tabListsAccountNamesWithTheirControlCharactersEscaped() throws {
        // Account names from an imported file, holding a title-setting OSC and a clear-screen CSI.
        let names = ["zz\u{1B}]0;pwned\u{07}a", "zz\u{1B}[2Jb"]
        let lines = names.enumerated().map { index, name in
            #"{"date": "2026-03-0\#(index + 1)", "amount": "100", "currency": "KZT", "type": "expense", "account": "\#(name.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined())"}"#
        }.joined(separator: "\n") + "\n"
        let imported = try KassaBinary.run(["import", "-", "--file", journal], stdin: Data(lines.utf8),
                                           environment: KassaBinary.environment(home: home))
        #expect(imported.status == 0, "\(imported.error)")
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        let start = pty.output.count
        pty.write("tea 100 zz\t")
        #expect(pty.waitFor(text("prompt.entry")), "no redrawn prompt: \(pty.text(from: start))")
        let shown = pty.text(from: start)
        #expect(shown.contains("\\x1B]0;pwned\\x07a") && shown.contains("\\x1B[2Jb"), "not listed escaped: \(shown.debugDescription)")
        #expect(!shown.contains("\u{1B}]0;") && !shown.contains("\u{1B}[2J") && !shown.contains("\u{07}a"),
                "raw control sequence: \(shown.debugDescription)")
        pty.write("\u{15}")
        quit(pty)
    }
}
