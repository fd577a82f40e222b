// AskBench: `kassa-bench ask` — questions over a large journal (release build).
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench ask [--size 1000000] [--dir DIR] [--runs 5] [--keep]
//
// A child writes a journal of --size generated transactions (StoreBench's data: five years to
// 2026-11-20, four currencies, so answers convert at rates), USD/EUR/RUB rates, a groceries
// budget and two subscriptions. Then each question below — every kind, English and Russian — is
// asked through the binary (`kassa ask --json`) as a child process; the figure is its CPU time
// minus that of `kassa list --from 2100-01-01` (open + an empty query): "beyond opening the
// journal", whose bar is 0.3 s.

import Foundation
import KassaCore
import KassaLedger
import KassaStore

enum AskBench {
    static let today = CivilDate(year: 2026, month: 11, day: 20)!

    static let questions = [
        "how much did I spend on coffee this month?",
        "сколько ушло на такси в феврале",
        "how much did I spend in the last 30 days",
        "how many times did I take a taxi this year",
        "what's my average spending per day this month",
        "biggest expenses this week",
        "на что больше всего трачу за всё время",
        "how much more than last month?",
        "what's my kaspi balance?",
        "what's left of my groceries budget?",
        "when is netflix due?",
        "how much do my subscriptions cost per month",
        "when did I last pay for internet?",
        "how much did I spend on dana birthday",
    ]

    static func run(arguments: [String]) {
        if arguments.first == "--phase-write" {
            writePhase(size: Int(arguments[1]) ?? 0, path: arguments[2])
            return
        }
        var size = 1_000_000, runs = 5, keep = false
        var directory = NSTemporaryDirectory() + "kassa-bench-ask-\(getpid())"
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": size = Int(value) ?? size; i += 1
            case "--dir": directory = value; i += 1
            case "--runs": runs = max(1, Int(value) ?? runs); i += 1
            case "--keep": keep = true
            default:
                print("usage: kassa-bench ask [--size N] [--dir DIR] [--runs N] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        let path = "\(directory)/ask-\(size).kassa"
        print("kassa-bench ask — \(size) transactions, journal \(path)")
        StoreBench.flushOutput()
        if !FileManager.default.fileExists(atPath: path) {
            _ = StoreBench.spawn(StoreBench.selfPath(), ["ask", "--phase-write", String(size), path], output: nil)
            sync()
        }
        let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("  (no kassa binary beside kassa-bench: build it with swift build -c release)")
            return
        }
        let common = ["--file", path, "--today", today.iso]
        // The first open after writing makes the journal's snapshot: not part of any question.
        _ = ReportBench.cpuSpawn(kassa, ["list", "--from", "2100-01-01"] + common)
        let open = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, ["list", "--from", "2100-01-01"] + common) }
        print(StoreBench.line("binary: open (empty list)", String(format: "cpu %.3f s, wall %.3f s", open.cpu, open.wall), ok: nil, goal: ""))
        var worst = 0.0
        for question in questions {
            let run = ReportBench.medianRun(runs) { ReportBench.cpuSpawn(kassa, ["ask", "--json", question] + common) }
            worst = max(worst, run.cpu - open.cpu)
            print(StoreBench.line("ask “\(question)”", String(format: "cpu %.3f s (beyond opening %.3f s), wall %.3f s",
                                                               run.cpu, run.cpu - open.cpu, run.wall),
                                  ok: run.cpu - open.cpu <= 0.3, goal: "≤ 0.3 s cpu beyond opening"))
            StoreBench.flushOutput()
        }
        print(StoreBench.line("slowest question", String(format: "%.3f s beyond opening", worst), ok: worst <= 0.3, goal: "≤ 0.3 s"))
    }

    static func writePhase(size: Int, path: String) {
        do {
            let transactions = StoreBench.generate(count: size, seed: 42)
            try? FileManager.default.removeItem(atPath: path)
            let journal = try Journal.open(path: path)
            try journal.append(transactions: transactions, batchSize: 50_000)
            var objects: [ObjectRecord] = [
                Budget(category: "food/groceries", limit: Money(major: 150_000, currency: .kzt)!, since: today).record,
                Series(id: 1, note: "netflix", amount: Money(major: 4_990, currency: .kzt)!, category: "subscriptions",
                       frequency: .monthly, start: CivilDate(year: 2025, month: 1, day: 15)!, kind: .subscription).record,
                Series(id: 2, note: "spotify", amount: Money(major: 2_490, currency: .kzt)!, category: "subscriptions",
                       frequency: .monthly, start: CivilDate(year: 2025, month: 3, day: 3)!, kind: .subscription).record,
            ]
            for (code, rate) in [("USD", 450), ("EUR", 490), ("RUB", 5)] {
                for month in 0..<61 {
                    let date = CivilDate(year: 2021 + (10 + month) / 12, month: (10 + month) % 12 + 1, day: 1)!
                    objects.append(ExchangeRate(currency: Currency(code: code)!, base: .kzt,
                                                micros: Int64(rate + month % 7) * 1_000_000, date: date).record)
                }
            }
            try journal.write(objects)
        } catch {
            print("  failed: \(error)")
        }
        StoreBench.flushOutput()
    }
}
