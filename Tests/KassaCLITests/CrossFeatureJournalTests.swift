// One journal that uses every feature at once — opening balances in two currencies, a deposit
// with capitalised interest, a loan paid from a card (its payment series), USD rates, a
// subscription, a budget with rollover, a planned transaction, accounts spelled in two cases and
// two and a half months of history — checked from every side through the real binary:
// `balance`, the reports (subscriptions, health --json, insights, --in USD), and each journal
// export through the real hledger, ledger and bean-check with every account's balance in every
// currency compared with `kassa balance`, planned entries left out (or marked with --planned).

import Foundation
import Testing
import KassaTestSupport

@Suite struct CrossFeatureJournalTests {
    let home = TestSupport.makeTemporaryDirectory("cross-feature")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("cross.kassa").path }
    static let today = "2026-11-16"

    @discardableResult
    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--file", journal, "--today", Self.today], stdin: stdin, environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.error)\(result.output)")
        return result
    }

    func build() throws {
        try kassa(["account", "add", "kaspi", "KZT", "--opening", "400000", "--opening-date", "2026-09-01"])
        try kassa(["account", "add", "wallet", "USD", "--opening", "300", "--opening-date", "2026-09-01"])
        try kassa(["account", "add", "deposit", "KZT", "--kind", "deposit", "--opening", "1000000", "--opening-date", "2026-09-01",
                   "--rate", "14", "--capitalize"])
        try kassa(["account", "add", "carloan", "KZT", "--kind", "loan", "--opening", "-2000000", "--opening-date", "2026-09-01",
                   "--rate", "20", "--payment", "100000", "--payment-day", "10", "--from", "kaspi", "--term", "24"])
        try kassa(["account", "post-interest"])
        try kassa(["rate", "set", "USD", "480", "--date", "2026-09-01"])
        try kassa(["rate", "set", "USD", "500", "--date", "2026-11-01"])
        try kassa(["budget", "set", "groceries", "100000", "--rollover"])
        let lines = [
            "salary 500000 to kaspi on 2026-09-05", "salary 500000 to kaspi on 2026-10-05", "salary 500000 to kaspi on 2026-11-05",
            "groceries 70000 from kaspi on 2026-09-12", "groceries 85000 from kaspi on 2026-10-12", "groceries 40000 from kaspi on 2026-11-12",
            "lunch 12 usd from wallet on 2026-10-03", "taxi 2500 from Cash on 2026-10-20", "coffee 1500 cash on 2026-11-02",
            "rent 90000 from kaspi on 2026-12-01",
            "netflix 4990 every month from kaspi",
        ]
        for line in lines { try kassa(["add", "--yes", line]) }
        // The loan's payment made once from the card (a transfer kaspi → carloan).
        try kassa(["add", "--yes", "transfer 100000 from kaspi to carloan on 2026-10-10"])
    }

    /// `kassa balance --json`: "account|CUR" → amount, account names lower-cased.
    func balances() throws -> [String: String] {
        let out = try kassa(["balance", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var balances: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            let account = (line["account"] as? String ?? "").lowercased()
            balances[account + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        return balances
    }

    func export(_ format: String, planned: Bool = false) throws -> String {
        let file = home.appendingPathComponent("export-\(planned).\(format)").path
        try kassa(["export", "--format", format, "-o", file] + (planned ? ["--planned"] : []))
        return file
    }

    func tool(_ path: String, _ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(path, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(path) \(arguments.joined(separator: " ")): \(result.stderr)\(result.stdout)")
        return result.stdout
    }

    func requireTool(_ name: String) throws -> String { try JournalExportCheckTests.requireTool(name) }

    /// hledger's CSV balance of the person's accounts (assets, and the loan a liability): "account|CUR" → amount.
    func hledgerBalances(_ file: String, _ extra: [String]) throws -> [String: String] {
        let csv = try tool(try requireTool("hledger"), ["-f", file, "bal", "assets", "liabilities", "-N", "--flat", "--layout=bare", "-O", "csv"] + extra)
        var balances: [String: String] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard cells.count == 3, let name = Self.ownAccount(cells[0]) else { continue }
            balances[name + "|" + cells[1]] = cells[2]
        }
        return balances
    }

    /// One of the person's accounts as a tool names it ("assets:kaspi", "Liabilities:Carloan") →
    /// kassa's name, lower-cased; nil for any other account.
    static func ownAccount(_ name: String) -> String? {
        let lower = name.lowercased()
        for root in ["assets:", "liabilities:"] where lower.hasPrefix(root) { return String(lower.dropFirst(root.count)) }
        return nil
    }

    @Test func everyToolsBalancesAreKassas() throws {
        try build()
        let expected = try balances()
        // Openings in two currencies, interest, the loan, and "Cash"/"cash" as one account.
        #expect(expected["kaspi|KZT"] == "1600010.00")
        #expect(expected["wallet|USD"] == "288.00")
        #expect(expected["carloan|KZT"] == "-1900000.00")
        #expect(expected["cash|KZT"] == "-4000.00")
        #expect(expected.keys.filter { $0.hasPrefix("cash|") }.count == 1)

        let hledgerFile = try export("hledger")
        let hledger = try requireTool("hledger")
        _ = try tool(hledger, ["-f", hledgerFile, "check", "-s"])
        #expect(try hledgerBalances(hledgerFile, ["-e", "2026-11-17"]) == expected)
        #expect(try hledgerBalances(hledgerFile, []) == expected)  // no planned entry without --planned
        let text = try String(contentsOfFile: hledgerFile, encoding: .utf8)
        #expect(text.contains("P 2026-09-01 USD 480.00 KZT") && text.contains("P 2026-11-01 USD 500.00 KZT"))
        #expect(!text.contains("2026-12-01"))
        // With --planned: marked pending, and left out by -U (unmarked only).
        let plannedFile = try export("hledger", planned: true)
        #expect(try String(contentsOfFile: plannedFile, encoding: .utf8).contains("2026-12-01 ! rent"))
        #expect(try hledgerBalances(plannedFile, ["-U"]) == expected)

        let ledger = try requireTool("ledger")
        let ledgerFile = try export("ledger")
        _ = try tool(ledger, ["-f", ledgerFile, "--strict", "bal"])
        _ = try tool(ledger, ["-f", ledgerFile, "--pedantic", "bal"])
        let out = try tool(ledger, ["-f", ledgerFile, "bal", "assets", "liabilities", "--flat", "--no-total", "--empty",
                                    "--balance-format", "%(account)\t%(display_total)\n"])
        var ledgerBalances: [String: String] = [:]
        var current: String?
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count == 2 { current = Self.ownAccount(String(parts[0])) }
            guard let name = current, let amount = parts.last?.split(separator: " "), amount.count == 2 else { continue }
            ledgerBalances[name + "|" + amount[1]] = String(amount[0])
        }
        #expect(ledgerBalances == expected)

        let beanCheck = try requireTool("bean-check")
        let beanFile = try export("beancount")
        _ = try tool(beanCheck, [beanFile])
        let python = (beanCheck as NSString).deletingLastPathComponent + "/python"
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            sums = {}
            prices = 0
            for entry in entries:
                if isinstance(entry, data.Price):
                    prices += 1
                if isinstance(entry, data.Transaction):
                    for posting in entry.postings:
                        key = (posting.account, posting.units.currency)
                        sums[key] = sums.get(key, 0) + posting.units.number
            print("prices\\t" + str(prices))
            for (account, currency), number in sorted(sums.items()):
                print(account + "\\t" + currency + "\\t" + str(number))
            """
        var beanBalances: [String: String] = [:]
        var prices = 0
        for line in try tool(python, ["-c", script, beanFile]).split(separator: "\n") {
            let cells = line.split(separator: "\t").map(String.init)
            if cells.count == 2, cells[0] == "prices" { prices = Int(cells[1]) ?? 0 }
            guard cells.count == 3, let name = Self.ownAccount(cells[0]) else { continue }
            beanBalances[name + "|" + cells[1]] = cells[2]
        }
        #expect(beanBalances == expected)
        #expect(prices == 2)
        let plannedBean = try export("beancount", planned: true)
        _ = try tool(beanCheck, [plannedBean])
        #expect(try String(contentsOfFile: plannedBean, encoding: .utf8).contains("2026-12-01 ! \"rent\""))
    }

    @Test func theReportsSeeTheRecurringPaymentsAndTheHistoryThereIs() throws {
        try build()
        let subscriptions = try kassa(["report", "subscriptions", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(subscriptions.utf8)) as? [String: Any]
        // The loan's payment and the subscription: 100,000 + 4,990 a month.
        #expect(object?["monthly_total"] as? String == "104990.00")
        #expect(object?["subscriptions_total"] as? String == "4990.00")
        #expect((object?["subscriptions"] as? [[String: Any]])?.count == 2)

        let health = try kassa(["report", "health", "--json"]).output
        let score = try JSONSerialization.jsonObject(with: Data(health.utf8)) as? [String: Any]
        #expect(score?["score"] is Int)
        #expect(score?["months"] as? Int == 2)   // September and October are complete
        let components = score?["components"] as? [[String: Any]] ?? []
        let load = components.first { $0["component"] as? String == "recurring-load" }
        #expect(load?["score"] is Int && load?["reason"] is NSNull)
        let budgets = components.first { $0["component"] as? String == "budget-adherence" }
        #expect(budgets?["score"] is Int)

        let insights = try kassa(["report", "insights", "--json"]).output
        #expect(insights.contains("\"insight\": \"recurring-cost\""))
        #expect(!insights.contains("no-recurring-series"))
        let text = try kassa(["report", "health"]).output
        #expect(!text.contains("not in kassa") && !text.contains("yet"))
        #expect(try kassa(["report", "spending", "--in", "USD", "--json"]).output.contains("\"currency\": \"USD\""))
    }

    /// The same journal through kassa's own formats and back: every transaction exported as
    /// jsonl, csv and the app's CSV and imported into a fresh journal comes back with the same
    /// date, type, amount, currency, category, accounts and note (ids are the new journal's).
    @Test func everyTransactionSurvivesARoundTripThroughKassasFormats() throws {
        try build()
        func rows(_ file: String) throws -> [String] {
            let out = try KassaBinary.run(["list", "--json", "--file", file, "--today", Self.today], environment: env).output
            return try out.split(separator: "\n").map { line in
                let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                return ["date", "type", "amount", "currency", "category", "account", "to_account", "note"].map { key in
                    let value = o[key].map { "\($0)" } ?? "-"
                    return key.hasSuffix("account") ? value.lowercased() : value
                }.joined(separator: "|")
            }.sorted()
        }
        let original = try rows(journal)
        #expect(original.count > 10)
        for format in ["jsonl", "csv", "tenra"] {
            let file = try export(format, planned: true)
            let fresh = home.appendingPathComponent("round-\(format).kassa").path
            let imported = try KassaBinary.run(["import", file, "--format", format, "--file", fresh, "--today", Self.today, "--yes"],
                                               environment: env)
            #expect(imported.status == 0, "\(format): \(imported.error)")
            #expect(try rows(fresh) == original, "\(format) round trip")
        }
    }
}
