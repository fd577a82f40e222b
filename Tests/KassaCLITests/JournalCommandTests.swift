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

    /// A killed writer leaves a torn tail: check says so once and exits 0 (open ignores it too);
    /// a change whose last part was cut short mid-line is one problem, not two.
    @Test func checkOfATornTailAloneExitsZeroWithOneNotice() throws {
        let journal = path("torn.kassa")
        try add("coffee 1500\ntea 500\n", to: journal)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        bytes.append(contentsOf: Array("c0ffee00\t9\t1/2\tcommit\t9".utf8))
        try bytes.write(to: URL(fileURLWithPath: journal))
        let checked = try KassaBinary.run(["check", "--file", journal, "--lang", "en"], environment: env)
        #expect(checked.status == 0, "\(checked.output)\(checked.error)")
        #expect(checked.output.contains("cut short") && checked.output.split(separator: "\n").count == 1, "\(checked.output)")
        // The last change of a real journal cut in its last line: one notice, exit 0.
        let cut = path("cut.kassa")
        try add("coffee 1500\n", to: cut)
        let series = try KassaBinary.run(["add", "--yes", "netflix 4990 every month", "--file", cut], environment: env)
        #expect(series.status == 0, "\(series.error)")
        var whole = try Data(contentsOf: URL(fileURLWithPath: cut))
        whole.removeLast(20)
        try whole.write(to: URL(fileURLWithPath: cut))
        let torn = try KassaBinary.run(["check", "--file", cut, "--lang", "en"], environment: env)
        #expect(torn.status == 0 && torn.output.split(separator: "\n").count == 1, "\(torn.output)")
        // Damage before the end is still damage.
        var damaged = try Data(contentsOf: URL(fileURLWithPath: journal))
        let lines = damaged.split(separator: 0x0A, omittingEmptySubsequences: false)
        let offset = lines[0].count + 1 + 12
        damaged[offset] = damaged[offset] == 0x41 ? 0x42 : 0x41
        try damaged.write(to: URL(fileURLWithPath: journal))
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 3)
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
