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

    /// A backup whose numbers the journal gave before (to a transaction since deleted) cannot
    /// keep them — a journal never gives a number twice — and the import says which they became.
    @Test func aRestoreThatCannotKeepItsNumbersSaysSo() throws {
        let original = path("numbered.kassa"), restored = path("used.kassa")
        #expect(try kassa(["--yes", "--file", original], stdin: "coffee 1500\ntaxi 2000\nlunch 3000\n").status == 0)
        let file = path("numbered.jsonl")
        #expect(try kassa(["export", "--format", "jsonl", "-o", file, "--file", original]).status == 0)
        #expect(try kassa(["import", file, "--yes", "--file", restored]).output.contains("renumbered") == false)
        let used = path("deleted.kassa")
        #expect(try kassa(["add", "--yes", "tea 500", "--file", used]).status == 0)
        #expect(try kassa(["delete", "#1", "--file", used]).status == 0)
        let said = try kassa(["import", file, "--yes", "--file", used])
        #expect(said.output.contains("The file's numbers #1–#3 were given in this journal before") && said.output.contains("#2–#4 now"),
                "\(said.output)")
    }

    /// A ledger folder's backup numbers a second device from #1000001: into a journal of its own
    /// those numbers cannot be kept, and the import says why — not that the journal gave them.
    @Test func aRestoreOfNumbersTooFarApartSaysWhy() throws {
        let file = path("far.jsonl"), restored = path("far.kassa")
        let rows = [#"{"id": "1", "date": "2026-11-20", "type": "expense", "amount": "1500.00", "currency": "KZT", "account": "cash", "note": "coffee"}"#,
                    #"{"id": "1000001", "date": "2026-11-21", "type": "expense", "amount": "2000.00", "currency": "KZT", "account": "cash", "note": "taxi"}"#]
        try (rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let said = try kassa(["import", file, "--yes", "--file", restored])
        #expect(said.output.contains("#1–#1000001 lie too far apart") && said.output.contains("#1–#2 now")
                && !said.output.contains("given in this journal before"), "\(said.output) \(said.error)")
    }

    /// Budgets, series (with their occurrences), rates, own categories and account profiles travel
    /// in the backup too: the restored journal answers every listing the same, and one undo takes
    /// the whole restore back.
    @Test func aBackupCarriesBudgetsSeriesRatesCategoriesAndProfiles() throws {
        let original = path("objects-a.kassa"), restored = path("objects-b.kassa")
        func on(_ file: String, _ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
            try kassa(arguments + ["--file", file], stdin: stdin)
        }
        #expect(try on(original, ["--yes"], stdin: "netflix 4990 every month\n").status == 0)
        #expect(try on(original, ["budget", "set", "groceries", "100000"]).status == 0)
        #expect(try on(original, ["rate", "set", "USD", "480.5", "--date", "2026-03-01"]).status == 0)
        #expect(try on(original, ["category", "add", "Climbing gym", "sport"]).status == 0)
        #expect(try on(original, ["account", "add", "card", "--kind", "card", "--opening", "5000", "--opening-date", "2026-01-01"]).status == 0)
        let backup = try on(original, ["export", "--format", "jsonl"])
        for kind in ["series", "occurrence", "budget", "rate", "category", "account"] {
            #expect(backup.output.contains(#"{"record": "object", "kind": "\#(kind)""#), "\(kind)")
        }
        let file = path("objects.jsonl")
        try backup.output.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try on(restored, ["import", file]).status == 0)
        for command in [["export", "--format", "jsonl"], ["recurring", "--json"], ["due", "--json", "--days", "40"], ["budget", "--json"],
                        ["rate", "--json"], ["categories", "--json"], ["accounts", "--json"], ["balance", "--json"], ["list", "--json"]] {
            #expect(try on(restored, command).output == on(original, command).output, "\(command)")
        }
        // The same backup again adds nothing: still the one change.
        #expect(try on(restored, ["import", file]).status == 0)
        #expect(try on(restored, ["history", "--json"]).output.components(separatedBy: "\"number\"").count == 2)
        #expect(try on(restored, ["undo"]).status == 0)
        #expect(try on(restored, ["budget", "--json"]).output.isEmpty)
        #expect(try on(restored, ["rate", "--json"]).output.isEmpty)
        #expect(try on(restored, ["recurring", "--json"]).output.isEmpty)
    }

    /// A restore is one change: one undo takes back its transactions, accounts and lessons.
    @Test func aRestoreIsOneChangeThatOneUndoTakesBack() throws {
        let journal = path("r.kassa")
        let fixture = JournalExportCheckTests.fixture + #"{"record": "lesson", "phrase": "чай", "category": "food/coffee"}"# + "\n"
        #expect(try kassa(["import", "-", "--file", journal], stdin: fixture).status == 0)
        let history = try kassa(["history", "--json", "--file", journal]).output
        #expect(history.components(separatedBy: "\"number\"").count == 2, "\(history)")
        #expect(try kassa(["accounts", "--json", "--file", journal]).output.contains("wallet"))
        #expect(try kassa(["lessons", "--file", journal]).output.contains("чай"))
        #expect(try kassa(["undo", "--file", journal]).status == 0)
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
        #expect(!(try kassa(["accounts", "--json", "--file", journal]).output.contains("wallet")))
        #expect(!(try kassa(["lessons", "--file", journal]).output.contains("чай")))
    }

    /// Undoing a large import says which change it was in one short line: the first rows and how
    /// many more, in both languages.
    @Test func undoingALargeImportNamesTheFirstRowsAndCountsTheRest() throws {
        let journal = path("big.kassa")
        let rows = (1...500).map { #"{"date": "2026-03-01", "amount": "\#($0).00", "currency": "KZT", "note": "row \#($0)"}"# }
        #expect(try kassa(["import", "-", "--file", journal], stdin: rows.joined(separator: "\n") + "\n").status == 0)
        let undone = try kassa(["undo", "--file", journal])
        #expect(undone.status == 0 && undone.output.contains("#10 ") && !undone.output.contains("#11 "))
        #expect(undone.output.contains("… and 490 more") && undone.output.count < 1_000, "\(undone.output)")
        let redone = try kassa(["redo", "--lang", "ru", "--file", journal])
        #expect(redone.output.contains("… и ещё 490"), "\(redone.output)")
    }

    /// 03/04/2026 with no row to decide: refused in a script, naming the option; given, read so;
    /// --save-rules keeps it (and the delimiter) for the next file, used when named with --rules.
    @Test func anUndecidedDateOrderIsRefusedInAScriptAndSavedRulesSettleIt() throws {
        let journal = path("u.kassa"), csv = path("march.csv"), rules = path("kassa.rules")
        let text = "Дата;Описание;Сумма\n03/04/2026;кофе;-1 500,00\n05/04/2026;хлеб;-300\n"
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        let refused = try kassa(["import", csv, "--file", journal])
        #expect(refused.status == 1)
        #expect(refused.error.contains("03/04/2026") && refused.error.contains("--date-format dd/mm/yyyy"))
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
        let russian = try kassa(["import", csv, "--lang", "ru", "--file", journal])
        #expect(russian.status == 1 && russian.error.contains("--date-format mm/dd/yyyy") && russian.error.contains("Даты вида"))
        #expect(try kassa(["import", csv, "--date-format", "nonsense", "--file", journal]).status == 2)
        let saved = try kassa(["import", csv, "--date-format", "mm/dd/yyyy", "--account", "kaspi", "--save-rules", rules,
                               "--file", journal])
        #expect(saved.status == 0, "\(saved.error)")
        let list = try kassa(["list", "--json", "--file", journal])
        #expect(list.output.contains("2026-03-04") && list.output.contains("2026-05-04") && list.output.contains("\"kaspi\""))
        let written = try String(contentsOfFile: rules, encoding: .utf8)
        #expect(written == "separator ;\ndate-format mm/dd/yyyy\naccount kaspi\n")
        // The next statement of the same bank: the rules beside it are pointed out, not applied
        // unless named (a file that came with the statement could carry anyone's rules).
        let april = path("april.csv")
        try "Дата;Описание;Сумма\n04/06/2026;такси;-900\n".write(toFile: april, atomically: true, encoding: .utf8)
        let unnamed = try kassa(["import", april, "--file", journal])
        #expect(unnamed.status == 1 && unnamed.output.contains("--rules \(rules)"), "\(unnamed.output)")
        let next = try kassa(["import", april, "--rules", rules, "--file", journal])
        #expect(next.status == 0, "\(next.error)")
        #expect(try kassa(["list", "--json", "--file", journal]).output.contains("2026-04-06"))
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

    @Test func aRandomFileIsRefusedInOneShortLine() throws {
        let journal = path("r.kassa")
        var generator = SystemRandomNumberGenerator()
        // No line break or quote in it: the whole file is one "header" line of 200 KB.
        let bytes = Data((0..<200_000).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return byte == 10 || byte == 13 || byte == 34 ? 65 : byte
        })
        let result = try KassaBinary.run(["import", "-", "--format", "csv", "--file", journal, "--today", "2026-03-20"],
                                         stdin: bytes, environment: env)
        #expect(result.status == 1)
        let row = try #require(result.error.split(separator: "\n").first)
        #expect(row.hasPrefix("error: line 1:") && row.hasSuffix("…\""))
        #expect(row.count < 200, "the refused line is cut, not echoed whole")
        #expect(try kassa(["list", "--json", "--file", journal]).lines.isEmpty)
    }

    /// A CSV's rows are read on both threads and encoded straight for the journal when nothing
    /// needs their whole transaction (an empty journal), and taken whole and checked against the
    /// journal's otherwise: awkward rows (quotes, a line break in a cell, decimal commas, bad and
    /// unknown ones, CRLF) give the same preview, problems and transactions either way.
    @Test func aCSVReadsTheSameIntoAnEmptyJournalAsIntoOneWithTransactions() throws {
        var csv = "date,amount,currency,category,account,note\r\n"
        for k in 0..<3_000 {
            switch k % 23 {
            case 1: csv += "2026-03-02,\"-1 234,50\",KZT,food,kaspi,\"comma, \"\"quoted\"\"\"\n"
            case 2: csv += "2026-03-02,-7,USD,mystery,card,\"two\nlines \(k)\"\n"
            case 3: csv += "2026-13-02,-7,KZT,food,kaspi,bad date\n"
            case 4: csv += "02.03.2026,450000,KZT,salary,kaspi,зарплата\n"
            default: csv += "2026-03-\(String(format: "%02d", k % 19 + 1)),-\(k % 900 + 1).\(k % 10)0,\(["KZT", "USD"][k % 2]),\(["food", "transport", ""][k % 3]),\(["kaspi", "cash"][k % 2]),кофе \(k % 40)\r\n"
            }
        }
        let file = path("awkward.csv")
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let empty = path("csv-empty.kassa"), full = path("csv-full.kassa")
        #expect(try kassa(["--yes", "--file", full], stdin: "netflix 4990\n").status == 0)
        let fast = try kassa(["import", file, "--skip-bad", "--file", empty])
        let careful = try kassa(["import", file, "--skip-bad", "--file", full])
        #expect(fast.status == 0, "\(fast.error)")
        #expect(fast.output.contains("Imported 2869 transactions."))
        #expect(fast.error.contains("line 6: not a date"))
        #expect(fast.output == careful.output)
        #expect(fast.error == careful.error)
        // The same rows, in the same order (ids aside: the fuller journal's are one further on).
        func rows(_ journal: String) throws -> [String] {
            try kassa(["export", "--format", "csv", "--file", journal]).output.split(whereSeparator: \.isNewline).dropFirst()
                .map { String($0.drop { $0 != "," }) }.filter { !$0.contains("netflix") }
        }
        let written = try rows(empty)
        #expect(written.count >= 2_869)
        #expect(written == (try rows(full)))
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
        #expect(unwritable.status == 3, "a file that cannot be written is exit 3")
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
