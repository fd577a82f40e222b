// kassa's export to the app's CSV keeps every balance: an account's opening goes out as a row the
// app books into the account (and kassa reads back as the opening), a loan's as what is owed, so
// the file imported into an empty journal gives `kassa balance` again; and like the hledger
// export it leaves the planned (future-dated) transactions out unless --planned, so both files
// hold the same entries and hledger's balance of its file equals the app's CSV's.

import Foundation
import Testing
import KassaTestSupport

@Suite struct TenraExportBalanceTests {
    let home = TestSupport.makeTemporaryDirectory("tenra-export-balance")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--today", "2026-04-01", "--lang", "en"], environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.output)\(result.error)")
        return result
    }

    /// `kassa balance --json` as "account|CUR" → "amount".
    func balances(_ journal: String) throws -> [String: String] {
        let out = try kassa(["balance", "--json", "--file", journal]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var found: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            guard let account = line["account"] as? String else { continue }
            found[account.lowercased() + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        return found
    }

    /// Cash opened with 40,000, a loan of 500,000, a few expenses, an income and one planned expense.
    func journal() throws -> String {
        let journal = path("source.kassa")
        _ = try kassa(["account", "add", "cash", "--opening", "40000", "--file", journal])
        _ = try kassa(["account", "add", "loan", "--kind", "loan", "--opening", "500000", "--file", journal])
        let entries = """
            {"id": "1", "date": "2026-03-02", "type": "expense", "amount": "1500.00", "currency": "KZT", "category": "food/coffee", "account": "cash", "note": "coffee"}
            {"id": "2", "date": "2026-03-03", "type": "expense", "amount": "2400.00", "currency": "KZT", "category": "transport", "account": "cash", "note": "taxi"}
            {"id": "3", "date": "2026-03-04", "type": "income", "amount": "4000.00", "currency": "KZT", "category": "income/refund", "account": "cash", "note": "refund"}
            {"id": "4", "date": "2026-03-05", "type": "transfer", "amount": "20000.00", "currency": "KZT", "account": "cash", "to_account": "loan", "note": "payment"}
            {"id": "5", "date": "2026-05-01", "type": "expense", "amount": "9999.00", "currency": "KZT", "category": "food", "account": "cash", "note": "planned dinner"}

            """
        let imported = try KassaBinary.run(["import", "--file", journal, "--format", "jsonl", "--today", "2026-04-01", "-"],
                                           stdin: Data(entries.utf8), environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        return journal
    }

    @Test func theAppsCSVKeepsTheOpeningsAndComesBackWithTheSameBalances() throws {
        let source = try journal()
        let expected = try balances(source)
        #expect(expected["cash|KZT"] == "20100.00")
        #expect(expected["loan|KZT"] == "-480000.00")
        let file = path("export.csv")
        _ = try kassa(["export", "--format", "tenra", "-o", file, "--file", source])
        let again = path("again.kassa")
        _ = try kassa(["import", file, "--format", "tenra", "--yes", "--file", again])
        #expect(try balances(again) == expected)
        // Imported once more, nothing is added twice: the openings stay as they were.
        _ = try kassa(["import", file, "--format", "tenra", "--yes", "--file", again])
        #expect(try balances(again) == expected)
    }

    @Test func plannedTransactionsGoOutOnlyWithPlannedAsInTheHledgerExport() throws {
        let source = try journal()
        let tenra = path("export.csv"), plannedTenra = path("planned.csv")
        _ = try kassa(["export", "--format", "tenra", "-o", tenra, "--file", source])
        _ = try kassa(["export", "--format", "tenra", "--planned", "-o", plannedTenra, "--file", source])
        let hledgerFile = path("export.journal"), plannedHledger = path("planned.journal")
        _ = try kassa(["export", "--format", "hledger", "-o", hledgerFile, "--file", source])
        _ = try kassa(["export", "--format", "hledger", "--planned", "-o", plannedHledger, "--file", source])
        let text = try String(contentsOfFile: tenra, encoding: .utf8)
        #expect(!text.contains("planned dinner"), "\(text)")
        #expect(try String(contentsOfFile: plannedTenra, encoding: .utf8).contains("2026-05-01,expense,9999.00,KZT,cash"))
        // The same entries in both files: hledger's count of its export against the CSV's rows.
        guard let hledger = JournalExportCheckTests.tool("hledger") else {
            Issue.record("hledger is not installed: run `bash .ci/setup`")
            return
        }
        for (journal, csv) in [(hledgerFile, tenra), (plannedHledger, plannedTenra)] {
            let stats = try ProcessRunner.run(hledger, ["-f", journal, "print", "-O", "csv"],
                                              environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
            #expect(stats.status == 0, "\(stats.stderr)")
            // hledger's CSV: a header, then one line per posting, each entry's first with its txnidx.
            let entries = Set(stats.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").first })
            let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").count - 1
            #expect(entries.count == rows, "\(stats.stdout)")
        }
    }
}
