// PseudoTerminalTests: the real `kassa` binary in a real pseudo-terminal, driven by keys as a
// person would: Cyrillic typing and Backspace, Tab completion, Ctrl-C, Ctrl-D, window resize,
// history across sessions, and the terminal put back after a fatal signal. Assertions are on
// what the session prints (texts from the catalogs) and on the journal afterwards.
import Foundation
import Glibc
import KassaCore
import KassaTestSupport
import Testing

@Suite(.serialized) struct PseudoTerminalTests {
    enum Key {
        static let enter = "\r"
        static let tab = "\t"
        static let backspace = "\u{7F}"  // the pty's default erase character
        static let ctrlC = "\u{3}"
        static let ctrlD = "\u{4}"
        static let ctrlU = "\u{15}"
        static let up = "\u{1B}[A"
    }

    let home = TestSupport.makeTemporaryDirectory("pty")
    var journal: String { home.appendingPathComponent("journal.kassa").path }
    var historyFile: String { home.appendingPathComponent("state/kassa/history").path }

    /// The prompts and messages as the catalogs spell them (trimmed: the pty shows them inside
    /// escape sequences and the test only needs a recognisable piece).
    func text(_ key: String, _ language: Language = .ru, _ arguments: [String: String] = [:]) -> String {
        Fixtures.catalog(language).text(key, arguments).trimmingCharacters(in: .whitespaces)
    }

    func startKassa(
        language: Language = .ru, columns: UInt16 = 100, extraEnvironment: [String: String] = [:]
    ) throws -> PseudoTerminal {
        let environment = KassaBinary.environment(home: home, extra: ["TERM": "xterm"].merging(extraEnvironment) { $1 })
        return try PseudoTerminal(
            executable: KassaBinary.path,
            arguments: ["--file", journal, "--today", "2026-03-10", "--lang", language == .ru ? "ru" : "en"],
            environment: environment, columns: columns, rows: 30)
    }

    /// `kassa import FILE` on a terminal: an undecided 03/04 date column is asked about (no:
    /// month first), the preview is shown by a first pass, the import confirmed once, then written.
    @Test func importOnATerminalAsksTheDateOrderAndConfirmsOnce() throws {
        let csv = home.appendingPathComponent("march.csv").path
        try "date,amount,note\n03/04/2026,-100,кофе\n05/04/2026,-50,хлеб\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let environment = KassaBinary.environment(home: home, extra: ["TERM": "xterm"])
        let pty = try PseudoTerminal(executable: KassaBinary.path,
                                     arguments: ["import", csv, "--file", journal, "--today", "2026-03-10", "--lang", "en"],
                                     environment: environment, columns: 100, rows: 30)
        let question = text("import.date-order-question", .en, ["example": "03/04/2026", "date": "2026-04-03"])
        #expect(pty.waitFor(String(question.prefix(30))), "no date question: \(pty.text())")
        pty.write("n" + Key.enter)
        #expect(pty.waitFor("2 transactions in"), "no preview: \(pty.text())")
        #expect(pty.waitFor("Import 2 transactions?"), "no confirmation: \(pty.text())")
        pty.write("y" + Key.enter)
        #expect(pty.waitFor("Imported 2 transactions."), "not imported: \(pty.text())")
        #expect(pty.waitForExit() == .exited(0))
        let rows = try listed()
        #expect(rows.count == 2 && rows[0].contains("2026-03-04") && rows[1].contains("2026-05-04"))
    }

    /// `kassa list --json` of the test's journal, one line per transaction.
    func listed() throws -> [String] {
        let result = try KassaBinary.run(["list", "--json", "--file", journal],
                                         environment: KassaBinary.environment(home: home))
        #expect(result.status == 0, "list failed: \(result.error)")
        return result.lines
    }

    /// Types one entry, checks its draft card shows `amount`, confirms it with Enter and waits
    /// for the saved message and the next prompt.
    func enterAndConfirm(_ pty: PseudoTerminal, _ keys: String, amount: String) {
        pty.write(keys + Key.enter)
        #expect(pty.waitFor(amount), "no draft card with \(amount): \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.confirm")), "no confirmation prompt: \(pty.unreadText)")
        pty.write(Key.enter)
        #expect(pty.waitForAny(["Сохранено", "сохранено"]) != nil, "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry")), "no prompt after saving: \(pty.unreadText)")
    }

    /// Ctrl-D at an empty entry prompt (already shown: typed while the session is still
    /// printing, the key would meet the cooked tty): the session ends with status 0.
    func quit(_ pty: PseudoTerminal) {
        pty.write(Key.ctrlD)
        #expect(pty.waitForExit() == .exited(0), "output: \(pty.text())")
    }

    // MARK: - Typing

    /// LC_ALL=C and POSIX have no UTF-8 codeset: the reader must fall back to C.UTF-8, or
    /// libedit would drop every Cyrillic byte.
    @Test(arguments: [["LANG": "C.UTF-8"], ["LC_ALL": "C"], ["LANG": "POSIX"], ["LANG": "ru_RU.UTF-8"]])
    func cyrillicEntryWithBackspaceIsSaved(locale: [String: String]) throws {
        let pty = try startKassa(extraEnvironment: locale)
        #expect(pty.waitFor(text("prompt.entry")), "no prompt: \(pty.text())")
        // "Ж" is two bytes in UTF-8: Backspace must remove the whole letter, not one byte.
        enterAndConfirm(pty, "кофеЖ" + Key.backspace + " 1500", amount: "1 500,00")
        quit(pty)
        let lines = try listed()
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""amount": "1500.00""#) == true)
        #expect(lines.first?.contains(#""note": "кофе""#) == true, "\(lines)")
    }

    @Test func tabCompletesACommand() throws {
        let pty = try startKassa(language: .en)
        #expect(pty.waitFor(text("prompt.entry", .en)))
        pty.write(":he" + Key.tab + Key.enter)
        // Completed, the line is :help and the help text follows; uncompleted, ":he" is unknown.
        let help = text("help.intro.session", .en).components(separatedBy: "\n")[0]
        let unknown = text("command.unknown", .en, ["command": ":he"])
        #expect(pty.waitForAny([help, unknown]) == help, "output: \(pty.text())")
        #expect(pty.waitFor(text("prompt.entry", .en)))
        quit(pty)
    }

    @Test func tabCompletesACyrillicCommand() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write(":помо" + Key.tab + Key.enter)
        let help = text("help.intro.session").components(separatedBy: "\n")[0]
        let unknown = text("command.unknown", .ru, ["command": ":помо"])
        #expect(pty.waitForAny([help, unknown]) == help, "output: \(pty.text())")
        #expect(pty.waitFor(text("prompt.entry", .ru)))
        quit(pty)
    }

    @Test func tabListsSeveralCandidates() throws {
        let pty = try startKassa(language: .en)
        #expect(pty.waitFor(text("prompt.entry", .en)))
        // ":" alone matches every command: Tab lists them, then redraws the prompt and line.
        let start = pty.output.count
        pty.write(":" + Key.tab)
        #expect(pty.waitFor(text("prompt.entry", .en)), "no redrawn prompt: \(pty.text())")
        let listing = pty.text(from: start)
        for command in [":help", ":list", ":undo", ":redo", ":quit"] {
            #expect(listing.contains(command), "\(command) not listed: \(listing)")
        }
        pty.write(Key.ctrlU)
        quit(pty)
    }

    @Test func overLongLineIsRefusedAndTheSessionGoesOn() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        let size = 70_000  // over the 64 KiB limit
        pty.write(String(repeating: "a", count: size) + Key.enter)
        let refusal = text("input.too-long", .ru, ["bytes": String(size), "limit": "65536"])
        #expect(pty.waitFor(refusal), "no refusal: \(pty.text(from: max(0, pty.output.count - 500)))")
        #expect(pty.waitFor(text("prompt.entry")))
        enterAndConfirm(pty, "кофе 1500", amount: "1 500,00")
        quit(pty)
        #expect(try listed().count == 1)
    }

    // MARK: - Ctrl-C and Ctrl-D

    @Test func ctrlCCancelsTheLineAndTheSessionGoesOn() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("такси 2000")
        #expect(pty.waitFor("2000"))
        pty.write(Key.ctrlC)
        #expect(pty.waitFor("^C"))
        #expect(pty.waitFor(text("prompt.entry")), "no new prompt after Ctrl-C: \(pty.text())")
        enterAndConfirm(pty, "кофе 1500", amount: "1 500,00")
        #expect(!pty.text().contains("2 000,00"), "the cancelled line was handled: \(pty.text())")
        quit(pty)
        let lines = try listed()
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""amount": "1500.00""#) == true)
    }

    @Test func ctrlCAtTheConfirmationDiscardsTheDraft() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("такси 700" + Key.enter)
        #expect(pty.waitFor("700,00"), "no draft card: \(pty.text())")
        #expect(pty.waitFor(text("prompt.confirm")))
        pty.write(Key.ctrlC)
        let discarded = Fixtures.catalog(.ru).text("discarded", count: 1, ["count": "1"])
        #expect(pty.waitFor(discarded), "no discard message: \(pty.text())")
        #expect(pty.waitFor(text("prompt.entry")), "no entry prompt after Ctrl-C: \(pty.text())")
        enterAndConfirm(pty, "кофе 1500", amount: "1 500,00")
        quit(pty)
        let lines = try listed()
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""amount": "1500.00""#) == true)
    }

    @Test func ctrlDWithAPendingDraftSavesNothing() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("такси 700" + Key.enter)
        #expect(pty.waitFor("700,00"), "no draft card: \(pty.text())")
        #expect(pty.waitFor(text("prompt.confirm")), "no confirmation prompt: \(pty.text())")
        pty.write(Key.ctrlD)
        let unsaved = Fixtures.catalog(.ru).text("session.unsaved-on-exit", count: 1, ["count": "1"])
        #expect(pty.waitFor(unsaved), "no unsaved-draft notice: \(pty.text())")
        #expect(pty.waitForExit() == .exited(0), "output: \(pty.text())")
        #expect(try listed().isEmpty)
    }

    @Test func ctrlDOnAnEmptyLineEndsTheSession() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        // Edit mode must be on by the time the prompt shows: a Ctrl-D typed at a visible prompt
        // but meeting the cooked tty would be eaten by the line discipline.
        #expect(!pty.isCooked(), "prompt shown before the terminal left cooked mode")
        quit(pty)
        #expect(pty.isCooked(), "terminal left in raw mode")
    }

    // MARK: - Window, history, signals

    @Test func resizeWhileTypingKeepsTheLine() throws {
        let pty = try startKassa(columns: 100)
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("кофе")
        #expect(pty.waitFor("кофе"))
        try pty.resize(columns: 30, rows: 20)
        pty.write(" 15")
        try pty.resize(columns: 120, rows: 40)
        enterAndConfirm(pty, "00", amount: "1 500,00")
        quit(pty)
        #expect(try listed().first?.contains(#""note": "кофе""#) == true)
    }

    @Test func ctrlDAfterAResizeStillEndsTheSession() throws {
        // The resize interrupts libedit's read (EINTR, retried); Ctrl-D at the same prompt
        // must still read as end of input, not as an interrupted read.
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        try pty.resize(columns: 60, rows: 20)
        pty.write("x" + Key.backspace)
        #expect(pty.waitFor("x"))
        quit(pty)
    }

    @Test func historyIsPrivateAndRecalledInTheNextSession() throws {
        let first = try startKassa()
        #expect(first.waitFor(text("prompt.entry")))
        enterAndConfirm(first, "кофе 1500", amount: "1 500,00")
        quit(first)

        var status = stat()
        #expect(stat(historyFile, &status) == 0, "no history file at \(historyFile)")
        #expect(status.st_mode & 0o777 == 0o600)
        let saved = (try? String(contentsOfFile: historyFile, encoding: .utf8)) ?? ""
        #expect(saved.contains("кофе"), "history: \(saved)")

        let second = try startKassa()
        #expect(second.waitFor(text("prompt.entry")))
        enterAndConfirm(second, Key.up, amount: "1 500,00")
        quit(second)
        #expect(try listed().count == 2)
    }

    @Test func aFileAtTheHistoryPathThatKassaDidNotWriteIsKeptAndSaid() throws {
        // A person's own notes where the history goes: never replaced, never read as history.
        try FileManager.default.createDirectory(atPath: (historyFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let notes = "my own notes\nline two\n"
        try notes.write(toFile: historyFile, atomically: true, encoding: .utf8)
        let pty = try startKassa()
        let warning = text("session.history-foreign", .ru, ["path": historyFile])
        #expect(pty.waitFor(String(warning.suffix(40))), "no warning: \(pty.text())")
        #expect(pty.waitFor(text("prompt.entry")))
        enterAndConfirm(pty, "кофе 1500", amount: "1 500,00")
        quit(pty)
        #expect(try String(contentsOfFile: historyFile, encoding: .utf8) == notes)
        #expect(try listed().count == 1)
    }

    @Test func twoSessionsAtOnceKeepBothHistories() throws {
        let first = try startKassa()
        let second = try startKassa()
        #expect(first.waitFor(text("prompt.entry")))
        #expect(second.waitFor(text("prompt.entry")))
        enterAndConfirm(first, "кофе 1500", amount: "1 500,00")
        enterAndConfirm(second, "чай 300", amount: "300,00")
        quit(first)
        quit(second)
        let saved = (try? String(contentsOfFile: historyFile, encoding: .utf8)) ?? ""
        #expect(saved.contains("кофе") && saved.contains("чай"), "history: \(saved)")
    }

    @Test func editrcIsHonoured() throws {
        // ~/.editrc switches kassa to vi mode: Escape then x deletes the character under the
        // cursor (the last 0), so 15000 becomes 1500; emacs mode would not do that.
        try "kassa:bind -v\n".write(to: home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        enterAndConfirm(pty, "кофе 15000\u{1B}x", amount: "1 500,00")
        // Tab completion and Ctrl-C are bound in vi mode too.
        pty.write(":помо" + Key.tab + Key.enter)
        #expect(pty.waitFor(text("help.intro.session").components(separatedBy: "\n")[0]), "\(pty.text())")
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("такси 2000" + Key.ctrlC)
        #expect(pty.waitFor(text("prompt.entry")))
        quit(pty)
        #expect(try listed().count == 1)
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV])
    func terminalIsRestoredAfterAFatalSignal(signal: Int32) throws {
        // Crash signals go through the Swift runtime's backtracer too; keep it from waiting
        // for a key on the terminal.
        let pty = try startKassa(extraEnvironment: ["SWIFT_BACKTRACE": "interactive=no"])
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("кофе")
        #expect(pty.waitFor("кофе"))
        #expect(!pty.isCooked(), "libedit should be editing in raw mode")
        pty.signal(signal)
        #expect(pty.waitForExit() == .signaled(signal), "output: \(pty.text())")
        #expect(pty.isCooked(), "terminal left in raw mode after signal \(signal)")
    }

    @Test func sigintBetweenKeysDoesNotKill() throws {
        // Ctrl-C is a key at the prompt; a SIGINT from elsewhere must not end the session either.
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.signal(SIGINT)
        enterAndConfirm(pty, "кофе 1500", amount: "1 500,00")
        quit(pty)
        #expect(try listed().count == 1)
    }

    // MARK: - Pasted dictation

    @Test func aBracketedPasteOfThreeLinesIsOneBatchSavedWithOneEnter() throws {
        let pty = try startKassa(language: .en)
        #expect(pty.waitFor(text("prompt.entry", .en)))
        pty.write("\u{1B}[200~Coffee 1500 yesterday.\rTaxi to the airport 4500.\rLunch with Dana 6200 tenge.\r\u{1B}[201~")
        #expect(pty.waitFor("3. "), "no batch of three: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.confirm", .en)))
        pty.write(Key.enter)
        #expect(pty.waitFor("#1, #2, #3"), "not saved as one batch: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry", .en)))
        quit(pty)
        #expect(try listed().count == 3)
    }

    @Test func ctrlCOnATypedCorrectionKeepsTheDraft() throws {
        let pty = try startKassa()
        #expect(pty.waitFor(text("prompt.entry")))
        pty.write("кофе 1500" + Key.enter)
        #expect(pty.waitFor(text("prompt.confirm")))
        pty.write("сумма 16" + Key.ctrlC)
        #expect(pty.waitFor("^C"))
        #expect(pty.waitFor(text("prompt.confirm")), "the draft should still wait: \(pty.unreadText)")
        pty.write(Key.enter)
        #expect(pty.waitForAny(["Сохранено", "сохранено"]) != nil, "not saved: \(pty.unreadText)")
        #expect(pty.waitFor(text("prompt.entry")))
        quit(pty)
        let saved = try listed()
        #expect(saved.count == 1 && saved[0].contains("\"1500.00\""))
    }

    // MARK: - The harness itself

    @Test func harnessGivesAControllingTerminalOfTheRequestedSize() throws {
        let pty = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "stty size; read line; stty size; echo \"got $line\""],
            environment: ["PATH": "/usr/bin:/bin"], columns: 77, rows: 21)
        #expect(pty.waitFor("21 77"))
        try pty.resize(columns: 50, rows: 12)
        pty.write("ок" + Key.enter)
        #expect(pty.waitFor("12 50"))
        #expect(pty.waitFor("got ок"))
        #expect(pty.waitForExit() == .exited(0))
    }
}
