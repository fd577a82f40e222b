// `kassa recurring`, `kassa due` and the session start's due batch through the real binary:
// the JSON contract's fields (DESIGN.md §8), a scripted session on a later day saving the due
// occurrences with one Enter and the next asking nothing, --yes posting them for cron,
// pause/resume/remind/amount, and usage mistakes as exit 2.

import Foundation
import Testing
import KassaTestSupport

@Suite struct RecurringCommandTests {
    let home = TestSupport.makeTemporaryDirectory("recurring-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var file: String { home.appendingPathComponent("r.kassa").path }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func kassa(_ arguments: [String], stdin: String = "", today: String) throws -> KassaBinary.Result {
        try KassaBinary.run(["--file", file, "--today", today] + arguments, stdin: stdin, environment: env)
    }

    /// A series said on 29 November "from 1 December" (no year) starts on 1 December 2026, in both
    /// languages: nothing is overdue, and `due` lists no payment a year back.
    @Test(arguments: ["интернет 7990 ежемесячно с каспи 1 декабря", "internet 7990 monthly from kaspi from december 1"])
    func aSeriesFromADayJustAheadStartsThen(entry: String) throws {
        let saved = try kassa([], stdin: entry + "\n\n", today: "2026-11-29")
        #expect(saved.status == 0, "\(saved.error)")
        let series = try objects(try kassa(["recurring", "--json"], today: "2026-11-29").output)
        #expect(series.count == 1)
        #expect(series.first?["start"] as? String == "2026-12-01")
        let due = try kassa(["due", "--json"], today: "2026-11-29")
        #expect(due.status == 0 && due.output.isEmpty, "\(due.output)")
        let list = try KassaBinary.run(["list", "--json", "--file", file], environment: env)
        #expect(!list.output.contains("2025-12-01"), "\(list.output)")
    }

    /// A day the month lacks is refused with its words named, in both languages; nothing saved.
    @Test(arguments: [("кофе 500 31 ноября", "31 ноября"), ("coffee 500 on 2026-02-30", "2026-02-30")])
    func anImpossibleDateIsRefused(entry: String, words: String) throws {
        let result = try kassa(["--yes"], stdin: entry + "\n", today: "2026-11-29")
        #expect(result.status == 1)
        #expect(result.error.contains(words), "\(result.error)")
        let list = try KassaBinary.run(["list", "--json", "--file", file], environment: env)
        #expect(list.output.isEmpty, "\(list.output)")
    }

    /// A new price from next month is what a month costs from now on: `recurring`, `report
    /// subscriptions` and `ask` all say 5,490, as `due` does.
    @Test(arguments: [("нетфликс 4990 ежемесячно\n\nнетфликс теперь 5490 с декабря\n\n", "ru", "сколько стоят подписки"),
                      ("netflix 4990 monthly\n\nnetflix is now 5490 from december\n\n", "en", "how much do my subscriptions cost")])
    func aNewPriceIsTheMonthlyCost(script: String, language: String, question: String) throws {
        #expect(try kassa(["--lang", language], stdin: script, today: "2026-11-29").status == 0)
        let series = try objects(try kassa(["recurring", "--json"], today: "2026-11-29").output)
        #expect(series.first?["amount"] as? String == "5490.00" && series.first?["monthly"] as? String == "5490.00", "\(series)")
        let report = try kassa(["report", "subscriptions", "--json"], today: "2026-11-29")
        #expect(report.output.contains("\"5490.00\"") && !report.output.contains("4990"), "\(report.output)")
        let asked = try kassa(["--lang", language, "ask", "--json", question], today: "2026-11-29")
        #expect(asked.output.contains("\"amount\": \"5490.00\""), "\(asked.output)")
    }

    @Test func seriesAndDueAsJSON() throws {
        #expect(try kassa([], stdin: "netflix 4990 every month\n\nrent 250000 every 2 weeks\n\n", today: "2026-01-15").status == 0)
        let series = try objects(try kassa(["recurring", "--json"], today: "2026-03-20").output)
        #expect(series.count == 2)
        let contract = ["id", "note", "amount", "currency", "category", "account", "frequency", "interval", "start", "next",
                        "status", "kind", "remind_days"]
        for item in series { #expect(contract.allSatisfy { item.keys.contains($0) }, "\(item)") }
        #expect(series[0]["note"] as? String == "netflix")
        #expect(series[0]["amount"] as? String == "4990.00")
        #expect(series[0]["kind"] as? String == "subscription")
        #expect(series[0]["next"] as? String == "2026-02-15")
        #expect(series[0]["remind_days"] as? [Int] == [3])
        #expect(series[1]["interval"] as? Int == 2)
        #expect(series[1]["frequency"] as? String == "weekly")

        let due = try kassa(["due", "--json"], today: "2026-03-20")
        #expect(due.status == 0)
        let items = try objects(due.output)
        for item in items {
            #expect(["series", "date", "amount", "currency", "note", "overdue"].allSatisfy { item.keys.contains($0) })
        }
        let netflix = items.filter { $0["note"] as? String == "netflix" }
        #expect(netflix.map { $0["date"] as? String } == ["2026-02-15", "2026-03-15"])
        #expect(netflix.allSatisfy { $0["overdue"] as? Bool == true })
        #expect(items.filter { $0["note"] as? String == "rent" }.count == 4)

        // Soon due: with --days the April netflix shows, not overdue.
        let soon = try objects(try kassa(["due", "--json", "--days", "30"], today: "2026-03-20").output)
        #expect(soon.contains { $0["date"] as? String == "2026-04-15" && $0["overdue"] as? Bool == false })
    }

    @Test func aSessionAsksOnceAndTheNextAsksNothing() throws {
        #expect(try kassa([], stdin: "netflix 4990 every month\n\n", today: "2026-01-15").status == 0)
        let asked = try kassa([], stdin: "\n", today: "2026-03-20")
        #expect(asked.status == 0)
        #expect(asked.output.contains("2 payments are due"))
        #expect(asked.output.contains("Saved 2 transactions"))
        let next = try kassa([], stdin: "", today: "2026-03-21")
        #expect(next.status == 0)
        #expect(next.output.isEmpty, "\(next.output)")
        let listed = try objects(try kassa(["list", "--json"], today: "2026-03-21").output)
        #expect(listed.map { $0["date"] as? String } == ["2026-01-15", "2026-02-15", "2026-03-15"])
    }

    @Test func dueYesPostsForCronAndSkippedIsNotAskedAgain() throws {
        #expect(try kassa([], stdin: "netflix 4990 every month\n\ngym 15000 every month\n\n", today: "2026-01-15").status == 0)
        #expect(try kassa(["recurring", "pause", "2"], today: "2026-01-16").status == 0)
        let posted = try kassa(["due", "--yes"], today: "2026-02-15")
        #expect(posted.status == 0)
        #expect(posted.output.contains("Saved #3"), "\(posted.output)")
        #expect(try objects(try kassa(["due", "--json"], today: "2026-02-15").output).isEmpty)
        // Discarded at session start: recorded as skipped, never asked again.
        let discarded = try kassa([], stdin: "n\n", today: "2026-03-15")
        #expect(discarded.output.contains("recorded as skipped"))
        #expect(try objects(try kassa(["due", "--json"], today: "2026-03-16").output).isEmpty)
        // A new amount from April on; March keeps its amount.
        #expect(try kassa(["recurring", "amount", "1", "5490", "--from", "2026-04-01"], today: "2026-03-16").status == 0)
        let april = try objects(try kassa(["due", "--json", "--days", "40"], today: "2026-03-16").output)
        #expect(april.first { $0["series"] as? String == "1" }?["amount"] as? String == "5490.00")
        #expect(try kassa(["recurring", "remind", "1", "1", "7"], today: "2026-03-16").status == 0)
        #expect(try objects(try kassa(["recurring", "--json"], today: "2026-03-16").output)[0]["remind_days"] as? [Int] == [1, 7])
    }

    @Test func mistakesAreUsageErrors() throws {
        #expect(try kassa(["due", "--days", "x"], today: "2026-03-16").status == 2)
        #expect(try kassa(["recurring", "pause"], today: "2026-03-16").status == 2)
        #expect(try kassa(["recurring", "pause", "9"], today: "2026-03-16").status == 1)
        #expect(try kassa(["repeat", "1", "fortnightly"], today: "2026-03-16").status == 2)
    }
}
