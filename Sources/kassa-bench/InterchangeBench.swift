// InterchangeBench: `kassa-bench interchange` — kassa export and kassa import at a million
// transactions, through the real `kassa` binary beside kassa-bench (release build):
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench interchange [--size 1000000] [--dir DIR] [--hledger-max N] [--ledger-max N] [--keep]
//
// It generates the transactions (StoreBench.generate: seeded, five years, six accounts, four
// currencies), writes them as one journal, then times in child processes: `kassa export
// --format F -o FILE` for every format (goal ≤ 2 s each), `kassa import FILE --yes` of the CSV
// (goal ≤ 3 s), the app's CSV and the jsonl backup into empty journals; and beside them
// `ledger csv` and `hledger print -O csv` on the same data when they are installed (hledger
// only up to --hledger-max transactions: it needs several GB at a million; ledger up to
// --ledger-max, default all: ledger csv of a million took 237 s and 3.6 GB here).

import Foundation
import KassaCore
import KassaStore
import KassaInterchange

enum InterchangeBench {
    static func run(arguments: [String]) {
        if arguments.first == "--phase-generate" {
            generate(size: Int(arguments[1]) ?? 0, journal: arguments[2])
            return
        }
        guard let bench = BenchRun.start("interchange", arguments: arguments, size: 1_000_000,
                                         valueOptions: ["--hledger-max", "--ledger-max"]) else { return }
        defer { bench.finish() }
        let (size, directory, kassa) = (bench.size, bench.directory, bench.kassa)
        let hledgerMax = bench.value("--hledger-max", or: 100_000), ledgerMax = bench.value("--ledger-max", or: Int.max)
        print("kassa-bench interchange — \(size) transactions in \(directory)")
        let journal = "\(directory)/journal.kassa"
        // Generated in a child: a parent holding a million transactions would pass its peak RSS
        // on to every child it spawns (see StoreBench.bench).
        let generated = StoreBench.spawn(StoreBench.selfPath(), ["interchange", "--phase-generate", String(size), journal], output: nil)
        guard generated.status == 0 else {
            print("  failed to generate the journal")
            return
        }
        sync()
        StoreBench.flushOutput()
        let common = ["--file", journal, "--today", "2026-03-20"]
        for format in FormatCatalog.exportNames {
            let out = "\(directory)/export.\(format)"
            let run = StoreBench.spawn(kassa, ["export", "--format", format, "-o", out] + common, output: "/dev/null")
            let bytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            print(StoreBench.line("export \(format)", String(format: "%.2f s, %.0f MB, peak RSS %.0f MB, exit %d",
                                                             run.seconds, Double(bytes) / 1e6, run.peakMB, run.status),
                                  ok: run.status == 0 && run.seconds <= 2, goal: "≤ 2 s"))
            StoreBench.flushOutput()
        }
        for (format, goal) in [("csv", 3.0), ("tenra", 0), ("jsonl", 0)] {
            let target = "\(directory)/import-\(format).kassa"
            try? FileManager.default.removeItem(atPath: target)
            BenchRun.timed("import \(format)", kassa, ["import", "\(directory)/export.\(format)", "--format", format, "--yes",
                                                     "--file", target, "--today", "2026-03-20"],
                           ok: { goal > 0 ? $0.status == 0 && $0.seconds <= goal : nil }, goal: goal > 0 ? "≤ 3 s" : "")
        }
        for (tool, arguments, allowed) in [("ledger", ["-f", "\(directory)/export.ledger", "csv"], size <= ledgerMax),
                                            ("hledger", ["-f", "\(directory)/export.hledger", "print", "-O", "csv"], size <= hledgerMax)] {
            guard let executable = StoreBench.which(tool) else {
                print(StoreBench.line(tool, "not installed", ok: nil, goal: ""))
                continue
            }
            guard allowed else {
                print(StoreBench.line(tool, "skipped at this size (--\(tool)-max)", ok: nil, goal: ""))
                continue
            }
            BenchRun.timed(([tool] + arguments.suffix(arguments.count - 2)).joined(separator: " "), executable, arguments)
        }
    }

    /// Child: the journal of `size` generated transactions.
    static func generate(size: Int, journal: String) {
        do {
            let transactions = StoreBench.generate(count: size, seed: 42)
            try? FileManager.default.removeItem(atPath: journal)
            try Journal.create(path: journal, transactions: transactions, changeSize: 50_000)
        } catch {
            print("  failed: \(error)")
            exit(1)
        }
    }
}
