// RecurringBench: `kassa-bench recurring` — series on a large journal (release build).
//
//     swift build -c release --static-swift-stdlib --product kassa --product kassa-bench
//     .build/release/kassa-bench recurring [--size 1000000] [--series 200] [--runs 5] [--dir DIR] [--keep]
//
// Writes ReportBench's journal of `size` transactions (today 2026-11-20), then `series` series
// (monthly, weekly, quarterly, yearly, some paused; half subscriptions) started two years back
// with every occurrence settled except the last few weeks', as object records. Measures
//   in process   Journal.open, then Session.start() — the due check, reminders and the batch a
//                session shows — beyond opening (goal ≤ 50 ms), and the overview of :recurring;
//   binary       `kassa due --json` and `kassa recurring --json` CPU time, whole and beyond
//                `kassa list --from 2100-01-01` (open + empty query) (goal: due ≤ 0.3 s).

import Foundation
import KassaCore
import KassaStore
import KassaLedger
import KassaShell

enum RecurringBench {
    static let today = ReportBench.today

    static func run(arguments: [String]) {
        var size = 1_000_000, count = 200, runs = 5, keep = false
        var directory = NSTemporaryDirectory() + "kassa-bench-recurring-\(getpid())"
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": size = Int(value) ?? size; i += 1
            case "--series": count = Int(value) ?? count; i += 1
            case "--runs": runs = max(1, Int(value) ?? runs); i += 1
            case "--dir": directory = value; i += 1
            case "--keep": keep = true
            default:
                print("usage: kassa-bench recurring [--size N] [--series N] [--runs N] [--dir DIR] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        print("kassa-bench recurring — \(size) transactions, \(count) series, \(runs) runs each, median")
        StoreBench.flushOutput()
        let path = "\(directory)/report-\(size).kassa"
        if !FileManager.default.fileExists(atPath: path) {
            _ = StoreBench.spawn(StoreBench.selfPath(), ["report", "--phase-write", String(size), directory, "0"], output: nil)
        }
        do {
            let journal = try Journal.open(path: path)
            if journal.objects(Series.kind).isEmpty { try addSeries(count, to: journal) }
        } catch {
            print("  failed: \(error)")
            return
        }
        inProcess(path: path, runs: runs)
        let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("  (no kassa binary beside kassa-bench)")
            return
        }
        let common = ["--file", path, "--today", today.iso]
        let open = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, ["list", "--from", "2100-01-01"] + common) }
        print(StoreBench.line("binary: open (empty list)", String(format: "cpu %.3f s, wall %.3f s", open.cpu, open.wall), ok: nil, goal: ""))
        for (arguments, label) in [(["due", "--json"], "due --json"), (["due", "--json", "--days", "30"], "due --json --days 30"),
                                   (["recurring", "--json"], "recurring --json")] {
            let run = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, arguments + common) }
            print(StoreBench.line(label, String(format: "cpu %.3f s (beyond opening %.3f s), wall %.3f s", run.cpu, run.cpu - open.cpu, run.wall),
                                  ok: run.cpu - open.cpu <= 0.3, goal: "≤ 0.3 s cpu beyond opening"))
        }
        StoreBench.flushOutput()
    }

    /// `count` series started two years before today, every occurrence settled up to three weeks
    /// ago (so a few are due and a few come up), written in a handful of changes.
    static func addSeries(_ count: Int, to journal: Journal) throws {
        let frequencies: [Recurrence] = [.monthly, .monthly, .weekly, .quarterly, .yearly]
        var records: [ObjectRecord] = []
        let start = today.adding(days: -730)
        for n in 1...count {
            let series = Series(
                id: n, note: "series \(n)", amount: Money(minorUnits: Int64(100_000 + n * 1_000), currency: .kzt),
                category: n % 2 == 0 ? "subscriptions" : "housing/rent", frequency: frequencies[n % frequencies.count],
                start: start.adding(days: n % 28), status: n % 10 == 0 ? .paused : .active,
                kind: n % 2 == 0 ? .subscription : .generic)
            records.append(series.record)
            for date in series.schedule.dates(from: series.start, through: today.adding(days: -21)) {
                records.append(Occurrence(series: n, date: date, status: .saved, transaction: n).record)
            }
        }
        for k in stride(from: 0, to: records.count, by: 5_000) {
            try journal.write(Array(records[k..<min(k + 5_000, records.count)]))
        }
        print(StoreBench.line("series written", "\(count) series, \(records.count - count) occurrence records", ok: nil, goal: ""))
    }

    static func inProcess(path: String, runs: Int) {
        do {
            let resources = try ResourceLocator(dataDirectory: nil, environment: [:]).load(languages: [.en])
            let parser = Parser(grammar: Grammar.load(resources.grammarSources).0)
            var opens: [Double] = [], starts: [Double] = [], overviews: [Double] = []
            var asked = 0
            for _ in 0..<runs {
                let t0 = StoreBench.now()
                let journal = try Journal.open(path: path)
                let t1 = StoreBench.now()
                let session = Session(configuration: Session.Configuration(today: today, language: .en), parser: parser,
                                      words: resources.commandWords, journal: journal)
                let events = session.start()
                let t2 = StoreBench.now()
                asked = session.pending.count
                _ = events
                let series = journal.objects(Series.kind).compactMap(Series.init(record:))
                _ = try RecurringOverview.compute(series, settled: DueOccurrences.settled(journal.objects(Occurrence.kind)), today: today)
                let t3 = StoreBench.now()
                opens.append(t1 - t0); starts.append(t2 - t1); overviews.append(t3 - t2)
            }
            func med(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            print(StoreBench.line("in process: open", String(format: "%.3f s", med(opens)), ok: nil, goal: ""))
            print(StoreBench.line("in process: session start (due + reminders)",
                                  String(format: "%.1f ms, %d drafts in the batch", med(starts) * 1000, asked),
                                  ok: med(starts) <= 0.05, goal: "≤ 50 ms beyond opening"))
            print(StoreBench.line("in process: :recurring overview", String(format: "%.1f ms", med(overviews) * 1000), ok: med(overviews) <= 0.3, goal: "≤ 0.3 s"))
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }
}
