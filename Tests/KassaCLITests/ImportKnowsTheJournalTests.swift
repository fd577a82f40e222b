// Imports use what the journal knows: the person's own categories by slug and by name, their
// accounts by name and by alias, and account names case-insensitively ("CASH" is "cash"), the
// first spelling kept — checked through the binary on a CSV written as people write them.

import Foundation
import Testing
import KassaTestSupport

@Suite struct ImportKnowsTheJournalTests {
    let home = TestSupport.makeTemporaryDirectory("import-knows")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    @discardableResult
    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--file", journal, "--today", "2026-11-16", "--lang", "en"], environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.error)\(result.output)")
        return result
    }

    @Test func ownCategoriesAccountAliasesAndCaseAreKnown() throws {
        try kassa(["category", "add", "aquarium"])
        try kassa(["category", "add", "climbing", "sport"])
        try kassa(["account", "add", "kaspi", "Kaspi Gold", "KZT"])
        try kassa(["add", "--yes", "coffee 500 cash on 2026-11-01"])
        let csv = home.appendingPathComponent("bank.csv")
        try """
        date,amount,category,account,note
        2026-11-02,-3000,aquarium,Kaspi Gold,fish food
        2026-11-03,-500,Aquarium,CASH,snails
        2026-11-04,-9000,climbing,kaspi gold,shoes
        2026-11-05,-700,groceries,Cash,bread

        """.write(to: csv, atomically: true, encoding: .utf8)
        let imported = try kassa(["import", "--yes", csv.path])
        #expect(!imported.output.lowercased().contains("unknown"), "\(imported.output)")
        let listed = try kassa(["list", "--json"]).output
        let rows = listed.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let byNote = Dictionary(uniqueKeysWithValues: rows.map { ($0["note"] as? String ?? "", $0) })
        #expect(byNote["fish food"]?["category"] as? String == "aquarium")
        #expect(byNote["snails"]?["category"] as? String == "aquarium")
        #expect((byNote["shoes"]?["category"] as? String)?.hasSuffix("climbing") == true)
        #expect(byNote["fish food"]?["account"] as? String == "kaspi")
        #expect(byNote["shoes"]?["account"] as? String == "kaspi")
        #expect(byNote["snails"]?["account"] as? String == "cash")
        #expect(byNote["bread"]?["account"] as? String == "cash")
        // One cash account in balance and accounts, named as first given.
        let balance = try kassa(["balance"]).output
        #expect(balance.split(separator: "\n").filter { $0.lowercased().contains("cash") }.count == 1, "\(balance)")
        let accounts = try kassa(["accounts"]).output
        #expect(accounts.split(separator: "\n").filter { $0.lowercased().contains("cash") }.count == 1, "\(accounts)")
    }
}
