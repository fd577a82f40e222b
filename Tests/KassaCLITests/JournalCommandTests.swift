// The journal's one-shot commands through the real binary: backup and restore round trip,
// filters, balance, history, check and repair.

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalCommandTests {
    let home = TestSupport.makeTemporaryDirectory("journal-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }

    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func add(_ lines: String, to journal: String) throws {
        let result = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--yes"], stdin: lines, environment: env)
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func backupAndRestoreGiveTheSameTransactions() throws {
        let original = path("a.kassa"), restored = path("b.kassa")
        try add("coffee 1500 yesterday\nsalary 450000\nтакси 2000 вчера\nlunch 3200 \"quoted\" note\n", to: original)
        let backup = try KassaBinary.run(["list", "--json", "--file", original], environment: env)
        #expect(backup.lines.count == 4)
        let imported = try KassaBinary.run(["import", "--file", restored], stdin: backup.output, environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        let again = try KassaBinary.run(["list", "--json", "--file", restored], environment: env)
        #expect(again.output == backup.output)
    }

    @Test func aBadImportLineIsNamedAndNothingIsWritten() throws {
        let journal = path("c.kassa")
        let input = #"{"id": "1", "date": "2026-03-09", "type": "expense", "amount": "1500.00", "currency": "KZT", "note": "ok"}"#
            + "\n" + #"{"id": "2", "date": "2026-02-30", "type": "expense", "amount": "10.00", "currency": "KZT"}"# + "\n"
        let result = try KassaBinary.run(["import", "--file", journal], stdin: input, environment: env)
        #expect(result.status == 1)
        #expect(result.error.contains("2"))
        #expect(try KassaBinary.run(["list", "--json", "--file", journal], environment: env).lines.isEmpty)
    }

    @Test func filtersBalanceAndHistory() throws {
        let journal = path("d.kassa")
        try add("coffee 1500 yesterday\nsalary 450000\nтакси 2000\n", to: journal)
        let coffee = try KassaBinary.run(["list", "--json", "--category", "food", "--file", journal], environment: env)
        #expect(coffee.lines.count == 1)
        let income = try KassaBinary.run(["list", "--json", "--type", "income", "--file", journal], environment: env)
        #expect(income.lines.count == 1 && income.output.contains("450000.00"))
        let yesterday = try KassaBinary.run(["list", "yesterday", "--json", "--today", "2026-03-10", "--file", journal], environment: env)
        #expect(yesterday.lines.count == 1)
        let balance = try KassaBinary.run(["balance", "--json", "--file", journal], environment: env)
        #expect(balance.output.contains(#""amount": "446500.00""#))
        let history = try KassaBinary.run(["history", "--file", journal, "--lang", "en"], environment: env)
        #expect(history.status == 0 && history.output.contains("3 changes"))
    }

    @Test func checkFindsDamageAndRepairKeepsTheIntactRecords() throws {
        let journal = path("e.kassa")
        try add("coffee 1500\ntea 500\njuice 700\n", to: journal)
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 0)
        // Flip a byte inside the second record (a middle record): open must refuse, check must say so.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let offset = lines[0].count + 1 + lines[1].count + 1 + 12
        bytes[offset] = bytes[offset] == 0x41 ? 0x42 : 0x41
        try bytes.write(to: URL(fileURLWithPath: journal))
        let listed = try KassaBinary.run(["list", "--file", journal], environment: env)
        #expect(listed.status == 3)
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 3)
        let repaired = try KassaBinary.run(["repair", "--file", journal], environment: env)
        #expect(repaired.status == 0, "\(repaired.error)")
        let after = try KassaBinary.run(["list", "--json", "--file", journal], environment: env)
        #expect(after.status == 0)
        #expect(after.lines.count == 2)
    }
}
