// What kassa exports to hledger, ledger and beancount and imports again is what it had: account
// names with spaces, ':' or capitals, entries without a category (income and expense), a note
// with ';' — every transaction as `kassa list --json` shows it, and each file still passes the
// tool's own check.

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalRoundTripTests {
    let home = TestSupport.makeTemporaryDirectory("journal-round-trip")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--today", "2026-04-01", "--lang", "en"], environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.output)\(result.error)")
        return result
    }

    /// Every transaction as `list --json` shows it, the id left out (a new journal numbers its own).
    func rows(_ journal: String) throws -> [String] {
        try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n").map { line in
            String(line.replacingOccurrences(of: #""id": "[0-9]+", "#, with: "", options: .regularExpression))
        }
    }

    @Test(arguments: [("hledger", ["check", "-s"]), ("ledger", ["--strict", "--pedantic", "bal"]), ("beancount", [])])
    func exportedAndImportedAgainIsWhatKassaHad(_ format: String, _ check: [String]) throws {
        let csv = path("source.csv")
        try """
            date,type,amount,currency,account,to_account,category,note
            2026-03-01,expense,1500,KZT,kaspi gold,,food/coffee,coffee; milk
            2026-03-02,expense,700,KZT,kaspi gold,,,something odd
            2026-03-03,income,450000,KZT,work:main,,income/salary,pay
            2026-03-04,income,1200,KZT,Наличные,,,found on the street
            2026-03-05,transfer,20000,KZT,kaspi gold,Наличные,,atm
            """.write(toFile: csv, atomically: true, encoding: .utf8)
        let source = path("source.kassa")
        _ = try kassa(["import", csv, "--yes", "--file", source])
        let before = try rows(source)
        #expect(before.count == 5)
        let file = path("export." + format)
        _ = try kassa(["export", "--format", format, "-o", file, "--file", source])
        let tool = format == "beancount" ? "bean-check" : format
        if let found = JournalExportCheckTests.tool(tool) {
            let result = try ProcessRunner.run(found, format == "beancount" ? [file] : ["-f", file] + check,
                                               environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
            #expect(result.status == 0, "\(tool): \(result.stderr)")
        } else {
            Issue.record("\(tool) is not installed: run `bash .ci/setup`")
        }
        let again = path("again.kassa")
        let imported = try kassa(["import", file, "--format", format, "--yes", "--file", again])
        #expect(!imported.output.contains("uncategorized"), "\(imported.output)")
        #expect(try rows(again) == before)
        let categories = try kassa(["categories", "--json", "--file", again]).output
        #expect(!categories.contains("uncategorized"), "\(categories)")
    }
}
