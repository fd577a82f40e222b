// `kassa ask --json` through the real binary for questions that name a person or a market price:
// a name in another case («платила Мадине») finds the notes that hold it in any case; someone who
// sent money ("mom sent me") is income looked for by who it was; words that describe a name ("the
// guard") do not narrow the search; a market price ("kaspi shares") gets no number, exit 1.

import Foundation
import Testing
import KassaTestSupport

@Suite struct AskPeopleTests {
    let home = TestSupport.makeTemporaryDirectory("ask-people")
    var env: [String: String] { KassaBinary.environment(home: home) }

    @Test func peopleAreFoundInTheNotesAndMarketPricesAreNotAnswered() throws {
        let path = home.appendingPathComponent("people.kassa").path
        let run = { (arguments: [String], stdin: String) in
            try KassaBinary.run(["--file", path, "--today", "2026-11-29"] + arguments, stdin: stdin, environment: env)
        }
        #expect(try run([], "уборка Мадине 15000\n\nSerik the guard 20000\n\nmom sent me 50000\n\nкофе 900\n\n").status == 0)
        let cases: [(question: String, text: String, amount: String, type: String)] = [
            ("когда я последний раз платила Мадине", "мадина", "15000.00", "expense"),
            ("how much did we pay Serik the guard this year", "serik", "20000.00", "expense"),
            ("how much has mom sent me since september", "mom", "50000.00", "income"),
        ]
        for asked in cases {
            let result = try run(["ask", "--json", asked.question], "")
            let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            let filters = try #require(object["filters"] as? [String: Any])
            #expect(result.status == 0 && object["sure"] as? Bool == true, "\(result.output)")
            #expect(filters["text"] as? String == asked.text && filters["type"] as? String == asked.type, "\(result.output)")
            #expect((object["answer"] as? [String: Any])?["amount"] as? String == asked.amount, "\(result.output)")
        }
        for (question, language) in [("what's the price of kaspi shares", "en"), ("какой будет курс доллара в декабре", "ru")] {
            let result = try run(["--lang", language, "ask", "--json", question], "")
            let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            #expect(result.status == 1 && object["kind"] as? String == "unknown", "\(result.output)")
            #expect((object["answer"] as? [String: Any])?["amount"] is NSNull, "\(result.output)")
            #expect((object["filters"] as? [String: Any])?["account"] is NSNull, "\(result.output)")
        }
    }
}
