// What `kassa import` says about a file beyond its rows: with --json a refused file still writes
// its JSON on stdout (each bad row and the refusal), and the dry-run preview of a long file ends
// with "… and N more" and the count and totals of every row, not only of the five shown.

import Foundation
import Testing
import KassaTestSupport

@Suite struct ImportOutputTests {
    let home = TestSupport.makeTemporaryDirectory("import-output")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", "2026-04-01", "--lang", "en"], environment: env)
    }

    func file(badRow: Bool) throws -> String {
        let file = path(badRow ? "bad.csv" : "good.csv")
        var text = "date,amount,note\n"
        for day in 1...8 { text += "2026-03-0\(day),-\(day)00,shop \(day)\n" }
        if badRow { text += "yesterday,-1,broken\n" }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func importJSONWithABadRowStillWritesItsJSONOnStdout() throws {
        let refused = try kassa(["import", try file(badRow: true), "--json", "--yes", "--file", path("a.kassa")])
        #expect(refused.status == 1)
        let objects = refused.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(!objects.isEmpty, "stdout: \(refused.output)")
        #expect(objects.contains { $0["code"] as? String == "import.bad-row" && ($0["message"] as? String)?.contains("line 10") == true },
                "\(objects)")
        #expect(objects.contains { $0["code"] as? String == "import.bad-rows" }, "\(objects)")
        // The person still reads the complaint on stderr.
        #expect(refused.error.contains("line 10: not a date: \"yesterday\""), "\(refused.error)")
        // With --skip-bad the bad row is on stdout too, beside what was imported.
        let skipped = try kassa(["import", try file(badRow: true), "--json", "--yes", "--skip-bad", "--file", path("b.kassa")])
        #expect(skipped.status == 0)
        #expect(skipped.output.contains("\"code\": \"import.bad-row\""), "\(skipped.output)")
        #expect(skipped.output.contains("Imported 8 transactions."), "\(skipped.output)")
    }

    @Test func theDryRunPreviewSaysHowManyMoreAndTotalsEveryRow() throws {
        let dry = try kassa(["import", try file(badRow: false), "--dry-run", "--file", path("c.kassa")])
        #expect(dry.status == 0)
        #expect(dry.output.contains("shop 5"), "\(dry.output)")
        #expect(!dry.output.contains("shop 6"), "\(dry.output)")
        #expect(dry.output.contains("… and 3 more"), "\(dry.output)")
        // 100 + 200 + … + 800 = 3,600 over the 8 rows (the 5 shown make 1,500).
        #expect(dry.output.contains("8 transactions · total −₸3,600.00"), "\(dry.output)")
        #expect(!dry.output.contains("5 transactions · total"), "\(dry.output)")
        let json = try kassa(["import", try file(badRow: false), "--dry-run", "--json", "--file", path("d.kassa")])
        #expect(json.output.contains("\"code\": \"import.preview.more\", \"message\": \"… and 3 more\""), "\(json.output)")
    }
}
