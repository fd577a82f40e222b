// Hostile input, round two, through the real binary: a date kassa cannot keep is one bad row,
// named with its line (skipped and counted with --skip-bad), never the whole import; a conversion
// too large to make is said, not shown silently unconverted; `check` holds a journal record to
// the rules its reader keeps (no negative amounts); a category that does not fit the transaction
// is refused, teaching nothing; a deposit whose interest overflows is a warning naming it, and
// every session after it still works.

import Foundation
import Testing
import KassaTestSupport

@Suite struct HostileRoundTwoCLITests {
    let home = TestSupport.makeTemporaryDirectory("hostile-two")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "", today: String = "2026-03-20") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", today, "--lang", "en"], stdin: Data(stdin.utf8), environment: env)
    }

    func write(_ text: String, _ name: String) throws -> String {
        let file = path(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    // MARK: - 18: an out-of-range date is one bad row

    @Test func anOutOfRangeDateInACSVIsOneRowNamedWithItsLine() throws {
        let source = try write("Date,Note,Amount\n01.03.2026,coffee,-1500\n01.03.3050,tea,-500\n02.03.2026,bread,-300\n", "far.csv")
        let file = path("far.kassa")
        let refused = try kassa(["import", source, "--file", file, "--account", "kaspi", "--yes"])
        #expect(refused.status == 1 && refused.error.contains("line 3"), "\(refused.output) \(refused.error)")
        #expect(refused.error.contains("1900-01-01"), "\(refused.error)")
        #expect(try kassa(["list", "--json", "--file", file]).lines.isEmpty)
        let skipped = try kassa(["import", source, "--file", file, "--account", "kaspi", "--yes", "--skip-bad"])
        #expect(skipped.status == 0, "\(skipped.output) \(skipped.error)")
        #expect((skipped.output + skipped.error).contains("line 3"), "\(skipped.output) \(skipped.error)")
        #expect(try kassa(["list", "--json", "--file", file]).lines.count == 2)
    }

    @Test func anOutOfRangeDateInTheAppsCSVIsOneRowNamedWithItsLine() throws {
        let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n"
        let source = try write(header + "2026-03-02,expense,1500.00,KZT,Kaspi Gold,food,,x,,,\n1899-12-31,expense,700.00,KZT,Kaspi Gold,food,,y,,,\n"
                               + "2026-03-03,expense,900.00,KZT,Kaspi Gold,food,,z,,,\n", "far-app.csv")
        let file = path("far-app.kassa")
        let refused = try kassa(["import", source, "--format", "tenra", "--file", file, "--yes"])
        #expect(refused.status == 1 && refused.error.contains("line 3"), "\(refused.output) \(refused.error)")
        let skipped = try kassa(["import", source, "--format", "tenra", "--file", file, "--yes", "--skip-bad"])
        #expect(skipped.status == 0 && (skipped.output + skipped.error).contains("line 3"), "\(skipped.output) \(skipped.error)")
        #expect(try kassa(["list", "--json", "--file", file]).lines.count == 2)
    }

    // MARK: - 26: a conversion that overflows is said

    @Test func aConversionTooLargeToMakeIsNamedInBalanceAndReport() throws {
        let file = path("overflow.kassa")
        #expect(try kassa(["--file", file, "--yes"], stdin: "coffee 1500\n").status == 0)
        #expect(try kassa(["--file", file, "rate", "set", "USD", "999999999", "--date", "2020-01-01"]).status == 0)
        let line = #"{"date": "2026-03-01", "amount": "999999999999", "currency": "USD", "type": "income", "category": "income/salary", "account": "wallet"}"# + "\n"
        #expect(try kassa(["import", "-", "--file", file], stdin: line).status == 0)
        let balance = try kassa(["--file", file, "balance", "--in", "KZT"])
        #expect(balance.status == 0, "\(balance.error)")
        let said = balance.output + balance.error
        #expect(said.contains("USD") && said.contains("too large to convert") && said.contains("2026-03-01"), "\(said)")
        let report = try kassa(["--file", file, "report", "--in", "KZT"])
        #expect((report.output + report.error).contains("too large to convert"), "\(report.output) \(report.error)")
    }

    // MARK: - 28: check and a negative amount

    /// The journal line of `body` with its checksum.
    func record(_ body: String) -> String {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body.utf8 {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return String(format: "%08x", ~crc) + "\t" + body
    }

    @Test func checkCallsANegativeAmountInvalidNamingItsLine() throws {
        let journal = "kassa-journal\t1\n"
            + record("1\t1/1\tcommit\t1\texpense\t1500.00\tKZT\t2026-03-01\t\tfood/coffee\tcash\t\t\tcoffee\tcoffee 1500") + "\n"
            + record("2\t1/1\tcommit\t2\texpense\t-1500.00\tKZT\t2026-03-02\t\tfood/coffee\tcash\t\t\tcoffee\tcoffee 1500") + "\n"
            + record("3\t1/1\tcommit\t3\texpense\t300.00\tKZT\t2026-03-03\t\tfood\tcash\t\t\tbread\tbread 300") + "\n"
        let file = try write(journal, "negative.kassa")
        let check = try kassa(["check", "--file", file])
        #expect(check.status != 0, "\(check.output) \(check.error)")
        let said = check.output + check.error
        #expect(said.contains("Line 3") && said.contains("invalid amount"), "\(said)")
        // The reader agrees: the line is not read as an amount of −1,500.
        let list = try kassa(["list", "--json", "--file", file])
        #expect(!list.output.contains("-1500"), "\(list.output)")
        #expect(list.status != 0 && list.error.contains("line 3"), "\(list.status) \(list.error)")
        // repair moves the line aside and keeps the rest.
        #expect(try kassa(["repair", "--file", file]).status == 0)
        #expect(try kassa(["list", "--json", "--file", file]).lines.count == 2)
        #expect(try kassa(["check", "--file", file]).status == 0)
    }

    // MARK: - 45: a category that does not fit the transaction

    func journalWith(_ lines: String) throws -> String {
        let file = path("j\(UInt32.random(in: 0...UInt32.max)).kassa")
        #expect(try kassa(["--file", file, "--yes"], stdin: lines).status == 0)
        return file
    }

    @Test func editRefusesACategoryOfTheWrongTypeAndTeachesNothing() throws {
        let file = try journalWith("moved 5000 from kaspi to cash rent money\ncoffee 500\nsalary 100000\n")
        let before = try kassa(["list", "--json", "--file", file]).output
        for (id, category) in [("#1", "income/salary"), ("#1", "groceries"), ("#2", "income/salary"), ("#2", "salary"), ("#3", "groceries")] {
            let edited = try kassa(["--file", file, "edit", id, "category", category])
            #expect(edited.status == 1 && !edited.output.contains("Changed"), "\(id) \(category): \(edited.output) \(edited.error)")
            #expect(edited.error.contains("category"), "\(edited.error)")
        }
        #expect(try kassa(["list", "--json", "--file", file]).output == before)
        #expect(try kassa(["lessons", "--json", "--file", file]).output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                || !(try kassa(["lessons", "--file", file]).output.contains("→")))
        // The right type still works.
        #expect(try kassa(["--file", file, "edit", "#2", "category", "groceries"]).status == 0)
        #expect(try kassa(["--file", file, "edit", "#3", "category", "income/bonus"]).status == 0)
    }

    @Test func theDialogRefusesACategoryOfTheWrongTypeAndTeachesNothing() throws {
        for (entry, reply) in [("coffee 500", "category salary"), ("coffee 500", "no, salary"), ("salary 100000", "category groceries"),
                               ("moved 500 from kaspi to cash", "category groceries")] {
            let file = path("d\(UInt32.random(in: 0...UInt32.max)).kassa")
            let session = try kassa(["--file", file], stdin: "\(entry)\n\(reply)\n\n")
            #expect(session.error.contains("category"), "\(entry) / \(reply): \(session.output) \(session.error)")
            #expect(!session.output.contains("from now on"), "\(entry) / \(reply): \(session.output)")
            let list = try kassa(["list", "--json", "--file", file]).output
            #expect(!list.contains("income/salary") || entry.hasPrefix("salary"), "\(list)")
            #expect(!list.contains("groceries"), "\(list)")
            #expect(!(try kassa(["lessons", "--file", file]).output.contains("→")))
        }
        // A type and its category said together are fine, in either order.
        let file = path("together.kassa")
        let session = try kassa(["--file", file], stdin: "coffee 500\ncategory salary, type income\n\n")
        #expect(session.status == 0, "\(session.output) \(session.error)")
        #expect(try kassa(["list", "--json", "--file", file]).output.contains("income/salary"))
    }

    /// The other way round: a new type drops a category it cannot carry (a transfer has none),
    /// through `edit` and through the dialog.
    @Test func aNewTypeDropsACategoryItCannotCarry() throws {
        let file = try journalWith("coffee 500\ntea 300\n")
        #expect(try kassa(["--file", file, "edit", "#1", "type", "transfer"]).status == 0)
        #expect(try kassa(["--file", file, "edit", "#2", "type", "income"]).status == 0)
        let list = try kassa(["list", "--json", "--file", file]).output
        #expect(!list.contains("food") && list.contains("\"type\": \"transfer\"") && list.contains("\"type\": \"income\""), "\(list)")
        for reply in ["type income", "to kaspi"] {
            let dialog = path("retyped\(UInt32.random(in: 0...UInt32.max)).kassa")
            let session = try kassa(["--file", dialog], stdin: "coffee 500\n\(reply)\n\n")
            #expect(session.status == 0, "\(reply): \(session.output) \(session.error)")
            let saved = try kassa(["list", "--json", "--file", dialog]).output
            #expect(!saved.contains("food") && saved.contains("\"category\": null"), "\(reply): \(saved)")
        }
    }

    // MARK: - 47: deposit interest that overflows

    @Test func aDepositWhoseInterestOverflowsIsAWarningAndSessionsWork() throws {
        let file = path("deposit.kassa")
        #expect(try kassa(["--file", file, "account", "add", "dep", "KZT", "--kind", "deposit", "--opening", "999999999999",
                           "--opening-date", "2020-01-15", "--rate", "1000", "--capitalize"]).status == 0)
        #expect(try kassa(["--file", file, "account", "add", "small", "KZT", "--kind", "deposit", "--opening", "100000",
                           "--opening-date", "2026-01-15", "--rate", "12"]).status == 0)
        for _ in 0..<2 {
            let session = try kassa(["--file", file], stdin: "coffee 500\n\n")
            #expect(session.status == 0, "\(session.output) \(session.error)")
            #expect((session.output + session.error).contains("dep") && (session.output + session.error).contains("too large"),
                    "\(session.output) \(session.error)")
        }
        let posted = try kassa(["--file", file, "account", "post-interest"])
        #expect(posted.status == 0 && (posted.output + posted.error).contains("dep"), "\(posted.output) \(posted.error)")
        // The other deposit's interest is posted; everything written reads back.
        let list = try kassa(["list", "--json", "--file", file])
        #expect(list.status == 0 && list.output.contains("income/interest") && list.lines.count >= 3, "\(list.output) \(list.error)")
        #expect(try kassa(["check", "--file", file]).status == 0)
    }
}
