// BudgetBench: `kassa-bench budget` — budgets over a large journal (release build).
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench budget [--size 1000000] [--budgets 50] [--dir DIR] [--runs 5] [--saves 200] [--keep]
//
// A child writes a journal of --size generated transactions (StoreBench's data: five years to
// 2026-11-20, four currencies), --budgets budgets (every category of the data, their parents,
// and categories the data never uses; weekly, monthly with reset days, yearly; a third roll
// over from the first day, so their window is all five years) and USD/EUR/RUB rates. Then:
//   in process  Journal.open, the budgets' first pass (BudgetBook), and the state after a save
//               (the incremental path: commit one expense, then `afterSave` — only the latter
//               is timed; the commit's fsync is the journal's cost, not the budgets'), --saves times;
//   binary      `kassa budget` and `kassa budget --json` as child processes, CPU time minus
//               that of `kassa list --from 2100-01-01` (open + an empty query): "beyond opening".

import Foundation
import KassaCore
import KassaLedger
import KassaShell
import KassaStore

enum BudgetBench {
    static let today = CivilDate(year: 2026, month: 11, day: 20)!

    static func run(arguments: [String]) {
        if arguments.first == "--phase-write" {
            writePhase(size: Int(arguments[1]) ?? 0, budgets: Int(arguments[2]) ?? 50, path: arguments[3])
            return
        }
        var size = 1_000_000, budgets = 50, runs = 5, saves = 200, keep = false
        var directory = NSTemporaryDirectory() + "kassa-bench-budget-\(getpid())"
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": size = Int(value) ?? size; i += 1
            case "--budgets": budgets = Int(value) ?? budgets; i += 1
            case "--dir": directory = value; i += 1
            case "--runs": runs = max(1, Int(value) ?? runs); i += 1
            case "--saves": saves = max(1, Int(value) ?? saves); i += 1
            case "--keep": keep = true
            default:
                print("usage: kassa-bench budget [--size N] [--budgets N] [--dir DIR] [--runs N] [--saves N] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        let path = "\(directory)/budget-\(size).kassa"
        print("kassa-bench budget — \(size) transactions, \(budgets) budgets, journal \(path)")
        StoreBench.flushOutput()
        _ = StoreBench.spawn(StoreBench.selfPath(), ["budget", "--phase-write", String(size), String(budgets), path], output: nil)
        sync()
        inProcess(path: path, saves: saves)
        let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("  (no kassa binary beside kassa-bench: build it with swift build -c release)")
            return
        }
        // The in-process saves added transactions; the binary reads the same journal.
        let common = ["--file", path, "--today", today.iso]
        let open = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, ["list", "--from", "2100-01-01"] + common) }
        print(StoreBench.line("binary: open (empty list)", String(format: "cpu %.3f s, wall %.3f s", open.cpu, open.wall), ok: nil, goal: ""))
        for (arguments, label) in [(["budget"], "kassa budget"), (["budget", "--json"], "kassa budget --json")] {
            let run = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, arguments + common) }
            print(StoreBench.line(label, String(format: "cpu %.3f s (beyond opening %.3f s), wall %.3f s",
                                                run.cpu, run.cpu - open.cpu, run.wall),
                                  ok: run.cpu - open.cpu <= 0.3, goal: "≤ 0.3 s cpu beyond opening"))
            StoreBench.flushOutput()
        }
    }

    /// The budgets: every category of the data, their parents, then unused ones, up to `count`.
    static func budgets(_ count: Int) -> [Budget] {
        var slugs = StoreBench.categories
        for slug in StoreBench.categories {
            if let slash = slug.firstIndex(of: "/"), !slugs.contains(String(slug[..<slash])) { slugs.append(String(slug[..<slash])) }
        }
        var extra = 1
        while slugs.count < count { slugs.append("unused/\(extra)"); extra += 1 }
        let first = CivilDate(year: 2021, month: 11, day: 21)!
        return slugs.prefix(count).enumerated().map { index, slug in
            let frequency: Budget.Frequency = index % 5 == 0 ? .weekly : index % 7 == 0 ? .yearly : .monthly
            return Budget(category: slug, limit: Money(major: Int64(20_000 + index * 5_000), currency: .kzt)!,
                          frequency: frequency, resetDay: frequency == .monthly ? 1 + index % 28 : 1,
                          rollover: index % 3 == 0, since: index % 3 == 0 ? first : today)
        }
    }

    static func writePhase(size: Int, budgets count: Int, path: String) {
        do {
            let transactions = StoreBench.generate(count: size, seed: 42)
            try? FileManager.default.removeItem(atPath: path)
            let journal = try Journal.open(path: path)
            try journal.append(transactions: transactions, batchSize: 50_000)
            try journal.write(budgets(count).map(\.record))
            var rates: [ObjectRecord] = []
            for (code, rate) in [("USD", 450), ("EUR", 490), ("RUB", 5)] {
                // A rate per month for five years.
                for month in 0..<61 {
                    let date = CivilDate(year: 2021 + (10 + month) / 12, month: (10 + month) % 12 + 1, day: 1)!
                    rates.append(ExchangeRate(currency: Currency(code: code)!, base: .kzt,
                                              micros: Int64(rate + month % 7) * 1_000_000, date: date).record)
                }
            }
            try journal.write(rates)
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }

    static func inProcess(path: String, saves: Int) {
        do {
            var start = StoreBench.now()
            let journal = try Journal.open(path: path)
            print(StoreBench.line("open", String(format: "%.3f s (%d transactions)", StoreBench.now() - start, journal.count),
                                  ok: nil, goal: ""))
            let book = BudgetBook(journal: journal, today: today, base: .kzt, weekStart: 1)
            start = StoreBench.now()
            let tracker = book.current()
            let build = StoreBench.now() - start
            print(StoreBench.line("first pass (\(tracker.budgets.count) budgets)",
                                  String(format: "%.1f ms", build * 1000), ok: build <= 0.3, goal: "≤ 0.3 s"))
            start = StoreBench.now()
            let statuses = try tracker.statuses()
            print(StoreBench.line("every status", String(format: "%.3f ms (%d over)", (StoreBench.now() - start) * 1000,
                                                                                statuses.filter(\.over).count), ok: nil, goal: ""))
            var times: [Double] = []
            let categories = ["food/groceries", "transport/taxi", "food/coffee", "utilities/water", "gifts"]
            for k in 0..<saves {
                let draft = Draft(amount: Money(major: Int64(100 + k), currency: k % 4 == 0 ? Currency(code: "USD")! : .kzt),
                                  date: today, category: categories[k % categories.count], account: "cash", note: "bench")
                let before = journal.changeCount
                let saved = try journal.commit([draft], input: "bench")
                start = StoreBench.now()
                let state = book.afterSave(saved, changesBefore: before)
                times.append(StoreBench.now() - start)
                precondition(!state.isEmpty)
            }
            times.sort()
            let p50 = times[times.count / 2], p99 = times[min(times.count - 1, times.count * 99 / 100)], worst = times.last!
            print(StoreBench.line("state after a save (×\(saves))",
                                  String(format: "median %.3f ms, p99 %.3f ms, max %.3f ms", p50 * 1000, p99 * 1000, worst * 1000),
                                  ok: p99 <= 0.001, goal: "≤ 1 ms"))
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }
}
