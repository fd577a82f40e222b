// `kassa report` through the real binary: its --json numbers equal sums computed independently
// from `kassa list --json` for several periods, --csv is a table, every bad argument is a
// usage error with a message (exit 2), and `:report` / `:отчёт` work in a scripted session.

import Foundation
import Testing
import KassaTestSupport

@Suite struct ReportCommandTests {
    let home = TestSupport.makeTemporaryDirectory("report-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    let today = "2026-03-20"

    /// Health and insights count only what is evidence: deposit interest posted into months
    /// before any spending makes no history (no score, no "1212% of income"); budgets kept are
    /// those of the month that ended (both blown in November, asked on 3 December: 0); the
    /// spending forecast leaves a loan payment (a transfer) out.
    @Test func healthAndInsightsCountOnlyEvidence() throws {
        let path = home.appendingPathComponent("evidence.kassa").path
        func kassa(_ arguments: [String], today: String, stdin: String = "") throws -> [String: Any] {
            let result = try KassaBinary.run(["--file", path, "--today", today] + arguments, stdin: stdin, environment: env)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            return (try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]) ?? [:]
        }
        _ = try kassa(["account", "add", "dep", "--kind", "deposit", "--opening", "1000000", "--opening-date", "2026-09-01",
                       "--rate", "14", "--posting-day", "15"], today: "2026-11-20")
        _ = try kassa(["account", "post-interest"], today: "2026-11-20")
        _ = try kassa(["account", "add", "loan", "--kind", "loan", "--opening", "1000000", "--rate", "20", "--term", "24",
                       "--payment", "52000", "--payment-day", "25", "--from", "kaspi"], today: "2026-11-20")
        _ = try kassa([], today: "2026-11-20", stdin: "groceries 80000\n\ndinner 25000\n\nsalary 400000\n\n")
        let early = try kassa(["report", "health", "--json"], today: "2026-11-20")
        #expect(early["score"] is NSNull, "\(early)")
        let insights = try kassa(["report", "insights", "--json"], today: "2026-11-20")
        let list = insights["insights"] as? [[String: Any]] ?? []
        let forecast = list.first { $0["insight"] as? String == "spending-forecast" }
        #expect(forecast?["recurring_due"] as? String == "0.00", "\(list)")
        // No complete month of spending: the recurring cost is no share of any income.
        let recurring = list.first { $0["insight"] as? String == "recurring-cost" }
        #expect(recurring?["share"] is NSNull, "\(list)")

        _ = try kassa(["budget", "set", "groceries", "50000"], today: "2026-11-20")
        _ = try kassa(["budget", "set", "restaurants", "20000"], today: "2026-11-20")
        let december = try kassa(["report", "health", "--json"], today: "2026-12-03")
        let parts = december["components"] as? [[String: Any]] ?? []
        let budgets = parts.first { $0["component"] as? String == "budget-adherence" }
        #expect(budgets?["score"] as? Int == 0, "\(december)")
    }

    /// A journal of ~900 seeded transactions from 2025-09-01 to today, in two currencies.
    func journal() throws -> String {
        let path = home.appendingPathComponent("r.kassa").path
        var random = SeededGenerator(state: 99)
        let categories = ["food/groceries", "food/coffee", "transport/taxi", "housing/rent", "health", "income/salary"]
        var lines: [String] = []
        var day = 0
        let startYear = 2025, startMonth = 9
        for index in 0..<900 {
            day += Int(random.next() % 2)
            // Day offsets from 2025-09-01 walked forward: at most ~200 days (before 2026-03-20).
            var (y, m, d) = (startYear, startMonth, 1 + day)
            let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while d > lengths[m - 1] { d -= lengths[m - 1]; m += 1; if m > 12 { m = 1; y += 1 } }
            let date = String(format: "%04d-%02d-%02d", y, m, d)
            guard date <= today else { break }
            let category = categories[Int(random.next() % UInt64(categories.count))]
            let type = category.hasPrefix("income") ? "income" : "expense"
            let currency = random.next() % 6 == 0 ? "USD" : "KZT"
            let amount = "\(100 + random.next() % 90_000).\(String(format: "%02d", random.next() % 100))"
            lines.append(#"{"id": "\#(index + 1)", "date": "\#(date)", "type": "\#(type)", "amount": "\#(amount)", "currency": "\#(currency)", "category": "\#(category)", "account": "cash", "note": "n"}"#)
        }
        let result = try KassaBinary.run(["import", "--file", path], stdin: lines.joined(separator: "\n") + "\n", environment: env)
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// Minor units of a decimal string ("1500.25" → 150025).
    func minor(_ text: Any?) -> Int64 {
        let parts = (text as? String ?? "0").split(separator: ".")
        return Int64(parts[0])! * 100 + (parts.count > 1 ? Int64(parts[1])! : 0)
    }

    @Test func spendingEqualsSumsOfTheListForSeveralPeriods() throws {
        let file = try journal()
        for (period, from, to) in [("month", "2026-03-01", "2026-03-31"), ("2026-02", "2026-02-01", "2026-02-28"),
                                   ("2025-10-15..2026-01-10", "2025-10-15", "2026-01-10"), ("week", "2026-03-16", "2026-03-22"),
                                   ("year", "2026-01-01", "2026-12-31")] {
            let report = try KassaBinary.run(["report", "spending", "--period", period, "--json", "--file", file, "--today", today],
                                             environment: env)
            #expect(report.status == 0, "\(report.error)")
            let list = try KassaBinary.run(["list", "--json", "--from", from, "--to", to, "--type", "expense", "--file", file], environment: env)
            var expected: [String: [String: Int64]] = [:]   // currency → top-level category → minor
            for row in try objects(list.output) {
                let top = String((row["category"] as! String).split(separator: "/")[0])
                expected[row["currency"] as! String, default: [:]][top, default: 0] += minor(row["amount"])
            }
            let sections = try objects(report.output)
            for section in sections {
                let currency = section["currency"] as! String
                let period = section["period"] as! [String: Any]
                #expect(period["from"] as? String == from && period["to"] as? String == to)
                let sums = expected[currency] ?? [:]
                #expect(minor(section["total"]) == sums.values.reduce(0, +), "\(period) \(currency)")
                for category in section["categories"] as! [[String: Any]] where category["parent"] is NSNull {
                    let name = category["category"] as! String
                    #expect(minor(category["amount"]) == sums[name] ?? 0, "\(period) \(currency) \(name)")
                }
            }
            #expect(Set(sections.map { $0["currency"] as! String }).isSuperset(of: expected.keys))
        }
    }

    @Test func cashflowEqualsSumsOfTheListPerMonth() throws {
        let file = try journal()
        let report = try KassaBinary.run(["report", "cashflow", "--json", "--file", file, "--today", today], environment: env)
        let list = try KassaBinary.run(["list", "--json", "--file", file], environment: env)
        var income: [String: Int64] = [:], expense: [String: Int64] = [:]
        for row in try objects(list.output) where row["currency"] as? String == "KZT" {
            let month = String((row["date"] as! String).prefix(7))
            if row["type"] as? String == "income" { income[month, default: 0] += minor(row["amount"]) } else {
                expense[month, default: 0] += minor(row["amount"])
            }
        }
        let kzt = try #require(try objects(report.output).first { $0["currency"] as? String == "KZT" })
        let months = kzt["months"] as! [[String: Any]]
        #expect(months.count == 12 && months.first?["month"] as? String == "2025-04")
        for month in months {
            let key = month["month"] as! String
            #expect(minor(month["income"]) == income[key] ?? 0, "\(key)")
            #expect(minor(month["expense"]) == expense[key] ?? 0, "\(key)")
        }
    }

    @Test func csvIsATableAndTextFitsTheWidth() throws {
        let file = try journal()
        let csv = try KassaBinary.run(["report", "--csv", "--file", file, "--today", today], environment: env)
        #expect(csv.status == 0)
        #expect(csv.output.hasPrefix("category,parent,currency,amount,share,previous,change\r\n"))
        for width in ["40", "80"] {
            for kind in ["spending", "income", "cashflow", "trend", "insights", "health", "budget", "subscriptions"] {
                let text = try KassaBinary.run(["report", kind, "--width", width, "--file", file, "--today", today, "--lang", "ru"],
                                               environment: env)
                #expect(text.status == 0, "\(kind): \(text.error)")
                #expect(!text.output.contains("\u{1B}"))  // not a terminal: no colour
                #expect(!text.output.contains("⟦"))       // no missing message
                for line in text.lines { #expect(line.unicodeScalars.count <= Int(width)!, "\(kind) \(width): \(line)") }
            }
        }
        let ascii = try KassaBinary.run(["report", "trend", "--file", file, "--today", today], environment: KassaBinary.environment(home: home, extra: ["LANG": "C"]))
        #expect(ascii.output.unicodeScalars.filter { $0.value >= 0x2580 && $0.value <= 0x259F }.isEmpty)
        #expect(ascii.output.contains("#"))
    }

    @Test func budgetsAndSubscriptionsSayThereIsNoData() throws {
        let file = try journal()
        let budget = try KassaBinary.run(["report", "budget", "--json", "--file", file, "--today", today], environment: env)
        #expect(budget.output == #"{"report": "budget", "budgets": [], "reason": "no-budgets", "message": "No budgets to report on yet: set one with kassa budget set CATEGORY AMOUNT, or say \"budget groceries 100000 a month\"."}"# + "\n")
        // With a budget, the report is the budget listing (one object per budget, as `kassa budget --json`).
        #expect(try KassaBinary.run(["budget", "set", "food", "300000", "--file", file, "--today", today], environment: env).status == 0)
        let report = try KassaBinary.run(["report", "budget", "--json", "--file", file, "--today", today], environment: env)
        let listing = try KassaBinary.run(["budget", "--json", "--file", file, "--today", today], environment: env)
        #expect(report.status == 0 && report.output == listing.output && report.output.contains(#""category": "food""#))
        let health = try KassaBinary.run(["report", "health", "--json", "--file", file, "--today", today], environment: env)
        #expect(!health.output.contains(#""reason": "no-budgets""#))
        let subscriptions = try KassaBinary.run(["report", "subscriptions", "--file", file, "--today", today], environment: env)
        #expect(subscriptions.output.contains("recurring payments"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let file = try journal()
        for (arguments, says) in [(["report", "nonsense"], "nonsense"), (["report", "--period", "2026-13"], "2026-13"),
                                  (["report", "--by", "colour"], "colour"), (["report", "--width", "5"], "5"),
                                  (["report", "--json", "--csv"], "--csv"), (["report", "insights", "--period", "month"], "--period"),
                                  (["report", "cashflow", "--by", "account"], "--by"), (["report", "trend", "nosuchthing"], "nosuchthing"),
                                  (["report", "health", "extra"], "extra"),
                                  (["report", "trend", "--period", "1000-01-01..2026-01-01"], "240")] {
            let result = try KassaBinary.run(arguments + ["--file", file, "--today", today], environment: env)
            #expect(result.status == 2, "\(arguments)")
            // On the command line a complaint is text on stderr, with --json too: stdout holds data only.
            #expect(result.error.contains(arguments.contains("--json") ? "--json" : says), "\(arguments): \(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func theSessionFormTakesTheSameArguments() throws {
        let file = try journal()
        let result = try KassaBinary.run(["--file", file, "--today", today, "--lang", "ru"],
                                         stdin: ":отчёт поток --width 40\n:report bogus\n:report расходы --period месяц --by счёт --csv\n",
                                         environment: env)
        #expect(result.status == 1)  // the bogus line
        #expect(result.output.contains("Денежный поток"))
        #expect(result.error.contains("bogus"))
        #expect(result.output.contains("account,parent,currency,amount,share,previous,change\r\ncash,"))
    }
}
