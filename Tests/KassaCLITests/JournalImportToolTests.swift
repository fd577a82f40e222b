// Journals in, checked by the real tools: hledger's and ledger's own example files (copied into
// JournalFixtures/ with their attribution) and beancount's `bean-example` output (generated here)
// imported with `kassa import`; for every asset and liability account and every currency, the
// balance `kassa balance` gives equals the sum of that account's own postings as hledger
// (`print -O csv`), ledger (`reg --real`) or beancount (its loader) reads them; every month ×
// category of spending equals the tool's; importing the same file again imports nothing.
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

    func requireTool(_ name: String) throws -> String {
        guard let found = JournalExportCheckTests.tool(name) else {
            Issue.record("\(name) is not installed: run `bash .ci/setup`")
            throw CancellationError()
        }
        return found
    }

    /// The ISO code a tool's commodity is, nil for anything else (stocks, hours).
    static func code(_ commodity: String) -> String? {
        switch commodity {
        case "$": return "USD"
        case "€": return "EUR"
        case "£": return "GBP"
        default: return commodity.count == 3 && commodity.allSatisfy({ $0.isASCII && $0.isUppercase }) ? commodity : nil
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

        // Spending by month and category: a tool's expense account is the kassa category whose
        // name (either language) or slug's last part is its last component; the rest together.
        let categories = try KassaBinary.run(["categories", "--json", "--file", journal], environment: env)
        let list = (try JSONSerialization.jsonObject(with: Data(categories.output.utf8)) as? [String: Any])?["categories"] as? [[String: Any]] ?? []
        var slugByName: [String: String] = [:]
        for category in list {
            guard let slug = category["slug"] as? String, category["type"] as? String == "expense" else { continue }
            for name in [category["name_en"], category["name_ru"]].compactMap({ $0 as? String }) + [String(slug.split(separator: "/").last ?? "")] {
                if slugByName[name.lowercased()] == nil { slugByName[name.lowercased()] = slug }
            }
        }
        let matched = Set(postings.filter { Self.root($0.account) == "expenses" }.compactMap {
            slugByName[String($0.account.split(separator: ":").last ?? "").lowercased()]
        })
        var toolSpending: [String: Decimal] = [:]
        for p in postings where Self.root(p.account) == "expenses" {
            guard let code = Self.code(p.commodity) else { continue }
            let slug = slugByName[String(p.account.split(separator: ":").last ?? "").lowercased()] ?? "*rest*"
            toolSpending[p.date.prefix(7) + "|" + slug + "|" + code, default: 0] += p.number
        }
        let rows = try KassaBinary.run(["list", "all", "--json", "--file", journal], environment: env)
        var kassaSpending: [String: Decimal] = [:]
        for line in rows.output.split(separator: "\n") {
            guard let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  row["type"] as? String == "expense", let slug = row["category"] as? String,
                  let date = row["date"] as? String, let amount = Decimal(string: row["amount"] as? String ?? "") else { continue }
            let key = matched.contains(slug) ? slug : "*rest*"
            kassaSpending[date.prefix(7) + "|" + key + "|" + (row["currency"] as? String ?? ""), default: 0] += amount
        }
        #expect(!toolSpending.isEmpty)
        #expect(kassaSpending.filter { $0.value != 0 } == toolSpending.filter { $0.value != 0 }, "monthly spending vs \(format)")

        let again = try KassaBinary.run(["import", file, "--file", journal, "--yes", "--lang", "en"], environment: env)
        #expect(again.status == 0)
        #expect(again.output.contains("Nothing new to import"), "\(again.output)")
    }

    func hledgerPostings(_ hledger: String, _ file: String) throws -> [Posting] {
        // print -O csv: one row a posting, amount and commodity apart (amounts made explicit with -x).
        let csv = try run(hledger, ["-f", file, "print", "-x", "-R", "-O", "csv"])
        var rows = csv.split(separator: "\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
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
