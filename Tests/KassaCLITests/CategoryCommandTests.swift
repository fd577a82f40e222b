// The person's own categories through the real binary: add (with a parent, a type, Cyrillic
// names), use in a correction and in `list --category`, rename (built-in ones in the UI
// language), remove with re-filing as one undoable change, and the mistakes (exit 1 and 2).

import Foundation
import Testing
import KassaTestSupport

@Suite struct CategoryCommandTests {
    let home = TestSupport.makeTemporaryDirectory("category-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var file: String { home.appendingPathComponent("c.kassa").path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--file", file, "--today", "2026-03-05"], stdin: stdin, environment: env)
    }

    func categories(of output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["category"] as? String
        }
    }

    @Test func categoriesJSONCarriesTypeAndOwn() throws {
        #expect(try kassa(["category", "add", "Climbing gym", "sport"]).status == 0)
        #expect(try kassa(["category", "add", "Side gigs", "income"]).status == 0)
        let line = try kassa(["categories", "--json"]).output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let rows = try #require(object["categories"] as? [[String: Any]])
        func row(_ slug: String) -> [String: Any]? { rows.first { $0["slug"] as? String == slug } }
        #expect(row("sport/climbing-gym")?["type"] as? String == "expense")
        #expect(row("sport/climbing-gym")?["own"] as? Bool == true)
        #expect(row("income/side-gigs")?["type"] as? String == "income")
        #expect(row("income/side-gigs")?["own"] as? Bool == true)
        #expect(row("income/salary")?["type"] as? String == "income")
        #expect(row("income/salary")?["own"] as? Bool == false)
        #expect(row("food")?["type"] as? String == "expense")
        #expect(row("food")?["own"] as? Bool == false)
        #expect(rows.allSatisfy { $0["type"] is String && $0["own"] is Bool })
    }

    @Test func addUseRenameAndRemoveWithRefiling() throws {
        #expect(try kassa(["category", "add", "Climbing gym", "sport"]).output.contains("sport/climbing-gym"))
        #expect(try kassa(["category", "add", "Фриланс", "income"]).output.contains("income/фриланс"))
        #expect(try kassa(["categories"]).output.contains("sport/climbing-gym"))
        // A correction by the category's own name, then a listing filtered by it.
        let session = try kassa([], stdin: "bouldering pass 12000\ncategory climbing gym\n\nwage 50000\ncategory фриланс\n\n")
        #expect(session.status == 0, "\(session.output)\(session.error)")
        #expect(categories(of: try kassa(["list", "--json", "--category", "Climbing gym"]).output) == ["sport/climbing-gym"])
        #expect(categories(of: try kassa(["list", "--json"]).output) == ["sport/climbing-gym", "income/фриланс"])
        // A built-in category renamed in Russian shows the new name in Russian only.
        #expect(try kassa(["--lang", "ru", "category", "rename", "coffee", "Кофеёк"]).status == 0)
        #expect(try kassa(["--lang", "ru", "categories"]).output.contains("Кофеёк"))
        #expect(!(try kassa(["categories"]).output.contains("Кофеёк")))
        // Removing re-files its transactions in the same change; one undo brings both back.
        let removed = try kassa(["category", "remove", "sport/climbing-gym", "--to", "sport"])
        #expect(removed.status == 0 && removed.output.contains("(1)"), "\(removed.output)")
        #expect(categories(of: try kassa(["list", "--json"]).output) == ["sport", "income/фриланс"])
        #expect(!(try kassa(["categories"]).output.contains("climbing")))
        #expect(try kassa(["undo"]).status == 0)
        #expect(categories(of: try kassa(["list", "--json"]).output) == ["sport/climbing-gym", "income/фриланс"])
        #expect(try kassa(["categories"]).output.contains("climbing"))
    }

    @Test func mistakesAreSaid() throws {
        #expect(try kassa(["category", "add", "Pets"]).status == 1)              // built-in already
        #expect(try kassa(["category", "add", "Yoga", "nosuchparent"]).status == 1)
        #expect(try kassa(["category", "remove", "food"]).status == 1)           // built-in
        #expect(try kassa(["category", "add", "!!!"]).status == 1)
        for arguments in [["category"], ["category", "frob"], ["category", "add"], ["category", "add", "a", "b", "c", "d"],
                          ["category", "add", "a", "food", "transfer"], ["category", "remove", "a", "b"]] {
            let result = try kassa(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
        }
    }
}
