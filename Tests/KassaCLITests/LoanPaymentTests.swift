// A loan's payment through the real binary: setting it makes a monthly transfer series (from the
// default account or --from, on the opening day or --payment-day) that comes due as a draft in
// `kassa due` and at a session start — never posted unasked — and lowers the debt when saved;
// payments before the day it was set are not asked for; a new payment is an amount change from
// that day on; archiving the loan stops its series; one undo takes back the whole change.

import Foundation
import Testing
import KassaTestSupport

@Suite struct LoanPaymentTests {
    let home = TestSupport.makeTemporaryDirectory("loan-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var file: String { home.appendingPathComponent("l.kassa").path }

    func kassa(_ arguments: [String], stdin: String = "", today: String) throws -> KassaBinary.Result {
        try KassaBinary.run(["--file", file, "--today", today, "--lang", "en"] + arguments, stdin: stdin, environment: env)
    }

    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func carBalance(_ today: String) throws -> String? {
        let line = try #require(try objects(try kassa(["accounts", "--json"], today: today).output).first)
        let car = (line["accounts"] as? [[String: Any]])?.first { $0["name"] as? String == "car" }
        return ((car?["balances"] as? [[String: Any]])?.first)?["amount"] as? String
    }

    @Test func theComputedPaymentComesDueAsATransferDraftAndLowersTheDebt() throws {
        // Opened 10 June 2025, set on 5 January 2026: the first payment asked for is 10 January.
        let added = try kassa(["account", "add", "car", "--kind", "loan", "--opening", "3000000", "--opening-date", "2025-06-10",
                               "--rate", "18", "--term", "36"], today: "2026-01-05")
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("Its payment is series 1"))
        let series = try objects(try kassa(["recurring", "--json"], today: "2026-01-05").output)
        #expect(series.count == 1)
        #expect(series.first?["amount"] as? String == "108457.19")
        #expect(series.first?["account"] as? String == "cash")
        #expect(series.first?["start"] as? String == "2026-01-10")

        let due = try objects(try kassa(["due", "--json"], today: "2026-02-11").output)
        #expect(due.map { $0["date"] as? String } == ["2026-01-10", "2026-02-10"])
        // Never silently: a session that only ends saves nothing; Enter saves the batch.
        let ended = try kassa([], stdin: "", today: "2026-02-11")
        #expect(ended.output.contains("2 payments are due"))
        #expect(try carBalance("2026-02-11") == "-3000000.00")
        let saved = try kassa([], stdin: "\n", today: "2026-02-11")
        #expect(saved.output.contains("Saved 2 transactions"), "\(saved.output)")
        #expect(try carBalance("2026-02-11") == "-2783085.62")
        #expect(try objects(try kassa(["due", "--json"], today: "2026-02-11").output).isEmpty)
    }

    @Test func aGivenPaymentDayAndAccountAndALaterChange() throws {
        #expect(try kassa(["account", "add", "kaspi"], today: "2026-01-05").status == 0)
        let added = try kassa(["account", "add", "mortgage", "--kind", "loan", "--opening", "20000000", "--payment", "250000",
                               "--payment-day", "31", "--from", "kaspi"], today: "2026-02-03")
        #expect(added.status == 0, "\(added.error)")
        var series = try #require(try objects(try kassa(["recurring", "--json"], today: "2026-02-03").output).first)
        #expect(series["account"] as? String == "kaspi")
        #expect(series["next"] as? String == "2026-02-28")
        // In March the payment is on the 31st again (the series keeps its day).
        let due = try objects(try kassa(["due", "--json"], today: "2026-03-31").output)
        #expect(due.map { $0["date"] as? String } == ["2026-02-28", "2026-03-31"])
        // A new payment from 1 March on: February keeps its amount.
        #expect(try kassa(["account", "add", "mortgage", "--payment", "260000"], today: "2026-03-01").status == 0)
        let changed = try objects(try kassa(["due", "--json"], today: "2026-03-31").output)
        #expect(changed.map { $0["amount"] as? String } == ["250000.00", "260000.00"])
        series = try #require(try objects(try kassa(["recurring", "--json"], today: "2026-03-01").output).first)
        #expect(series["id"] as? String == "1")
        // One undo takes the change back.
        #expect(try kassa(["undo"], today: "2026-03-01").status == 0)
        #expect(try objects(try kassa(["due", "--json"], today: "2026-03-31").output).map { $0["amount"] as? String }
            == ["250000.00", "250000.00"])
    }

    @Test func archivingTheLoanStopsItsPaymentsAndMistakesAreUsageErrors() throws {
        #expect(try kassa(["account", "add", "car", "--kind", "loan", "--opening", "1000000", "--payment", "50000"],
                          today: "2026-01-05").status == 0)
        #expect(try kassa(["account", "archive", "car"], today: "2026-01-06").status == 0)
        #expect(try objects(try kassa(["due", "--json"], today: "2026-03-20").output).isEmpty)
        #expect(try kassa(["account", "unarchive", "car"], today: "2026-03-20").status == 0)
        // Resumed from today: what fell due while archived is not asked for.
        #expect(try objects(try kassa(["due", "--json"], today: "2026-04-06").output).map { $0["date"] as? String } == ["2026-04-05"])

        #expect(try kassa(["account", "add", "wallet", "--payment-day", "5"], today: "2026-01-05").status == 2)
        #expect(try kassa(["account", "add", "car", "--payment-day", "40"], today: "2026-01-05").status == 2)
        #expect(try kassa(["account", "add", "car", "--from", "car"], today: "2026-01-05").status == 2)
    }
}
