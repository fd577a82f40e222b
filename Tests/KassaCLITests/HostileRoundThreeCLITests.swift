// Hostile input, round three, through the real binary: files whose lines end in a lone CR lose
// no row (statements, rates, journals); a journal date outside 1900–2999 is a bad line named; a statement row with a zero in one column and an amount
// in the other is that amount; a UTF-8 file with one stray byte is refused naming its line, not
// read whole as cp1251; `import --dry-run` writes nothing, not even an empty journal; an empty
// --prefix or --file names no place; `uninstall` keeps a person's own page that starts like
// kassa's; the line and paragraph separators and an export's escapes reach a terminal escaped;
// in a ledger folder a folder, a link or a FIFO under a device's name is named and not read
// (no command fails or waits on it), and a change numbered up to Int64.max is damage, never a
// crash of a save or a join.

import Foundation
import Glibc
import Testing
import KassaTestSupport

@Suite struct HostileRoundThreeCLITests {
    let home = TestSupport.makeTemporaryDirectory("hostile-three")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "", today: String = "2026-03-20") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", today, "--lang", "en"], stdin: Data(stdin.utf8), environment: env)
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func write(_ text: String, _ name: String) throws -> String { try write(Array(text.utf8), name) }

    func listed(_ file: String) throws -> [[String: Any]] {
        try kassa(["list", "--json", "--file", file]).output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    // MARK: - CR-only line ends

    @Test func aStatementWithCROnlyLineEndsLosesNoRow() throws {
        let rows = ["Выписка", "| Дата | Операция | Детали | Сумма | Валюта операции | Приход | Расход |",
                    "| 12.03.26 | Покупка | AMAZON | 2 000,00 | KZT | | 2 000,00 |",
                    "| 13.03.26 | Пополнение | С карты | 50 000,00 | KZT | 50 000,00 | |",
                    "| 14.03.26 | Покупка | Кофейня | 900,00 | KZT | | 900,00 |"]
        let source = try write(rows.joined(separator: "\r") + "\r", "cr-statement.txt")
        let file = path("cr-statement.kassa")
        let imported = try kassa(["import", source, "--format", "statement", "--account", "kaspi", "--file", file, "--yes"])
        #expect(imported.status == 0, "\(imported.output) \(imported.error)")
        #expect(try listed(file).count == 3, "\(imported.output)")
    }

    @Test func aRatesFileWithCROnlyLineEndsStoresEveryRate() throws {
        let source = try write("date,currency,rate\r2026-03-01,USD,500\r2026-03-02,USD,501\r2026-03-02,EUR,540\r", "cr-rates.csv")
        let file = path("cr-rates.kassa")
        let imported = try kassa(["rate", "import", source, "--file", file])
        #expect(imported.status == 0, "\(imported.output) \(imported.error)")
        let rates = try kassa(["rate", "--file", file])
        #expect(rates.output.contains("501") && rates.output.contains("540"), "\(imported.output) \(rates.output) \(rates.error)")
    }

    @Test func aJournalWithCROnlyLineEndsImportsEveryTransaction() throws {
        let journal = "2026-03-01 coffee\r    expenses:food  1500 KZT\r    assets:cash\r\r2026-03-02 tea\r    expenses:food  500 KZT\r    assets:cash\r"
        let source = try write(journal, "cr.journal")
        let file = path("cr-journal.kassa")
        let imported = try kassa(["import", source, "--file", file, "--yes"])
        #expect(imported.status == 0, "\(imported.output) \(imported.error)")
        #expect(try listed(file).count == 2, "\(imported.output) \(imported.error)")
    }

    @Test func aJournalDateOutsideTheSupportedYearsIsOneBadLineNamed() throws {
        let journal = "2026-03-01 coffee\n    expenses:food  1500 KZT\n    assets:cash\n\n3050-03-02 tea\n    expenses:food  500 KZT\n    assets:cash\n"
        let source = try write(journal, "far.journal")
        let file = path("far-journal.kassa")
        let refused = try kassa(["import", source, "--file", file, "--yes"])
        #expect(refused.status == 1 && refused.error.contains("line 5"), "\(refused.output) \(refused.error)")
        let skipped = try kassa(["import", source, "--file", file, "--yes", "--skip-bad"])
        #expect(skipped.status == 0, "\(skipped.output) \(skipped.error)")
        #expect(try listed(file).count == 1)
    }

    // MARK: - a zero in one column, an amount in the other

    @Test func aStatementRowWithZeroIncomeAndAnExpenseIsTheExpense() throws {
        let statement = """
            Выписка
            | Дата | Операция | Детали | Сумма | Валюта операции | Приход | Расход |
            | 14.03.26 | Покупка | Кофейня | 500,00 | KZT | 0,00 | 500,00 |
            | 15.03.26 | Пополнение | С карты | 7 000,00 | KZT | 7 000,00 | 0,00 |
            | 16.03.26 | Покупка | Проверка карты | 0,00 | KZT | 0,00 | 0,00 |

            """
        let source = try write(statement, "zero-column.txt")
        let file = path("zero-column.kassa")
        let imported = try kassa(["import", source, "--format", "statement", "--account", "kaspi", "--file", file, "--yes"])
        #expect(imported.status == 0, "\(imported.output) \(imported.error)")
        let rows = try listed(file)
        #expect(rows.count == 2, "\(imported.output)")
        #expect(rows.contains { $0["amount"] as? String == "500.00" && $0["type"] as? String == "expense" }, "\(rows)")
        #expect(rows.contains { $0["amount"] as? String == "7000.00" && $0["type"] as? String == "income" }, "\(rows)")
        #expect(imported.output.contains("1 row of a zero amount"), "\(imported.output)")
    }

    // MARK: - a stray byte in a UTF-8 file

    @Test func aUTF8FileWithOneStrayByteIsRefusedNamingItsLineNotReadAsCp1251() throws {
        var bytes = Array("Date,Note,Amount\n01.03.2026,Кофейня Алматы,-1500\n02.03.2026,Магазин ".utf8)
        bytes += [0xFF] + Array(" хлеб,-500\n03.03.2026,Такси Яндекс,-300\n".utf8)
        let source = try write(bytes, "stray.csv")
        let file = path("stray.kassa")
        let imported = try kassa(["import", source, "--file", file, "--account", "kaspi", "--yes"])
        #expect(imported.status != 0, "\(imported.output) \(imported.error)")
        #expect(imported.error.contains("line 3"), "\(imported.error)")
        #expect(imported.error.contains("0xFF") && !imported.output.contains("Read cp1251"), "\(imported.output) \(imported.error)")
        #expect(try listed(file).isEmpty)
    }

    // MARK: - --dry-run writes nothing

    @Test func aDryRunImportCreatesNoJournal() throws {
        let source = try write("Date,Note,Amount\n01.03.2026,coffee,-1500\n", "dry.csv")
        let file = path("dry.kassa")
        let dry = try kassa(["import", source, "--file", file, "--account", "kaspi", "--dry-run"])
        #expect(dry.status == 0, "\(dry.output) \(dry.error)")
        #expect(dry.output.contains("1"), "\(dry.output)")
        #expect(!FileManager.default.fileExists(atPath: file))
        // A listing of a journal that is not there writes nothing either.
        #expect(try kassa(["list", "--file", file]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    // MARK: - an empty path

    @Test func anEmptyPrefixOrFileIsRefusedNotTheDefault() throws {
        let prefix = home.appendingPathComponent(".local/bin")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("kassa").path
        try FileManager.default.copyItem(atPath: KassaBinary.path, toPath: binary)
        let uninstall = try kassa(["uninstall", "--prefix", ""])
        #expect(uninstall.status == 2 && uninstall.error.contains("--prefix"), "\(uninstall.output) \(uninstall.error)")
        #expect(FileManager.default.fileExists(atPath: binary))
        let inline = try kassa(["uninstall", "--prefix="])
        #expect(inline.status == 2 && FileManager.default.fileExists(atPath: binary), "\(inline.output) \(inline.error)")
        let add = try kassa(["--file", "", "add", "coffee 500", "--yes"])
        #expect(add.status == 2 && add.error.contains("--file"), "\(add.output) \(add.error)")
        #expect(!FileManager.default.fileExists(atPath: path("data/kassa/journal.kassa")))
    }

    // MARK: - uninstall and a person's own page

    @Test func uninstallKeepsAPersonsOwnPageThatStartsLikeKassas() throws {
        let prefix = TestSupport.makeTemporaryDirectory("hostile-three-prefix").path
        #expect(try kassa(["install", "--prefix", prefix]).status == 0)
        let page = prefix + "/share/man/man1/kassa.1"
        let russian = prefix + "/share/man/ru/man1/kassa.1"
        try ".TH KASSA 1 \"\" \"my notes\"\n.SH NAME\nmy own notes about kassa\n".write(toFile: page, atomically: true, encoding: .utf8)
        let uninstall = try kassa(["uninstall", "--prefix", prefix])
        #expect(uninstall.status == 0, "\(uninstall.error)")
        #expect(FileManager.default.fileExists(atPath: page), "\(uninstall.output)")
        #expect(uninstall.output.contains(page), "\(uninstall.output)")
        // The page kassa wrote is still kassa's, and goes.
        #expect(!FileManager.default.fileExists(atPath: russian), "\(uninstall.output)")
    }

    // MARK: - what reaches a terminal

    @Test func listShowsTheLineAndParagraphSeparatorsEscaped() throws {
        let file = path("separators.kassa")
        let line = #"{"date": "2026-03-01", "amount": "500", "currency": "KZT", "type": "expense", "category": "food", "account": "cash", "note": "a\u2028b\u2029c"}"# + "\n"
        #expect(try kassa(["import", "-", "--file", file], stdin: line).status == 0)
        let list = try kassa(["list", "--file", file])
        #expect(list.status == 0, "\(list.error)")
        #expect(!list.output.contains("\u{2028}") && !list.output.contains("\u{2029}"), "\(list.output)")
        #expect(list.output.contains("\\u{2028}"), "\(list.output)")
    }

    @Test func anExportToATerminalShowsAnEscapeEscaped() throws {
        let file = path("osc.kassa")
        let line = #"{"date": "2026-03-01", "amount": "500", "currency": "KZT", "type": "expense", "category": "food", "account": "cash", "note": "x\u001b]0;pwned\u0007y"}"# + "\n"
        #expect(try kassa(["import", "-", "--file", file], stdin: line).status == 0)
        let terminal = try PseudoTerminal(executable: KassaBinary.path,
                                          arguments: ["export", "--format", "csv", "--file", file, "--today", "2026-03-20"],
                                          environment: KassaBinary.environment(home: home, extra: ["TERM": "xterm"]))
        #expect(terminal.waitForExit() != .timedOut)
        let shown = terminal.text()
        #expect(shown.contains("pwned"), "\(shown)")
        #expect(!shown.contains("\u{1B}]0;"), "\(shown)")
        #expect(shown.contains("\\x1B]0;pwned\\x07"), "\(shown)")
        // A pipe or a file gets the bytes as they are (a backup loses nothing).
        let piped = try kassa(["export", "--format", "csv", "--file", file])
        #expect(piped.output.contains("\u{1B}]0;pwned\u{07}"), "\(piped.output)")
    }

    // MARK: - a ledger folder's odd entries

    struct Ledger {
        let folder: String
        let environment: [String: String]

        func kassa(_ arguments: [String], stdin: String = "", killAfter: Int? = nil) throws -> ProcessResult {
            try ProcessRunner.run(KassaBinary.path, arguments + ["--today", "2026-03-10", "--lang", "en"], environment: environment,
                                  stdin: stdin, killAfterMilliseconds: killAfter)
        }
    }

    func joinedLedger(_ label: String, device: String = "laptop") throws -> Ledger {
        let root = TestSupport.makeTemporaryDirectory(label)
        let folder = root.appendingPathComponent("ledger").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let deviceHome = root.appendingPathComponent(device)
        try FileManager.default.createDirectory(at: deviceHome, withIntermediateDirectories: true)
        let ledger = Ledger(folder: folder, environment: KassaBinary.environment(home: deviceHome))
        let joined = try ledger.kassa(["devices", "join", folder, "--name", device])
        #expect(joined.status == 0, "\(joined.stdout) \(joined.stderr)")
        let saved = try ledger.kassa(["add", "coffee 900", "--yes"])
        #expect(saved.status == 0, "\(saved.stdout) \(saved.stderr)")
        return ledger
    }

    @Test(arguments: ["folder", "link", "fifo"])
    func aNonFileUnderADeviceNameIsNamedAndNotRead(_ kind: String) throws {
        let ledger = try joinedLedger("hostile-three-odd-" + kind)
        let odd = ledger.folder + "/phone.kassa"
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: false)
        case "link": try FileManager.default.createSymbolicLink(atPath: odd, withDestinationPath: "/etc/passwd")
        default: #expect(mkfifo(odd, 0o600) == 0)
        }
        // A command that waited on the FIFO would be killed by the guard, and fail.
        let list = try ledger.kassa(["list"], killAfter: 20_000)
        #expect(list.status == 0 && list.signal == nil, "\(list.stdout) \(list.stderr)")
        #expect(list.stdout.contains("coffee") && !list.stderr.contains("{"), "\(list.stdout) \(list.stderr)")
        let saved = try ledger.kassa(["add", "tea 500", "--yes"], killAfter: 20_000)
        #expect(saved.status == 0, "\(saved.stdout) \(saved.stderr)")
        let devices = try ledger.kassa(["devices"], killAfter: 20_000)
        #expect(devices.status == 0 && (devices.stdout + devices.stderr).contains("phone.kassa is not a regular file"),
                "\(devices.stdout) \(devices.stderr)")
    }

    /// A device file line with its checksum.
    static func record(_ body: String) -> String {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body.utf8 {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return String(format: "%08x", ~crc) + "\t" + body
    }

    @Test func changeNumbersUpToInt64MaxCrashNeitherASaveNorAJoin() throws {
        let ledger = try joinedLedger("hostile-three-numbers")
        let phone = ["kassa-journal\t1",
                     Self.record("9223372036854775806\t1/1\tobject\tdevice\tphone\t+\tuid=aaaaaaaaaaaaaaaa\tbase=1000000"),
                     Self.record("9223372036854775807\t1/1\tcommit\t1000001\texpense\t500.00\tKZT\t2026-03-09\t\tfood/coffee\tcash\t\t\ttea\ttea 500")]
        try (phone.joined(separator: "\n") + "\n").write(toFile: ledger.folder + "/phone.kassa", atomically: true, encoding: .utf8)
        let saved = try ledger.kassa(["add", "bread 300", "--yes"])
        #expect(saved.signal == nil && saved.status == 0, "\(saved.stdout) \(saved.stderr)")
        let list = try ledger.kassa(["list"])
        #expect(list.signal == nil && list.stdout.contains("bread"), "\(list.stdout) \(list.stderr)")
        let check = try ledger.kassa(["check"])
        #expect(check.signal == nil, "\(check.stdout) \(check.stderr)")
        #expect(!list.stdout.contains("tea"), "\(list.stdout)")
        // A third device joins the folder without a crash.
        let tabletHome = URL(fileURLWithPath: ledger.folder).deletingLastPathComponent().appendingPathComponent("tablet")
        try FileManager.default.createDirectory(at: tabletHome, withIntermediateDirectories: true)
        let tablet = Ledger(folder: ledger.folder, environment: KassaBinary.environment(home: tabletHome))
        let joined = try tablet.kassa(["devices", "join", ledger.folder, "--name", "tablet"])
        #expect(joined.signal == nil && joined.status == 0, "\(joined.stdout) \(joined.stderr)")
        let after = try tablet.kassa(["add", "milk 200", "--yes"])
        #expect(after.signal == nil && after.status == 0, "\(after.stdout) \(after.stderr)")
    }
}
