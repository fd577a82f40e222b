// ReportBench: `kassa-bench report` — every report over a large journal (release build).
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench report [--sizes 1000000] [--dir DIR] [--runs 5] [--no-interop]
//                                       [--hledger-max N] [--keep]
//
// For each size it writes a journal of that many generated transactions (StoreBench's data:
// five years to 2026-11-20, six accounts, four currencies, the default categories) and its
// ledger-format export, then measures
//   in process   Journal.open once, then each report's numbers (KassaLedger) — median of runs;
//   binary       `kassa report KIND --json` and `kassa report spending` (text, which also loads
//                the grammar for category names) run as child processes, median wall time, and
//                the same minus `kassa list --from 2100-01-01` (open + an empty query): the
//                report's own cost "beyond opening it", which the goal (≤ 0.3 s) is about;
//   hledger/ledger `hledger bal -M` and `ledger bal --monthly` on the same data, if installed
//                (hledger only up to --hledger-max: at 1M it needs ~6.5 GB), with the ratio to
//                `kassa report cashflow` (whole run, open included).

import Foundation
import KassaCore
import KassaStore
import KassaLedger
import KassaInterchange

enum ReportBench {
    static let today = CivilDate(year: 2026, month: 11, day: 20)!
    static let kinds = ["spending", "income", "cashflow", "trend", "insights", "health"]

    static func run(arguments: [String]) {
        if arguments.first == "--phase-write" {
            writePhase(size: Int(arguments[1]) ?? 0, directory: arguments[2], interop: arguments[3] == "1")
            return
        }
        var sizes = [1_000_000]
        var directory = NSTemporaryDirectory() + "kassa-bench-report-\(getpid())"
        var runs = 5
        var interop = true
        var hledgerMax = 100_000
        var keep = false
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }; i += 1
            case "--dir": directory = value; i += 1
            case "--runs": runs = max(1, Int(value) ?? runs); i += 1
            case "--hledger-max": hledgerMax = Int(value) ?? hledgerMax; i += 1
            case "--no-interop": interop = false
            case "--keep": keep = true
            default:
                print("usage: kassa-bench report [--sizes N,N] [--dir DIR] [--runs N] [--no-interop] [--hledger-max N] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        print("kassa-bench report — journals in \(directory), \(runs) runs each, median")
        for size in sizes {
            bench(size: size, directory: directory, runs: runs, interop: interop, hledger: size <= hledgerMax)
        }
    }

    static func bench(size: Int, directory: String, runs: Int, interop: Bool, hledger: Bool) {
        print("\n== \(size) transactions ==")
        StoreBench.flushOutput()
        // Generating holds every transaction in memory: a child does it, so this process stays small.
        _ = StoreBench.spawn(StoreBench.selfPath(), ["report", "--phase-write", String(size), directory, interop ? "1" : "0"], output: nil)
        sync()
        let path = "\(directory)/report-\(size).kassa"
        inProcess(path: path, runs: runs)
        let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("  (no kassa binary beside kassa-bench: build it with swift build -c release)")
            return
        }
        let common = ["--file", path, "--today", today.iso]
        // CPU time (user + system) of the child is what the comparison uses: on a shared machine
        // the wall time swings by a second from run to run; both are printed.
        let open = medianRun(runs) { cpuSpawn(kassa, ["list", "--from", "2100-01-01"] + common) }
        print(StoreBench.line("binary: open (empty list)", String(format: "cpu %.3f s, wall %.3f s", open.cpu, open.wall), ok: nil, goal: ""))
        var cashflow = 0.0
        var commands = kinds.map { (["report", $0, "--json"], "report \($0) --json") }
        commands.append((["report", "spending", "--width", "80"], "report spending (text)"))
        for (arguments, label) in commands {
            let run = medianRun(runs) { cpuSpawn(kassa, arguments + common) }
            if label == "report cashflow --json" { cashflow = run.wall }
            print(StoreBench.line(label, String(format: "cpu %.3f s (beyond opening %.3f s), wall %.3f s", run.cpu, run.cpu - open.cpu,
                                                run.wall),
                                  ok: run.cpu - open.cpu <= 0.3, goal: "≤ 0.3 s cpu beyond opening"))
            StoreBench.flushOutput()
        }
        guard interop else { return }
        let ledgerPath = "\(directory)/report-\(size).journal"
        for (tool, arguments, allowed) in [("hledger", ["bal", "-M"], hledger), ("ledger", ["bal", "--monthly"], true)] {
            guard let executable = StoreBench.which(tool) else {
                print(StoreBench.line(tool, "not installed", ok: nil, goal: ""))
                continue
            }
            guard allowed else {
                print(StoreBench.line(tool, "skipped at this size (--hledger-max)", ok: nil, goal: ""))
                continue
            }
            let run = StoreBench.spawn(executable, ["-f", ledgerPath] + arguments, output: "/dev/null")
            print(StoreBench.line("\(tool) \(arguments.joined(separator: " "))",
                                  String(format: "%.2f s, peak RSS %.0f MB, exit %d — %.0f× kassa report cashflow",
                                         run.seconds, run.peakMB, run.status, run.seconds / max(cashflow, 1e-9)),
                                  ok: nil, goal: ""))
            StoreBench.flushOutput()
        }
    }

    /// Child: generate, write the journal (bulk) and the ledger export.
    static func writePhase(size: Int, directory: String, interop: Bool) {
        do {
            let transactions = StoreBench.generate(count: size, seed: 42)
            let path = "\(directory)/report-\(size).kassa"
            try? FileManager.default.removeItem(atPath: path)
            let journal = try Journal.open(path: path)
            try journal.append(transactions: transactions, batchSize: 50_000)
            if interop { try StoreBench.exportLedger(transactions, to: "\(directory)/report-\(size).journal") }
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }

    /// Opens the journal once and times each report's numbers.
    static func inProcess(path: String, runs: Int) {
        do {
            let start = StoreBench.now()
            let journal = try Journal.open(path: path)
            print(StoreBench.line("in process: open", String(format: "%.3f s (%d transactions)", StoreBench.now() - start, journal.count),
                                  ok: nil, goal: ""))
            let month = Period.month(containing: today)
            let year = CashflowReport.defaultPeriod(today: today)
            let reports: [(String, () throws -> Void)] = [
                ("source (all ids)", { _ = journal.source() }),
                ("spending", { _ = try CategoryReport.compute(journal.source(), type: .expense, period: month, grouping: .category, today: today) }),
                ("spending --by month", { _ = try CategoryReport.compute(journal.source(), type: .expense, period: year, grouping: .month, today: today) }),
                ("income", { _ = try CategoryReport.compute(journal.source(), type: .income, period: month, grouping: .category, today: today) }),
                ("cashflow", { _ = try CashflowReport.compute(journal.source(), period: year, today: today) }),
                ("trend", { _ = try TrendReport.compute(journal.source(), period: year, category: nil, today: today) }),
                ("insights", { _ = try Insights.compute(journal.source(), today: today) }),
                ("health", { _ = try HealthScore.compute(journal.source(), today: today) }),
            ]
            for (label, body) in reports {
                var failure: (any Error)?
                // The first run separately: anything built lazily on first use shows here.
                let first = StoreBench.now()
                do { try body() } catch { failure = error }
                let firstSeconds = StoreBench.now() - first
                let seconds = median(runs) {
                    let start = StoreBench.now()
                    do { try body() } catch { failure = error }
                    return StoreBench.now() - start
                }
                if let failure { print("  \(label) failed: \(failure)") }
                print(StoreBench.line("in process: " + label, String(format: "%.1f ms (first run %.1f ms)", seconds * 1000,
                                                                     firstSeconds * 1000),
                                      ok: max(seconds, firstSeconds) <= 0.3, goal: "≤ 0.3 s"))
            }
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }

    /// The run with the median CPU time.
    static func medianRun(_ runs: Int, _ body: () -> (cpu: Double, wall: Double)) -> (cpu: Double, wall: Double) {
        let all = (0..<runs).map { _ in body() }.sorted { $0.cpu < $1.cpu }
        return all[all.count / 2]
    }

    /// posix_spawn + wait4 with output to /dev/null: the child's CPU time and wall time.
    static func cpuSpawn(_ executable: String, _ arguments: [String]) -> (cpu: Double, wall: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = StoreBench.now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (0, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = StoreBench.now() - start
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return (cpu, wall)
    }

    static func median(_ runs: Int, _ body: () -> Double) -> Double {
        let times = (0..<runs).map { _ in body() }.sorted()
        return times[times.count / 2]
    }
}
