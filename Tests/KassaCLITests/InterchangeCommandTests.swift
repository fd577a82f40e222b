// kassa export and kassa import through the real binary: a complete backup restores the same
// state (transactions, accounts, lessons), an import run twice adds nothing, bad rows are
// named and nothing is written, --dry-run writes nothing, and mistakes are usage errors.

import Foundation
import Testing
import KassaTestSupport

@Suite struct InterchangeCommandTests {
    let home = TestSupport.makeTemporaryDirectory("interchange-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", "2026-03-20"], stdin: Data(stdin.utf8), environment: env)
    }

    @Test func aBackupRestoresTransactionsAccountsAndLessons() throws {
        let original = path("a.kassa"), restored = path("b.kassa")
        let fixture = JournalExportCheckTests.fixture + #"{"record": "lesson", "phrase": "чай", "category": "food/coffee"}"# + "\n"
        #expect(try kassa(["import", "-", "--file", original], stdin: fixture).status == 0)
        let backup = try kassa(["export", "--format", "jsonl", "--file", original])
        #expect(backup.status == 0)
        #expect(backup.output.contains(#"{"record": "account", "name": "wallet", "currency": "USD", "aliases": ["кошелёк"]}"#))
        #expect(backup.output.contains(#"{"record": "lesson", "phrase": "чай", "category": "food/coffee"}"#))
        let file = path("backup.jsonl")
        try backup.output.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try kassa(["import", file, "--file", restored]).status == 0)
        for command in [["export", "--format", "jsonl"], ["list", "--json"], ["balance", "--json"], ["accounts", "--json"]] {
            #expect(try kassa(command + ["--file", restored]).output == kassa(command + ["--file", original]).output, "\(command)")
        }
    }

    @Test func anImportRunTwiceAddsNothingTheSecondTime() throws {
        let journal = path("c.kassa"), csv = path("bank.csv")
        try "Дата;Описание;Сумма\n01.03.2026;кофе;-1 500,00\n01.03.2026;кофе;-1 500,00\n02.03.2026;зарплата;450 000\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let first = try kassa(["import", csv, "--account", "kaspi", "--file", journal])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("Imported 3 transactions."))
        let second = try kassa(["import", csv, "--account", "kaspi", "--file", journal])
        #expect(second.status == 0)
        #expect(second.output.contains("3 transactions are already in the journal and are skipped."))
        #expect(try kassa(["list", "--json", "--file", journal]).lines.count == 3)
        // One change: one undo takes the whole import back.
        #expect(try kassa(["undo", "--file", journal]).status == 0)
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
    }

    @Test func badRowsAreNamedAndNothingIsWrittenUnlessSkipBad() throws {
        let journal = path("d.kassa")
        let text = "date,amount,note\n2026-13-01,100,x\n2026-03-01,-5,ok\n"
        let refused = try kassa(["import", "-", "--format", "csv", "--file", journal], stdin: text)
        #expect(refused.status == 1)
        #expect(refused.error.contains("line 2: not a date: \"2026-13-01\""))
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
        let russian = try kassa(["import", "-", "--format", "csv", "--lang", "ru", "--file", journal], stdin: text)
        #expect(russian.error.contains("строка 2: не дата: «2026-13-01»"))
        let skipped = try kassa(["import", "-", "--format", "csv", "--skip-bad", "--file", journal], stdin: text)
        #expect(skipped.status == 0)
        #expect(try kassa(["list", "--json", "--file", journal]).lines.count == 1)
    }

    @Test func dryRunWritesNothing() throws {
        let journal = path("e.kassa")
        let statement = "01.03.26  + 450 000,00 ₸  Пополнение  Зарплата\n02.03.26  - 2 500,00 ₸  Покупка  Starbucks\n"
        let result = try kassa(["import", "-", "--dry-run", "--account", "kaspi", "--file", journal], stdin: statement)
        #expect(result.status == 0)
        #expect(result.output.contains("2 transactions in - (statement)."))
        #expect(result.output.contains("Dry run: nothing was written."))
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
    }

    @Test func exportMistakesAreUsageErrors() throws {
        let journal = path("f.kassa")
        let format = try kassa(["export", "--format", "xlsx", "--file", journal])
        #expect(format.status == 2)
        #expect(format.error.contains("unknown format \"xlsx\""))
        let unwritable = try kassa(["export", "--format", "csv", "-o", "/nonexistent/dir/x.csv", "--file", journal])
        #expect(unwritable.status == 1)
        #expect(unwritable.error.contains("cannot write /nonexistent/dir/x.csv"))
        #expect(try kassa(["import", "--format", "pdf", "--file", journal]).status == 2)
    }

    @Test func csvExportNeutralisesFormulasAndFiltersApply() throws {
        let journal = path("g.kassa")
        #expect(try kassa(["import", "-", "--file", journal], stdin: JournalExportCheckTests.fixture).status == 0)
        let csv = try kassa(["export", "--format", "csv", "--account", "каспи голд", "--from", "2026-03-02", "--file", journal])
        #expect(csv.status == 0)
        let lines = csv.output.split(separator: "\r\n")
        #expect(lines.count == 4)  // header, transfer, USD expense, refund
        #expect(lines[2].contains(",'=netflix,"))
    }
}
