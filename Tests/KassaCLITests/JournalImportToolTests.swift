// Journals in, checked by the real tools: hledger's and ledger's own example files (copied into
// JournalFixtures/ with their attribution) and beancount's `bean-example` output (generated here)
// imported with `kassa import`; for every asset and liability account and every currency, the
// balance `kassa balance` gives equals the sum of that account's own postings as hledger
// (`print -O csv`), ledger (`reg --real`) or beancount (its loader) reads them; every month ×
// category of spending equals the tool's (each expense account as the category `kassa import
// --dry-run` says it becomes); importing the same file again imports nothing.
// hledger and ledger come from .ci/setup (missing: the test fails and says so); bean-example is
// in its virtual environment (missing: the beancount case is skipped with the reason printed).

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalImportToolTests {
    let home = TestSupport.makeTemporaryDirectory("journal-import")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("JournalFixtures")

    /// One posting as a tool read it.
    struct Posting {
        var date: String
        var account: String
        var commodity: String
        var number: Decimal
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(tool, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    func requireTool(_ name: String) throws -> String { try JournalExportCheckTests.requireTool(name) }

    static let iso = Set(Locale.commonISOCurrencyCodes)

    /// The ISO code a tool's commodity is, nil for anything else (stocks, hours).
    static func code(_ commodity: String) -> String? {
        switch commodity {
        case "$": return "USD"
        case "€": return "EUR"
        case "£": return "GBP"
        default: return iso.contains(commodity) ? commodity : nil
        }
    }

    /// kassa's account names for a file's asset and liability names: the last component, made
    /// longer from the end where two share it (the rule the import documents).
    static func kassaNames(_ names: Set<String>) -> [String: String] {
        func short(_ name: String, _ depth: Int) -> String {
            let parts = name.split(separator: ":").map { $0.lowercased() }
            return parts.dropFirst().suffix(depth).joined(separator: ":")
        }
        var depth = Dictionary(uniqueKeysWithValues: names.map { ($0, 1) })
        var grew = true
        while grew {
            grew = false
            let groups = Dictionary(grouping: names) { short($0, depth[$0]!) }
            for (_, group) in groups where group.count > 1 {
                for name in group where depth[name]! < name.split(separator: ":").count - 1 { depth[name]! += 1; grew = true }
            }
        }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, short($0, depth[$0]!)) })
    }

    static func root(_ account: String) -> String { String(account.split(separator: ":").first ?? "").lowercased() }

    /// Imports `file`, compares kassa's balances and monthly spending with the tool's postings,
    /// then imports it again and expects nothing new.
    func check(_ file: String, format: String, postings: [Posting]) throws {
        let journal = path("kassa-" + format)
        let imported = try KassaBinary.run(["import", file, "--file", journal, "--yes", "--lang", "en"], environment: env)
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        #expect(imported.output.contains("(\(format))"), "detected as \(format): \(imported.output)")

        // Balances: every asset and liability account, every ISO currency.
        let assets = postings.filter { ["assets", "liabilities"].contains(Self.root($0.account)) && Self.code($0.commodity) != nil }
        let names = Self.kassaNames(Set(assets.map(\.account)))
        var expected: [String: Decimal] = [:]
        for p in assets { expected[names[p.account]! + "|" + Self.code(p.commodity)!, default: 0] += p.number }
        expected = expected.filter { $0.value != 0 }
        let balance = try KassaBinary.run(["balance", "--json", "--file", journal], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(balance.output.utf8)) as? [String: Any]
        var actual: [String: Decimal] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            let amount = Decimal(string: line["amount"] as? String ?? "") ?? -1
            if amount != 0 { actual[(line["account"] as? String ?? "") + "|" + (line["currency"] as? String ?? "")] = amount }
        }
        #expect(!expected.isEmpty)
        #expect(actual == expected, "kassa balance vs \(format)")

        // Spending by month and category: each expense account of the tool as the category
        // `kassa import --dry-run` says it becomes ("Expenses:Food:Snacks → food/groceries").
        let preview = try KassaBinary.run(["import", file, "--file", path("dry-" + format), "--dry-run", "--lang", "en"], environment: env)
        var slugOf: [String: String] = [:]
        for line in preview.output.split(separator: "\n") where !line.hasPrefix("line ") {
            let parts = line.components(separatedBy: " → ")
            if parts.count == 2, parts[0].contains(":"), !parts[1].contains(" ") { slugOf[parts[0]] = parts[1] }
        }
        #expect(!slugOf.isEmpty, "\(preview.output)")
        var toolSpending: [String: Decimal] = [:]
        for p in postings where Self.root(p.account) == "expenses" {
            guard let code = Self.code(p.commodity) else { continue }
            toolSpending[p.date.prefix(7) + "|" + (slugOf[p.account] ?? "unmapped " + p.account) + "|" + code, default: 0] += p.number
        }
        let rows = try KassaBinary.run(["list", "all", "--json", "--file", journal], environment: env)
        var kassaSpending: [String: Decimal] = [:]
        for line in rows.output.split(separator: "\n") {
            guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  row["type"] as? String == "expense", let slug = row["category"] as? String,
                  let date = row["date"] as? String, let amount = Decimal(string: row["amount"] as? String ?? "") else { continue }
            kassaSpending[date.prefix(7) + "|" + slug + "|" + (row["currency"] as? String ?? ""), default: 0] += amount
        }
        #expect(!toolSpending.isEmpty)
        #expect(kassaSpending.filter { $0.value != 0 } == toolSpending.filter { $0.value != 0 }, "monthly spending vs \(format)")

        let again = try KassaBinary.run(["import", file, "--file", journal, "--yes", "--lang", "en"], environment: env)
        #expect(again.status == 0)
        #expect(again.output.contains("Nothing new to import"), "\(again.output)")
    }

    /// One CSV line's cells, as hledger quotes them (every cell quoted, "" for a quote).
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var previous: Character?
        for c in line {
            if c == "\"" {
                if quoted { quoted = false } else { quoted = true; if previous == "\"" { cell.append("\"") } }
            } else if c == "," && !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(c)
            }
            previous = c
        }
        cells.append(cell)
        return cells
    }

    func hledgerPostings(_ hledger: String, _ file: String) throws -> [Posting] {
        // print -O csv: one row a posting, amount and commodity apart (amounts made explicit with -x).
        let csv = try run(hledger, ["-f", file, "print", "-x", "-R", "-O", "csv"])
        var rows = csv.split(separator: "\n").map(Self.cells)
        let header = rows.removeFirst()
        guard let date = header.firstIndex(of: "date"), let account = header.firstIndex(of: "account"),
              let amount = header.firstIndex(of: "amount"), let commodity = header.firstIndex(of: "commodity") else {
            Issue.record("hledger print -O csv: no date/account/amount/commodity columns: \(header)")
            return []
        }
        return rows.compactMap { cells in
            guard cells.count == header.count, let number = Decimal(string: cells[amount]) else { return nil }
            return Posting(date: cells[date].replacingOccurrences(of: "/", with: "-"), account: cells[account], commodity: cells[commodity], number: number)
        }
    }

    @Test(arguments: ["hledger-sample.journal", "hledger-home-page.journal"])
    func hledgerExamplesImportWithHledgersBalances(_ name: String) throws {
        let hledger = try requireTool("hledger")
        let file = Self.fixtures.appendingPathComponent(name).path
        try check(file, format: "hledger", postings: try hledgerPostings(hledger, file))
    }

    @Test(arguments: ["ledger-drewr3.dat", "ledger-sample.dat"])
    func ledgerExamplesImportWithLedgersBalances(_ name: String) throws {
        let ledger = try requireTool("ledger")
        let file = Self.fixtures.appendingPathComponent(name).path
        let out = try run(ledger, ["-f", file, "reg", "--real", "--format",
                                   "%(format_date(date, \"%Y-%m-%d\"))\t%(account)\t%(commodity(amount))\t%(quantity(amount))\n"])
        let postings = out.split(separator: "\n").compactMap { line -> Posting? in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 4, let number = Decimal(string: cells[3]) else { return nil }
            return Posting(date: cells[0], account: cells[1], commodity: cells[2], number: number)
        }
        try check(file, format: "ledger", postings: postings)
    }

    @Test func beanExampleImportsWithBeancountsBalances() throws {
        guard let example = JournalExportCheckTests.tool("bean-example") else {
            print("JournalImportToolTests: bean-example is not installed (bash .ci/setup puts it in ~/.cache/kassa-ci/venv); the beancount case is skipped")
            return
        }
        let python = (example as NSString).deletingLastPathComponent + "/python"
        let file = path("example.beancount")
        _ = try run(example, ["--seed", "7", "--date-begin", "2023-01-01", "--date-end", "2024-12-31", "-o", file])
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            for entry in entries:
                if isinstance(entry, data.Transaction):
                    for p in entry.postings:
                        print(str(entry.date) + "\\t" + p.account + "\\t" + p.units.currency + "\\t" + str(p.units.number))
            """
        let out = try run(python, ["-c", script, file])
        let postings = out.split(separator: "\n").compactMap { line -> Posting? in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 4, let number = Decimal(string: cells[3]) else { return nil }
            return Posting(date: cells[0], account: cells[1], commodity: cells[2], number: number)
        }
        try check(file, format: "beancount", postings: postings)
    }
}
