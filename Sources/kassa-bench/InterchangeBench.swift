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
        var size = 1_000_000
        var ledgerMax = Int.max
        var directory = NSTemporaryDirectory() + "kassa-bench-interchange-\(getpid())"
        var hledgerMax = 100_000
        var keep = false
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": size = Int(value) ?? size; i += 1
            case "--dir": directory = value; i += 1
            case "--hledger-max": hledgerMax = Int(value) ?? hledgerMax; i += 1
            case "--ledger-max": ledgerMax = Int(value) ?? ledgerMax; i += 1
            case "--keep": keep = true
            default:
                print("usage: kassa-bench interchange [--size N] [--dir DIR] [--hledger-max N] [--ledger-max N] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("kassa-bench interchange: \(kassa) is missing; build the kassa product too")
            return
        }
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
            let run = StoreBench.spawn(kassa, ["import", "\(directory)/export.\(format)", "--format", format, "--yes",
                                               "--file", target, "--today", "2026-03-20"], output: "/dev/null")
            print(StoreBench.line("import \(format)", String(format: "%.2f s, peak RSS %.0f MB, exit %d", run.seconds, run.peakMB, run.status),
                                  ok: goal > 0 ? run.status == 0 && run.seconds <= goal : nil, goal: goal > 0 ? "≤ 3 s" : ""))
            StoreBench.flushOutput()
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
            let run = StoreBench.spawn(executable, arguments, output: "/dev/null")
            print(StoreBench.line(([tool] + arguments.suffix(arguments.count - 2)).joined(separator: " "),
                                  String(format: "%.2f s, peak RSS %.0f MB, exit %d", run.seconds, run.peakMB, run.status),
                                  ok: nil, goal: ""))
            StoreBench.flushOutput()
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
