// CurrencyExchangeCLITests: a currency exchange through the real binary — parsed with both
// amounts (en and ru), confirmed in a session, then the balance shows both currencies, `list`
// and `list --json` carry the target, and an edit changes it.

import Foundation
import Testing
import KassaTestSupport

@Suite struct CurrencyExchangeCLITests {
    let home = TestSupport.makeTemporaryDirectory("exchange-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(["--file", journal, "--today", "2026-03-10"] + arguments, stdin: stdin, environment: env)
    }

    /// Dollars bought with tenge: `balance --in KZT` shows each account once, converted (the
    /// dollars at the day's rate), and a total line — all the money there is; `ask` answers
    /// "net worth" and «сколько у меня всего денег» with that total, and the cash balance holds
    /// the dollars. 500,000 − 1,500 = 498,500; cash: −1,500 + 200 × 505 = 99,500.
    @Test func oneFigureForAllTheMoney() throws {
        #expect(try kassa(["rate", "set", "USD", "505"]).status == 0)
        let saved = try kassa([], stdin: "salary 500000 to kaspi\n\nbought 200 dollars for 101000 tenge from kaspi into cash\n\ncoffee 1500\n\n")
        #expect(saved.status == 0, "\(saved.error)")
        let balance = try kassa(["balance", "--in", "KZT", "--json"])
        #expect(balance.status == 0, "\(balance.error)")
        let object = try JSONSerialization.jsonObject(with: Data(balance.output.utf8)) as! [String: Any]
        let lines = try #require(object["lines"] as? [[String: Any]])
        let shown = lines.map { "\($0["account"] as? String ?? "-") \($0["amount"] as? String ?? "") \($0["currency"] as? String ?? "") \($0["total"] as? Bool ?? false)" }
        #expect(shown == ["cash 99500.00 KZT false", "kaspi 399000.00 KZT false", "- 498500.00 KZT true"], "\(shown)")
        let text = try kassa(["balance", "--in", "KZT"])
        #expect(text.output.contains("total  ₸498,500.00") && !text.output.contains("$"), "\(text.output)")
        for (question, language) in [("what is my net worth", "en"), ("сколько у меня всего денег", "ru")] {
            let asked = try kassa(["--lang", language, "ask", "--json", question])
            #expect(asked.status == 0, "\(asked.error)")
            let answer = try JSONSerialization.jsonObject(with: Data(asked.output.utf8)) as! [String: Any]
            #expect(answer["kind"] as? String == "balance")
            #expect((answer["answer"] as? [String: Any])?["amount"] as? String == "498500.00", "\(asked.output)")
        }
        let cash = try kassa(["ask", "--json", "how much cash do i have"])
        let answer = try JSONSerialization.jsonObject(with: Data(cash.output.utf8)) as! [String: Any]
        #expect((answer["answer"] as? [String: Any])?["amount"] as? String == "99500.00", "\(cash.output)")
    }

    @Test func parseShowsBothAmounts() throws {
        let parsed = try kassa(["parse", "--json", "changed 100 dollars to 52,000 tenge"])
        #expect(parsed.status == 0, "\(parsed.error)")
        let json = try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as! [String: Any]
        let draft = (json["drafts"] as! [[String: Any]])[0]
        #expect(draft["type"] as? String == "transfer")
        #expect(draft["amount"] as? String == "100.00" && draft["currency"] as? String == "USD")
        #expect(draft["to_amount"] as? String == "52000.00" && draft["to_currency"] as? String == "KZT")
        // A line with no exchange keeps its exact shape: no target keys.
        let plain = try kassa(["parse", "--json", "coffee 1500"])
        #expect(!plain.output.contains("to_amount"))
        let card = try kassa(["--lang", "ru", "parse", "--explain", "продал 100 баксов по 520"])
        #expect(card.output.contains("100,00 $ → 52 000,00 ₸"), "\(card.output)")
        #expect(card.output.contains("приходит"))
    }

    @Test func confirmedExchangeMovesBothCurrencies() throws {
        let session = try kassa([], stdin: "salary 500 dollars\ny\nchanged 100 dollars to 52,000 tenge\ny\n")
        #expect(session.status == 0, "\(session.error)")
        #expect(session.output.contains("$100.00 → ₸52,000.00"))
        let balance = try kassa(["balance"])
        #expect(balance.output.contains("₸52,000.00"), "\(balance.output)")
        #expect(balance.output.contains("$400.00"), "\(balance.output)")
        let list = try kassa(["list"])
        #expect(list.output.contains("exchange → ₸52,000.00"), "\(list.output)")
        let rows = try kassa(["list", "--json"]).lines
        #expect(rows.count == 2)
        let row = try JSONSerialization.jsonObject(with: Data(rows[1].utf8)) as! [String: Any]
        #expect(row["to_amount"] as? String == "52000.00" && row["to_currency"] as? String == "KZT")
        #expect(try kassa(["edit", "#2", "target", "51500"]).status == 0)
        #expect(try kassa(["balance"]).output.contains("₸51,500.00"))
    }

    /// Every format kassa writes brings an exchange back as one: same balances, same target.
    @Test(arguments: ["jsonl", "csv", "hledger", "ledger", "beancount", "tenra"])
    func eachFormatRoundTripsTheExchange(format: String) throws {
        let entries = "salary 500 dollars\ny\nchanged 100 dollars to 52,000 tenge\ny\nbought 50 euros for 27,000 tenge\ny\n"
        #expect(try kassa([], stdin: entries).status == 0)
        let file = home.appendingPathComponent("export." + format).path
        let exported = try kassa(["export", "--format", format, "-o", file])
        #expect(exported.status == 0, "\(exported.error)")
        let copy = home.appendingPathComponent("copy-\(format).kassa").path
        let imported = try KassaBinary.run(["--file", copy, "--today", "2026-03-10", "import", file, "--format", format, "--yes"],
                                           environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        let balances = { (path: String) throws -> String in
            try KassaBinary.run(["--file", path, "--today", "2026-03-10", "balance"], environment: env).output
        }
        #expect(try balances(copy) == balances(journal))
        let rows = try KassaBinary.run(["--file", copy, "list", "--json"], environment: env).lines
        let targets = try rows.compactMap { line -> String? in
            let row = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return (row["to_amount"] as? String).map { $0 + " " + (row["to_currency"] as? String ?? "") }
        }
        #expect(targets == ["52000.00 KZT", "50.00 EUR"])
    }
}
