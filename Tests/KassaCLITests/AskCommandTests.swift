// `kassa ask --json` through the real binary: every kind's number equals one computed here
// independently from `kassa list --json` over a fixed seeded journal (a category includes its
// subcategories, expenses positive, periods as DESIGN.md §9 says), in English and Russian; a
// line that is not a question is "kind": "unknown" with exit status 1.

import Foundation
import Testing
import KassaTestSupport

@Suite struct AskCommandTests {
    let home = TestSupport.makeTemporaryDirectory("ask-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    /// A Friday.
    let today = "2026-03-20"

    /// Asked in November, "what do I have to pay in December" is this coming December, with the
    /// payments planned by date beside the series'; a shop named in a question is found in the
    /// notes, not the whole category it sells in. Both languages.
    @Test func comingMonthsPlannedPaymentsAndShops() throws {
        let path = home.appendingPathComponent("coming.kassa").path
        let run = { (arguments: [String], stdin: String) in
            try KassaBinary.run(["--file", path, "--today", "2026-11-29"] + arguments, stdin: stdin, environment: env)
        }
        let script = "netflix 4990 monthly\n\nrent 180000 on 2026-12-10 from kaspi\n\ngroceries magnum 12000\n\nпродукты в магнуме 7000\n\ngroceries 3000\n\n"
        #expect(try run([], script).status == 0)
        for (question, language) in [("what do i have to pay in december", "en"), ("что мне платить в декабре", "ru")] {
            let asked = try run(["--lang", language, "ask", "--json", question], "")
            let object = try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as! [String: Any]
            let period = object["period"] as? [String: Any]
            #expect(period?["from"] as? String == "2026-12-01" && period?["to"] as? String == "2026-12-31", "\(asked.output)")
            let answer = try #require(object["answer"] as? [String: Any])
            #expect(answer["amount"] as? String == "184990.00" && answer["count"] as? Int == 2, "\(asked.output)")
        }
        for (question, language) in [("how much did i spend at magnum", "en"), ("сколько я потратил в магнуме", "ru")] {
            let asked = try run(["--lang", language, "ask", "--json", question], "")
            let object = try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as! [String: Any]
            let answer = try #require(object["answer"] as? [String: Any])
            // Only the Magnum purchase whose note has the name as asked, not the 3,000 of other groceries.
            #expect(answer["amount"] as? String == (language == "en" ? "12000.00" : "7000.00"), "\(asked.output)")
            #expect((object["filters"] as? [String: Any])?["category"] is NSNull, "\(asked.output)")
        }
    }

    /// A question with words no rule reads and no note holds is not answered with a number for
    /// another question: "sure" is false, the words are "unread", the text says what was read and
    /// what was not, exit 1 — in both languages. Words a note holds are a search, answered.
    @Test func wordsItDoesNotKnowAreSaidNotAnswered() throws {
        let path = home.appendingPathComponent("unread.kassa").path
        let run = { (arguments: [String], stdin: String) in
            try KassaBinary.run(["--file", path, "--today", "2026-11-29"] + arguments, stdin: stdin, environment: env)
        }
        #expect(try run([], "coffee 1500\n\ngift for dana birthday 20000\n\n").status == 0)
        for (question, language, word) in [("how much did i spend on flurbs this month", "en", "flurbs"),
                                           ("сколько ушло на шмурдяки в этом месяце", "ru", "шмурдяки")] {
            let asked = try run(["--lang", language, "ask", "--json", question], "")
            #expect(asked.status == 1, "\(asked.output)")
            let object = try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as! [String: Any]
            #expect(object["sure"] as? Bool == false && (object["unread"] as? [String]) == [word], "\(asked.output)")
            #expect((object["answer"] as? [String: Any])?["amount"] is NSNull, "\(asked.output)")
        }
        let found = try run(["ask", "--json", "how much did i spend on dana birthday"], "")
        let object = try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as! [String: Any]
        #expect(found.status == 0 && object["sure"] as? Bool == true && (object["unread"] as? [String]) == [], "\(found.output)")
        #expect((object["answer"] as? [String: Any])?["amount"] as? String == "20000.00", "\(found.output)")
    }

    /// ~700 seeded transactions from 2025-09-01 to today on two accounts, plus a series and a budget.
    func journal() throws -> String {
        let path = home.appendingPathComponent("a.kassa").path
        var random = SeededGenerator(state: 31)
        let categories = ["food/groceries", "food/coffee", "food/restaurants", "transport/taxi", "housing/rent",
                          "entertainment", "income/salary"]
        var lines: [String] = []
        var day = 0
        for index in 0..<700 {
            day += Int(random.next() % 2)
            var (y, m, d) = (2025, 9, 1 + day)
            let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while d > lengths[m - 1] { d -= lengths[m - 1]; m += 1; if m > 12 { m = 1; y += 1 } }
            let date = String(format: "%04d-%02d-%02d", y, m, d)
            guard date <= today else { break }
            let category = categories[Int(random.next() % UInt64(categories.count))]
            let type = category.hasPrefix("income") ? "income" : "expense"
            let account = random.next() % 3 == 0 ? "kaspi" : "cash"
            let amount = "\(100 + random.next() % 60_000).\(String(format: "%02d", random.next() % 100))"
            lines.append(#"{"id": "\#(index + 1)", "date": "\#(date)", "type": "\#(type)", "amount": "\#(amount)", "currency": "KZT", "category": "\#(category)", "account": "\#(account)", "note": "n\#(index + 1)"}"#)
        }
        let result = try KassaBinary.run(["import", "--file", path], stdin: lines.joined(separator: "\n") + "\n", environment: env)
        #expect(result.status == 0, "\(result.error)")
        let session = try KassaBinary.run(["--file", path, "--today", "2026-03-05", "--yes"],
                                          stdin: "netflix 4990 every month\nbudget groceries 150000 a month\n", environment: env)
        #expect(session.status == 0, "\(session.error)")
        return path
    }

    struct Row {
        let id: Int, date: String, type: String, amount: Int64, category: String, account: String
    }

    func rows(_ file: String) throws -> [Row] {
        let list = try KassaBinary.run(["list", "--json", "--file", file], environment: env)
        return try list.output.split(separator: "\n").map { line in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return Row(id: Int(o["id"] as! String)!, date: o["date"] as! String, type: o["type"] as! String, amount: minor(o["amount"]),
                       category: o["category"] as? String ?? "", account: o["account"] as? String ?? "")
        }
    }

    func minor(_ text: Any?) -> Int64 {
        guard let text = text as? String else { return -1 }
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".")
        let value = Int64(parts[0])! * 100 + (parts.count > 1 ? Int64(parts[1])! : 0)
        return negative ? -value : value
    }

    func ask(_ question: String, _ file: String, lang: String = "en") throws -> (status: Int32, json: [String: Any]) {
        let run = try KassaBinary.run(["ask", "--json", "--file", file, "--today", today, "--lang", lang, question], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as! [String: Any]
        return (run.status, object)
    }

    func under(_ slug: String, _ category: String) -> Bool { category == slug || category.hasPrefix(slug + "/") }

    func sum(_ rows: [Row], from: String, to: String, type: String = "expense", category: String? = nil, account: String? = nil) -> (Int64, Int) {
        let chosen = rows.filter { row in
            row.date >= from && row.date <= to && row.type == type
                && (category.map { under($0, row.category) } ?? true) && (account.map { $0 == row.account } ?? true)
        }
        return (chosen.reduce(0) { $0 + $1.amount }, chosen.count)
    }

    @Test func totalsCountsAndAveragesEqualTheList() throws {
        let file = try journal()
        let all = try rows(file)
        for (question, lang, from, to, type, category, account) in [
            ("how much did I spend on food last month?", "en", "2026-02-01", "2026-02-28", "expense", "food", nil as String?),
            ("сколько ушло на такси в феврале", "ru", "2026-02-01", "2026-02-28", "expense", "transport/taxi", nil),
            ("how much did i spend this week", "en", "2026-03-16", "2026-03-20", "expense", nil, nil),
            ("how much did I spend from kaspi in the last 30 days", "en", "2026-02-19", "2026-03-20", "expense", nil, "kaspi"),
            ("сколько я заработал в прошлом месяце?", "ru", "2026-02-01", "2026-02-28", "income", nil, nil),
            ("how much did i spend on coffee in december", "en", "2025-12-01", "2025-12-31", "expense", "food/coffee", nil),
        ] as [(String, String, String, String, String, String?, String?)] {
            let (status, json) = try ask(question, file, lang: lang)
            #expect(status == 0, "\(question)")
            #expect(json["kind"] as? String == "total", "\(question)")
            let period = json["period"] as! [String: Any]
            #expect(period["from"] as? String == from && period["to"] as? String == to, "\(question)")
            let (amount, count) = sum(all, from: from, to: to, type: type, category: category, account: account)
            let answer = json["answer"] as! [String: Any]
            #expect(minor(answer["amount"]) == amount, "\(question)")
            #expect(answer["count"] as? Int == count, "\(question)")
            #expect(answer["currency"] as? String == "KZT")
        }
        let (_, count) = try ask("how many times did I take a taxi this month", file)
        #expect(count["kind"] as? String == "count")
        #expect((count["answer"] as! [String: Any])["count"] as? Int == sum(all, from: "2026-03-01", to: today, category: "transport/taxi").1)
        let (_, average) = try ask("what's my average spending per day this month", file)
        let (monthTotal, _) = sum(all, from: "2026-03-01", to: today)
        #expect(average["kind"] as? String == "average")
        // 20 days, rounded half up to the tiyn.
        #expect(minor((average["answer"] as! [String: Any])["amount"]) == (monthTotal * 2 + 20) / 40)
    }

    @Test func topCompareAndLastEqualTheList() throws {
        let file = try journal()
        let all = try rows(file)
        let (_, top) = try ask("top 3 categories this year", file)
        var byTop: [String: Int64] = [:]
        for row in all where row.type == "expense" && row.date >= "2026-01-01" && row.date <= today {
            byTop[String(row.category.split(separator: "/")[0]), default: 0] += row.amount
        }
        let expected = byTop.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
        let items = (top["answer"] as! [String: Any])["items"] as! [[String: Any]]
        #expect(items.map { $0["key"] as! String } == expected.map(\.key))
        #expect(items.map { minor($0["amount"]) } == expected.map(\.value))

        let (_, biggest) = try ask("5 biggest expenses last week", file)
        let week = all.filter { $0.type == "expense" && $0.date >= "2026-03-09" && $0.date <= "2026-03-15" }
            .sorted { ($0.amount, $0.date, $0.id) > ($1.amount, $1.date, $1.id) }.prefix(5)
        let biggestItems = (biggest["answer"] as! [String: Any])["items"] as! [[String: Any]]
        #expect(biggestItems.map { $0["id"] as? Int } == week.map(\.id))
        #expect(biggestItems.map { minor($0["amount"]) } == week.map(\.amount))

        let (_, compare) = try ask("coffee this month compared to last month", file)
        let compareAnswer = compare["answer"] as! [String: Any]
        #expect(compare["kind"] as? String == "compare")
        #expect(minor(compareAnswer["amount"]) == sum(all, from: "2026-03-01", to: today, category: "food/coffee").0)
        #expect(minor(compareAnswer["previous"]) == sum(all, from: "2026-02-01", to: "2026-02-28", category: "food/coffee").0)

        let (_, last) = try ask("when did I last pay for a taxi?", file)
        let latest = all.filter { $0.type == "expense" && $0.category == "transport/taxi" }.max { ($0.date, $0.id) < ($1.date, $1.id) }!
        let lastAnswer = last["answer"] as! [String: Any]
        #expect(last["kind"] as? String == "last")
        #expect(lastAnswer["date"] as? String == latest.date && minor(lastAnswer["amount"]) == latest.amount)
    }

    @Test func netAndTheLatestFewEqualTheList() throws {
        let file = try journal()
        let all = try rows(file)
        let (_, net) = try ask("how much did I save this month?", file)
        let netAnswer = net["answer"] as! [String: Any]
        let earned = sum(all, from: "2026-03-01", to: today, type: "income").0
        let spent = sum(all, from: "2026-03-01", to: today).0
        #expect(net["kind"] as? String == "net")
        #expect(minor(netAnswer["amount"]) == earned - spent)
        #expect((netAnswer["items"] as! [[String: Any]]).map { minor($0["amount"]) } == [earned, spent])
        let (_, russian) = try ask("сколько я сэкономил в этом месяце", file, lang: "ru")
        #expect(minor((russian["answer"] as! [String: Any])["amount"]) == earned - spent)

        // Every type for "transactions", the latest first (by date, then id).
        let latest = all.sorted { ($0.date, $0.id) > ($1.date, $1.id) }.prefix(4)
        for question in ["show my last 4 transactions", "покажи последние 4 операции"] {
            let (_, few) = try ask(question, file)
            #expect(few["kind"] as? String == "last" && few["limit"] as? Int == 4, "\(question)")
            let items = (few["answer"] as! [String: Any])["items"] as! [[String: Any]]
            #expect(items.map { $0["id"] as? Int } == latest.map(\.id), "\(question)")
        }

        // A transfer in the list is said by where it went.
        _ = try KassaBinary.run(["--file", file, "--today", today, "--yes"], stdin: "halyk -> kaspi 30000\n", environment: env)
        let text = try KassaBinary.run(["ask", "--file", file, "--today", today, "show my last 2 transactions"], environment: env)
        #expect(text.output.contains("halyk → kaspi"), "\(text.output)")
    }

    @Test func balanceBudgetDueAndSubscriptionsComeFromTheLedger() throws {
        let file = try journal()
        let all = try rows(file)
        let (_, balance) = try ask("what's my kaspi balance?", file)
        let kaspi = all.filter { $0.account == "kaspi" && $0.date <= today }
            .reduce(Int64(0)) { $0 + ($1.type == "income" ? $1.amount : -$1.amount) }
        #expect(balance["kind"] as? String == "balance")
        #expect(minor((balance["answer"] as! [String: Any])["amount"]) == kaspi)

        let (_, budget) = try ask("what's left of my groceries budget?", file)
        let spent = sum(all, from: "2026-03-01", to: "2026-03-31", category: "food/groceries").0
        #expect(budget["kind"] as? String == "budget")
        #expect(minor((budget["answer"] as! [String: Any])["amount"]) == 15_000_000 - spent)
        let budgetPeriod = budget["period"] as! [String: Any]
        #expect(budgetPeriod["from"] as? String == "2026-03-01" && budgetPeriod["to"] as? String == "2026-03-31")

        let (_, due) = try ask("когда платить за netflix", file, lang: "ru")
        let dueAnswer = due["answer"] as! [String: Any]
        #expect(due["kind"] as? String == "due")
        // Started 5 March (saved with the series), so the next one asked is 5 April.
        #expect(dueAnswer["date"] as? String == "2026-04-05" && dueAnswer["amount"] as? String == "4990.00")

        let (_, subscriptions) = try ask("how much do my subscriptions cost per month", file)
        #expect(subscriptions["kind"] as? String == "subscriptions")
        #expect((subscriptions["answer"] as! [String: Any])["amount"] as? String == "4990.00")
    }

    @Test func notAQuestionIsUnknownWithExitOne() throws {
        let file = try journal()
        for line in ["coffee for mom 1500", "на такси 2000", "how much? 1500 coffee"] {
            let (status, json) = try ask(line, file)
            #expect(status == 1, "\(line)")
            #expect(json["kind"] as? String == "unknown", "\(line)")
        }
        let (status, json) = try ask("how much did I spend on coffee last season", file)
        #expect(status == 1)
        #expect(json["kind"] as? String == "unknown")
        #expect((json["text"] as? String)?.contains("last season") == true)
        let text = try KassaBinary.run(["ask", "--file", file, "--today", today, "--lang", "en", "how much did I spend on coffee this month?"],
                                       environment: env)
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("Coffee, 1–20 Mar: ₸"))
        let usage = try KassaBinary.run(["ask", "--file", file], environment: env)
        #expect(usage.status == 2)
    }
}
