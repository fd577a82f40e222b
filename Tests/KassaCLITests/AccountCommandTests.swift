// `kassa account …` through the real binary: an account added with an opening balance shows in
// `balance --json` (opening and planned fields beside the old ones), archive hides it and
// refuses entries, remove is refused while it holds something, quoted names in any script, and
// deposit interest posted once however many times it is asked for (and undone as one change).

import Foundation
import Testing
import KassaTestSupport

@Suite struct AccountCommandTests {
    let home = TestSupport.makeTemporaryDirectory("account-cli")
    var env: [String: String] { KassaBinary.environment(home: home, extra: ["KASSA_TODAY": "2026-03-10"]) }
    var journal: String { home.appendingPathComponent("a.kassa").path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--file", journal], stdin: stdin, environment: env)
    }

    func json(_ line: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    /// After a rename the old name is an alias, and every language's word for the bank finds
    /// the renamed account: no second "kaspi" is made.
    @Test func aRenamedAccountIsFoundByEveryLanguagesWord() throws {
        #expect(try kassa(["add", "--yes", "taxi 1000 from kaspi"]).status == 0)
        #expect(try kassa(["account", "rename", "kaspi", "kaspi gold"]).status == 0)
        #expect(try kassa(["add", "--yes", "taxi 1000 from kaspi"]).status == 0)
        #expect(try kassa(["add", "--yes", "такси 1000 с каспи"]).status == 0)
        let list = try kassa(["list", "--json"])
        let accounts = try list.lines.map { try json($0)["account"] as? String }
        #expect(accounts == ["kaspi gold", "kaspi gold", "kaspi gold"], "\(list.output)")
        #expect(!(try kassa(["accounts"]).output.contains("New account")))
    }

    /// The only deposit account, whatever its name, is the one «депозит» and "deposit" mean.
    @Test(arguments: ["пополнил депозит 100000 с каспи", "put 100000 on the deposit from kaspi"])
    func theOnlyDepositIsTheDeposit(entry: String) throws {
        #expect(try kassa(["account", "add", "dep", "--kind", "deposit"]).status == 0)
        let added = try kassa(["add", "--yes", entry])
        #expect(added.status == 0, "\(added.error)")
        let row = try json(try #require(try kassa(["list", "--json"]).lines.first))
        #expect(row["to_account"] as? String == "dep" && row["type"] as? String == "transfer", "\(row)")
    }

    @Test func openingPlannedArchiveAndRemove() throws {
        let added = try kassa(["account", "add", "моя карта", "--kind", "card", "--opening", "50 000", "--opening-date", "2026-03-01"])
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("моя карта"))
        #expect(try kassa(["add", "--yes", "coffee 1500 from моя карта"]).status == 0)
        #expect(try kassa(["add", "--yes", "rent 100000 2026-03-20 from моя карта"]).status == 0)

        let balance = try kassa(["balance", "--json"])
        #expect(balance.status == 0, "\(balance.error)")
        let lines = try #require(try json(balance.output)["lines"] as? [[String: Any]])
        let card = try #require(lines.first { $0["account"] as? String == "моя карта" })
        #expect(card["amount"] as? String == "48500.00" && card["currency"] as? String == "KZT" && card["count"] as? Int == 1)
        #expect(card["opening"] as? String == "50000.00")
        #expect(card["planned"] as? String == "-100000.00" && card["planned_count"] as? Int == 1)

        // Removing an account that holds something is refused, with the way out said.
        let remove = try kassa(["account", "remove", "моя карта"])
        #expect(remove.status == 1 && remove.error.contains("archive"), "\(remove.error)")

        #expect(try kassa(["account", "archive", "моя карта"]).status == 0)
        let listed = try kassa(["accounts", "--json"])
        let names = try (json(listed.output)["accounts"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(!names.contains("моя карта"))
        let all = try json(try kassa(["accounts", "--all", "--json"]).output)["accounts"] as? [[String: Any]] ?? []
        let archived = try #require(all.first { $0["name"] as? String == "моя карта" })
        #expect(archived["archived"] as? Bool == true && archived["kind"] as? String == "card")

        let refused = try kassa(["add", "--yes", "taxi 900 from моя карта"])
        #expect(refused.status == 1 && refused.error.contains("archived"), "\(refused.output) \(refused.error)")
        #expect(try kassa(["list", "--json"]).lines.count == 2)

        // An empty account can go; a usage mistake is exit 2.
        #expect(try kassa(["account", "add", "spare"]).status == 0)
        #expect(try kassa(["account", "remove", "spare"]).status == 0)
        #expect(try kassa(["account", "remove", "spare"]).status == 1)
        #expect(try kassa(["account", "add", "x", "--kind", "boat"]).status == 2)
        #expect(try kassa(["account", "add", "x", "--opening", "12abc"]).status == 2)
    }

    @Test func depositInterestIsPostedOnceAndUndoneAsOneChange() throws {
        #expect(try kassa(["account", "add", "deposit", "KZT", "--kind", "deposit", "--opening", "1000000",
                           "--opening-date", "2026-01-15", "--rate", "14.5", "--capitalize"]).status == 0)
        let posted = try kassa(["account", "post-interest"])
        #expect(posted.status == 0, "\(posted.error)")
        let again = try kassa(["account", "post-interest"])
        #expect(again.status == 0 && again.output.contains("No deposit interest is due"), "\(again.output)")
        // A session starting after posting asks nothing and posts nothing.
        #expect(try kassa([], stdin: "").status == 0)
        let list = try kassa(["list", "--json"]).lines.map(json)
        #expect(list.map { $0["amount"] as? String } == ["12315.07"])
        #expect(list.first?["category"] as? String == "income/interest" && list.first?["date"] as? String == "2026-02-15")
        // Next month, a session start posts March (capitalised: on 1,012,315.07 for 28 days).
        let next = try KassaBinary.run(["--file", journal, "--today", "2026-03-15"], stdin: ":balance\n", environment: env)
        #expect(next.output.contains("11,260.27"), "\(next.output)")
        #expect(try kassa(["undo"]).status == 0)
        #expect(try kassa(["list", "--json"]).lines.count == 1)
    }
}
