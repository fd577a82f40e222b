// `kassa budget` through the real binary: its --json spent equals sums computed independently
// from `kassa list --json` for monthly (reset day 25), weekly and yearly budgets and a parent
// counting its subcategories; a USD expense without a rate is named, not counted; every bad
// argument of `budget set` / `budget remove` is a usage error (exit 2, stderr only); undo
// takes a budget back; and a scripted `--json` session's saved event carries the budget state.

import Foundation
import Testing
import KassaTestSupport

@Suite struct BudgetCommandTests {
    let home = TestSupport.makeTemporaryDirectory("budget-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    let today = "2026-03-20"

    /// ~600 seeded KZT expenses from 2025-12-01 up to today, and one USD coffee with no rate.
    func journal() throws -> String {
        let path = home.appendingPathComponent("b.kassa").path
        var random = SeededGenerator(state: 12)
        let categories = ["food/groceries", "food/coffee", "food", "transport/taxi", "health", "fooddelivery"]
        var lines: [String] = []
        let first = 20_423  // 2025-12-01 in days since 1970-01-01
        for index in 0..<600 {
            let day = first + Int(random.next() % 110)  // up to 2026-03-20
            let date = Self.iso(days: day)
            let category = categories[Int(random.next() % UInt64(categories.count))]
            let amount = "\(100 + random.next() % 20_000).\(String(format: "%02d", random.next() % 100))"
            lines.append(#"{"id": "\#(index + 1)", "date": "\#(date)", "type": "expense", "amount": "\#(amount)", "currency": "KZT", "category": "\#(category)", "account": "cash", "note": "n"}"#)
        }
        lines.append(#"{"id": "601", "date": "2026-03-18", "type": "expense", "amount": "5.00", "currency": "USD", "category": "food/coffee", "account": "cash", "note": "usd"}"#)
        let result = try KassaBinary.run(["import", "--file", path], stdin: lines.joined(separator: "\n") + "\n", environment: env)
        #expect(result.status == 0, "\(result.error)")
        return path
    }

    static func iso(days: Int) -> String {
        // Howard Hinnant's civil_from_days, as CivilDate does (the test does not import KassaCore).
        let z = days + 719_468
        let era = z / 146_097, doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9
        return String(format: "%04d-%02d-%02d", yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func minor(_ text: Any?) -> Int64 {
        let parts = (text as? String ?? "0").split(separator: ".")
        let whole = Int64(parts[0])!
        return whole * 100 + (parts.count > 1 ? (whole < 0 || parts[0].hasPrefix("-") ? -1 : 1) * Int64(parts[1])! : 0)
    }

    /// Minor units of the KZT expenses under `slug` from `from` to today, read from `kassa list --json`.
    func spent(_ file: String, _ slug: String, from: String) throws -> Int64 {
        let list = try KassaBinary.run(["list", "--json", "--from", from, "--to", today, "--type", "expense", "--file", file], environment: env)
        #expect(list.status == 0)
        return try objects(list.output).filter {
            let category = $0["category"] as? String ?? ""
            return (category == slug || category.hasPrefix(slug + "/")) && $0["currency"] as? String == "KZT"
        }.reduce(0) { $0 + minor($1["amount"]) }
    }

    @Test func jsonSpentEqualsTheListsSums() throws {
        let file = try journal()
        let common = ["--file", file, "--today", today]
        for arguments in [["food", "150000", "monthly", "--reset-day", "25"], ["food/coffee", "20000", "weekly"],
                          ["transport", "500000", "yearly"], ["health", "30000"]] {
            let set = try KassaBinary.run(["budget", "set"] + arguments + common, environment: env)
            #expect(set.status == 0 && set.error.isEmpty, "\(arguments): \(set.error)")
        }
        let result = try KassaBinary.run(["budget", "--json"] + common, environment: env)
        #expect(result.status == 0, "\(result.error)")
        let budgets = try objects(result.output)
        #expect(budgets.map { $0["category"] as? String } == ["food", "food/coffee", "transport", "health"])
        let expected: [String: (String, String, String)] = [
            "food": ("monthly", "2026-02-25", "2026-03-24"), "food/coffee": ("weekly", "2026-03-16", "2026-03-22"),
            "transport": ("yearly", "2026-01-01", "2026-12-31"), "health": ("monthly", "2026-03-01", "2026-03-31"),
        ]
        for budget in budgets {
            let slug = budget["category"] as! String
            let (period, start, end) = expected[slug]!
            #expect(budget["period"] as? String == period)
            #expect(budget["period_start"] as? String == start && budget["period_end"] as? String == end)
            #expect(budget["currency"] as? String == "KZT")
            let spent = try self.spent(file, slug, from: start)
            #expect(minor(budget["spent"]) == spent, "\(slug)")
            let limit = minor(budget["limit"])
            #expect(minor(budget["remaining"]) == limit - spent)
            #expect(budget["over"] as? Bool == (spent > limit))
            #expect(budget["percent"] as? Int == Int(spent * 100 / limit))
            for key in ["projected", "days_left", "carried", "level"] { #expect(budget[key] != nil, "\(key)") }
        }
        // The USD coffee has no rate: named, not counted as 1 or 0.
        let coffee = budgets[1], food = budgets[0]
        #expect((coffee["missing_rates"] as? [[String: String]]) == [["currency": "USD", "from": "2026-03-18"]])
        #expect((food["missing_rates"] as? [[String: String]])?.first?["currency"] == "USD")
        let text = try KassaBinary.run(["budget", "--lang", "en"] + common, environment: env)
        #expect(text.output.contains("no USD rate on or before 2026-03-18"))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let file = home.appendingPathComponent("u.kassa").path
        let common = ["--file", file, "--today", today, "--lang", "en"]
        for arguments in [["set"], ["set", "food"], ["set", "food", "abc"], ["set", "food", "-5"], ["set", "food", "100", "fortnightly"],
                          ["set", "food", "100", "weekly", "--reset-day", "3"], ["set", "food", "100", "--reset-day", "40"],
                          ["set", "nosuchcategory", "100"], ["set", "food", "100", "monthly", "extra"], ["frobnicate"],
                          ["remove"], ["remove", "food", "extra"], ["--rollover"], ["set", "food", "100", "--since", "March"],
                          ["set", "food", "100", "--rollover", "--no-rollover"], ["set", "food", "100", "--bogus"]] {
            let result = try KassaBinary.run(["budget"] + arguments + common, environment: env)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty && !result.error.isEmpty, "\(arguments)")
        }
        // Removing a budget that is not there is the person's mistake, not a usage error.
        let missing = try KassaBinary.run(["budget", "remove", "food"] + common, environment: env)
        #expect(missing.status == 1 && missing.error.contains("no budget"))
    }

    @Test func setRemoveAndUndoAndNamesInEitherLanguage() throws {
        let file = home.appendingPathComponent("s.kassa").path
        let common = ["--file", file, "--today", today]
        #expect(try KassaBinary.run(["budget", "set", "продукты", "100k", "--rollover"] + common, environment: env).status == 0)
        var listed = try objects(KassaBinary.run(["budget", "--json"] + common, environment: env).output)
        #expect(listed.count == 1 && listed[0]["category"] as? String == "food/groceries" && listed[0]["limit"] as? String == "100000.00")
        #expect(listed[0]["rollover"] as? Bool == true)
        // Setting again keeps what is not said (rollover) and changes the limit.
        #expect(try KassaBinary.run(["budget", "set", "groceries", "120000"] + common, environment: env).status == 0)
        listed = try objects(KassaBinary.run(["budget", "--json"] + common, environment: env).output)
        #expect(listed[0]["limit"] as? String == "120000.00" && listed[0]["rollover"] as? Bool == true)
        #expect(try KassaBinary.run(["undo"] + common, environment: env).status == 0)
        listed = try objects(KassaBinary.run(["budget", "--json"] + common, environment: env).output)
        #expect(listed[0]["limit"] as? String == "100000.00")
        let removed = try KassaBinary.run(["budget", "remove", "food/groceries", "--lang", "ru"] + common, environment: env)
        #expect(removed.status == 0 && removed.output.contains("Бюджет снят: Продукты"))
        #expect(try KassaBinary.run(["budget", "--json"] + common, environment: env).output.isEmpty)
    }

    @Test func aJSONSessionsSavedEventCarriesTheBudgets() throws {
        let file = home.appendingPathComponent("j.kassa").path
        let result = try KassaBinary.run(["--file", file, "--today", today, "--yes", "--json"],
                                         stdin: "budget groceries 100k a month\ngroceries 85000\ntaxi 900\n", environment: env)
        #expect(result.status == 0, "\(result.error)")
        let events = try objects(result.output)
        #expect(events.first?["event"] as? String == "budget" && events.first?["limit"] as? String == "100000.00")
        let saved = events.filter { $0["event"] as? String == "saved" }
        #expect(saved.count == 2)
        let budgets = saved[0]["budgets"] as? [[String: Any]]
        #expect(budgets?.count == 1 && budgets?[0]["spent"] as? String == "85000.00" && budgets?[0]["level"] as? String == "warning")
        #expect(saved[1]["budgets"] == nil)
    }

    @Test func weeksStartOnTheConfiguredDay() throws {
        let file = home.appendingPathComponent("w.kassa").path
        let common = ["--file", file, "--today", today]  // 2026-03-20 is a Friday
        #expect(try KassaBinary.run(["budget", "set", "coffee", "10000", "weekly"] + common, environment: env).status == 0)
        var week = try objects(KassaBinary.run(["budget", "--json"] + common, environment: env).output)[0]
        #expect(week["period_start"] as? String == "2026-03-16" && week["period_end"] as? String == "2026-03-22")
        #expect(try KassaBinary.run(["config", "set", "week-start", "sunday"], environment: env).status == 0)
        week = try objects(KassaBinary.run(["budget", "--json"] + common, environment: env).output)[0]
        #expect(week["period_start"] as? String == "2026-03-15" && week["period_end"] as? String == "2026-03-21")
        #expect(try KassaBinary.run(["config", "set", "week-start", "monday"], environment: env).status == 0)
    }
}
