// The command registry through the real binary: session and command-line forms take the same
// arguments, a word a command does not take is a usage error (exit 2, nothing done), help lists
// every command, filters name the option that was wrong, and money sums that do not fit are
// errors instead of wrapped numbers.

import Foundation
import Testing
import KassaCore
import KassaStore
import KassaTestSupport

@Suite struct CommandRegistryCLITests {
    let home = TestSupport.makeTemporaryDirectory("registry-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    func kassa(_ arguments: [String], input: String? = nil) throws -> KassaBinary.Result {
        try KassaBinary.run(["--file", journal, "--today", "2026-03-10"] + arguments, stdin: input ?? "", environment: env)
    }

    @Test func aWordACommandDoesNotTakeIsAUsageErrorAndChangesNothing() throws {
        _ = try kassa(["add", "coffee", "1500", "--yes"])
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let wrong = try kassa(["undo", "foo", "bar"])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("kassa undo"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before, "nothing was undone")
        #expect(try kassa(["balance", "extra", "words"]).status == 2)
        #expect(try kassa(["list", "--frob"]).status == 2)
        let badDate = try kassa(["list", "--from", "2026-13-01"])
        #expect(badDate.status == 2 && badDate.error.contains("--from"))
    }

    @Test func undoTakesTheSameArgumentsAsInTheSession() throws {
        _ = try kassa(["add", "coffee", "1500", "--yes"])
        _ = try kassa(["add", "taxi", "2000", "--yes"])
        let undone = try kassa(["undo", "#1"])
        #expect(undone.status == 0 && undone.output.contains("#1"))
        #expect(try kassa(["list", "--json"]).lines.count == 1)
        let session = try kassa([], input: ":undo #2\n:list\n")
        #expect(session.status == 0 && session.output.contains("#2"))
        #expect(try kassa(["list", "--json"]).lines.isEmpty)
        let wrongInSession = try kassa([], input: ":undo foo bar\n")
        #expect(wrongInSession.status == 1 && wrongInSession.error.contains(":undo"))
    }

    @Test func helpListsEveryCommand() throws {
        let help = try kassa(["--help"])
        for name in ["parse", "add", "list", "balance", "history", "undo", "redo", "edit", "delete", "accounts",
                     "account", "categories", "import", "check", "repair", "grammar", "help"] {
            #expect(help.output.contains("kassa " + name), "kassa --help misses \(name)")
        }
        let session = try kassa([], input: ":help\n")
        for name in ["list", "undo", "why", "quit", "edit", "delete", "history", "balance"] {
            #expect(session.output.contains(":" + name), ":help misses \(name)")
        }
        let one = try kassa(["help", "undo"])
        #expect(one.status == 0 && one.output.contains("kassa undo [N|#ID]"))
        #expect(try kassa(["list", "--help"]).output.contains("kassa list"))
    }

    @Test func aBalanceTooLargeToComputeIsAnErrorNotAWrappedNumber() throws {
        // Each amount is the largest kassa accepts (12 whole digits), but 100,000 of them do
        // not fit in 64-bit minor units: 10^5 × 10^14 > 9.2 × 10^18.
        let day = CivilDate(year: 2026, month: 3, day: 1)!
        let largest = Money(minorUnits: 99_999_999_999_999, currency: .kzt)
        try Journal.create(path: journal, transactions: (1...100_000).map {
            Transaction(id: $0, type: .income, amount: largest, date: day, account: "cash")
        }, changeSize: 50_000)
        let balance = try kassa(["balance"])
        #expect(balance.status == 1)
        #expect(balance.error.contains("too large"), "\(balance.error)")
        #expect(!balance.output.contains("−") && !balance.output.contains("-"), "no wrapped negative total")
        let json = try kassa(["balance", "--json"])
        #expect(json.status == 1 && json.error.contains("too large") && json.output.isEmpty)
    }

    @Test func aCorrectedAmountIsBounded() throws {
        let result = try kassa([], input: "coffee 1500\namount 1234567890123\nn\n")
        #expect(result.error.contains("12"))
        #expect(try kassa(["list", "--json"]).lines.isEmpty)
    }

    @Test func russianListShowsCategoryNamesAndReadableErrors() throws {
        _ = try kassa(["add", "кофе", "1500", "--yes"])
        let list = try kassa(["list", "--lang", "ru"])
        #expect(list.output.contains("Кофе"))
        // A path under a regular file: the system says ENOTDIR; the person reads it in words.
        let file = home.appendingPathComponent("plain-file").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let broken = try KassaBinary.run(["list", "--file", file + "/j.kassa", "--lang", "ru"], environment: env)
        #expect(broken.status == 3)
        #expect(!broken.error.contains("errno") && broken.error.contains("не папка"))
    }
}
