// Input past kassa's named bounds, through the real binary: each is refused or asked with a
// localized message that names what was said and the bound, and nothing is saved or lost — a
// relative date with a count past the limit ("100 999 weeks ago") is neither an amount nor a date
// a week back, and one more than a year back is asked.

import Foundation
import Testing
import KassaTestSupport

@Suite struct InputBoundsCLITests {
    let home = TestSupport.makeTemporaryDirectory("input-bounds")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "", lang: String = "en", today: String = "2026-03-10") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", today, "--lang", lang], stdin: Data(stdin.utf8), environment: env)
    }

    func parsed(_ text: String) throws -> [String: Any] {
        let result = try kassa(["parse", "--json", text])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
    }

    @Test(arguments: ["100 999 weeks ago", "coffee 500 100 999 weeks ago", "coffee 500 999 weeks ago", "coffee 500 days ago",
                      "taxi 300 2000 months ago", "кофе 500 100 999 недель назад"])
    func aRelativeDateWithACountPastTheLimitIsRefusedNotAnAmount(_ text: String) throws {
        let object = try parsed(text)
        let drafts = object["drafts"] as? [[String: Any]] ?? []
        #expect(drafts.isEmpty, "\(drafts)")
        let error = object["error"] as? [String: Any]
        #expect(error?["code"] as? String == "date-count-out-of-range", "\(object)")
        #expect((error?["message"] as? String ?? "").contains("goes up to 400"), "\(object)")
        // Nothing is saved, and the person is told in their language.
        let journal = path("bounds.kassa")
        let added = try kassa(["add", text, "--yes", "--file", journal], lang: "ru")
        #expect(added.status == 1)
        #expect(added.error.contains("не больше 400"), "\(added.error)")
        #expect(try kassa(["list", "all", "--json", "--file", journal]).output.isEmpty)
    }

    @Test func aDateSaidFromTodayMoreThanAYearBackIsAsked() throws {
        let object = try parsed("coffee 1500 300 weeks ago")
        let draft = try #require((object["drafts"] as? [[String: Any]])?.first)
        #expect(draft["amount"] as? String == "1500.00")
        let doubts = draft["doubts"] as? [[String: Any]] ?? []
        #expect(doubts.contains { $0["reason"] as? String == "date-long-ago" }, "\(draft)")
        // A week back, said without a count, stays sure.
        let week = try parsed("кофе 1 500 неделю назад")
        let sure = try #require((week["drafts"] as? [[String: Any]])?.first)
        #expect(sure["amount"] as? String == "1500.00" && sure["date"] as? String == "2026-03-03")
        #expect((sure["doubts"] as? [Any])?.isEmpty == true, "\(sure)")
    }
}
