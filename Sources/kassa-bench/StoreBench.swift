// StoreBench: `kassa-bench store` — the journal at lifetime scale (release build).
//
//     swift build -c release --product kassa-bench
//     .build/release/kassa-bench store [--sizes 100000,1000000] [--dir DIR] [--commits 200]
//                                      [--no-interop] [--hledger-max N] [--keep]
//
// For each size it generates that many realistic transactions (seeded; five years, six
// accounts, four currencies, the default category tree) and measures, each heavy phase in its
// own child process:
//   bulk append   Journal.append(transactions:) in 50k batches, one fsync per batch (tx/s);
//   open+balance  a fresh child process opens a journal written as one commit per transaction
//                 (a lifetime of use; also the bulk-written file) and computes the balance; its
//                 wall time and its own peak RSS (getrusage ru_maxrss) are reported;
//   commit        one-draft commits incl. fdatasync on that journal: p50/p99/max;
//   undo          undo of those commits at full size (incl. fdatasync): p50/p99/max;
// The machine's other load shows directly in these numbers (fsync latency above all): the
// child's CPU time is printed beside the wall time of open+balance for that reason.
//   ledger/hledger `bal` on the same data exported to their journal format, if installed,
//                 with kassa's ratio (hledger only up to --hledger-max: at 1M it needs ~6.5 GB).

import Foundation
import KassaCore
import KassaStore
import KassaLedger
import KassaInterchange

enum StoreBench {
    static func run(arguments: [String]) {
        switch arguments.first {
        case "--open-child": openChild(path: arguments[1], out: arguments[2]); return
        case "--phase-write": writePhase(size: Int(arguments[1]) ?? 0, directory: arguments[2], interop: arguments[3] == "1"); return
        case "--phase-latency": latencyPhase(path: arguments[1], commits: Int(arguments[2]) ?? 200); return
        default: break
        }
        var sizes = [100_000, 1_000_000]
        var directory = NSTemporaryDirectory() + "kassa-bench-store-\(getpid())"
        var commits = 200
        var interop = true
        var hledgerMax = 100_000
        var keep = false
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }; i += 1
            case "--dir": directory = value; i += 1
            case "--commits": commits = Int(value) ?? commits; i += 1
            case "--hledger-max": hledgerMax = Int(value) ?? hledgerMax; i += 1
            case "--no-interop": interop = false
            case "--keep": keep = true
            default:
                print("usage: kassa-bench store [--sizes N,N] [--dir DIR] [--commits N] [--no-interop] [--hledger-max N] [--keep]")
                return
            }
            i += 1
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        print("kassa-bench store — journals in \(directory)")
        for size in sizes {
            do {
                try bench(size: size, directory: directory, commits: commits, interop: interop,
                          hledger: size <= hledgerMax)
            } catch {
                print("  failed: \(error)")
            }
        }
    }

    /// Each heavy phase runs in its own child process. Linux carries a process's peak RSS across
    /// exec, and a vfork-style spawn from a parent holding a million generated transactions would
    /// start the child at the parent's peak: so this parent stays small and measures children.
    static func bench(size: Int, directory: String, commits: Int, interop: Bool, hledger: Bool) throws {
        print("\n== \(size) transactions ==")
        flushOutput()
        let me = selfPath()
        _ = spawn(me, ["store", "--phase-write", String(size), directory, interop ? "1" : "0"], output: nil)
        let lifePath = "\(directory)/life-\(size).kassa"
        let bulkPath = "\(directory)/bulk-\(size).kassa"
        // Flush the ~350 MB the write phase left dirty, so background writeback of the generated
        // files does not land in the measurements below.
        sync()
        var kassaSeconds = 0.0
        for (label, path) in [("open+balance", lifePath), ("open+balance (bulk file)", bulkPath)] {
            let child = try openInChild(path: path, directory: directory)
            if label == "open+balance" { kassaSeconds = child.seconds }
            print(line(label, String(format: "%.3f s (open %.3f, balance %.3f), peak RSS %.0f MB, %@",
                                     child.seconds, child.open, child.balance, child.peakMB, child.summary),
                       ok: child.seconds < 1 && child.peakMB < 300, goal: "< 1 s, < 300 MB"))
        }
        flushOutput()
        if interop {
            let ledgerPath = "\(directory)/ledger-\(size).journal"
            for (tool, allowed) in [("ledger", true), ("hledger", hledger)] {
                guard let executable = which(tool) else {
                    print(line(tool, "not installed", ok: nil, goal: ""))
                    continue
                }
                guard allowed else {
                    print(line(tool, "skipped at this size (--hledger-max)", ok: nil, goal: ""))
                    continue
                }
                let run = spawn(executable, ["-f", ledgerPath, "bal"], output: "/dev/null")
                print(line("\(tool) bal", String(format: "%.2f s, peak RSS %.0f MB, exit %d — kassa open+balance is %.0f× faster",
                                                 run.seconds, run.peakMB, run.status, run.seconds / max(kassaSeconds, 1e-9)),
                           ok: nil, goal: ""))
                flushOutput()
            }
        }
        sync()
        _ = spawn(me, ["store", "--phase-latency", lifePath, String(commits)], output: nil)
    }

    /// Child: generate, time the bulk append, write the lifetime journal and the ledger export.
    static func writePhase(size: Int, directory: String, interop: Bool) {
        do {
            let transactions = generate(count: size, seed: 42)
            let bulkPath = "\(directory)/bulk-\(size).kassa"
            try? FileManager.default.removeItem(atPath: bulkPath)
            let bulk = try Journal.open(path: bulkPath)
            let bulkStart = now()
            try bulk.append(transactions: transactions, batchSize: 50_000)
            let bulkSeconds = now() - bulkStart
            let bulkRate = Double(size) / bulkSeconds
            print(line("bulk append", String(format: "%.2f s, %.0f tx/s (50k per batch, one fsync each)", bulkSeconds, bulkRate),
                       ok: bulkRate >= 500_000, goal: "≥ 500000 tx/s"))
            // A lifetime journal: one commit change per transaction.
            let lifePath = "\(directory)/life-\(size).kassa"
            try? FileManager.default.removeItem(atPath: lifePath)
            try Journal.create(path: lifePath, transactions: transactions, changeSize: 1)
            let fileSize = (try? FileManager.default.attributesOfItem(atPath: lifePath)[.size] as? Int) ?? 0
            print(line("journal size", String(format: "%.1f MB, one commit per transaction", Double(fileSize) / 1e6),
                       ok: nil, goal: ""))
            if interop { try exportLedger(transactions, to: "\(directory)/ledger-\(size).journal") }
        } catch {
            print("  failed: \(error)")
        }
        flushOutput()
    }

    /// Child: commit and undo latency on the full-size journal.
    static func latencyPhase(path: String, commits: Int) {
        do {
            let journal = try Journal.open(path: path)
            var commitTimes: [Double] = []
            var undoTimes: [Double] = []
            let day = CivilDate(year: 2026, month: 11, day: 21)!
            for k in 0..<commits {
                let draft = Draft(amount: Money(major: Int64(1000 + k), currency: .kzt), date: day,
                                  category: "food/coffee", account: "cash", note: "coffee")
                let start = now()
                _ = try journal.commit([draft], input: "coffee \(1000 + k)")
                commitTimes.append(now() - start)
            }
            for _ in 0..<commits {
                let start = now()
                _ = try journal.undo()
                undoTimes.append(now() - start)
            }
            let c = percentiles(commitTimes), u = percentiles(undoTimes)
            print(line("commit (incl. fsync)", String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d commits)", c.0, c.1, c.2,
                                                     commits), ok: c.1 < 5, goal: "p99 < 5 ms"))
            print(line("undo (incl. fsync)", String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms", u.0, u.1, u.2),
                       ok: u.1 < 5, goal: "< 5 ms"))
        } catch {
            print("  failed: \(error)")
        }
        flushOutput()
    }

    // MARK: the open+balance child

    struct ChildResult {
        var seconds: Double, open: Double, balance: Double, peakMB: Double, summary: String
    }

    static func openInChild(path: String, directory: String) throws -> ChildResult {
        let out = "\(directory)/child-\(UUID().uuidString).txt"
        let run = spawn(selfPath(), ["store", "--open-child", path, out], output: "/dev/null")
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: out)
        let fields = text.split(separator: " ").map(String.init)
        guard run.status == 0, fields.count >= 4 else {
            throw NSError(domain: "StoreBench", code: Int(run.status), userInfo: [NSLocalizedDescriptionKey: "child: \(text)"])
        }
        return ChildResult(seconds: Double(fields[0]) ?? 0, open: Double(fields[1]) ?? 0, balance: Double(fields[2]) ?? 0,
                           peakMB: Double(fields[3]).map { $0 / 1024 } ?? 0, summary: fields.dropFirst(4).joined(separator: " "))
    }

    static func openChild(path: String, out: String) {
        let start = now()
        do {
            let journal = try Journal.open(path: path)
            let opened = now()
            let lines = (try? Balances.compute(journal.source())) ?? []
            let done = now()
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            let summary = String(format: "cpu %.3f s, ", cpu) + "\(journal.count) transactions, \(lines.count) balance lines"
            let text = String(format: "%.4f %.4f %.4f %ld ", done - start, opened - start, done - opened, usage.ru_maxrss)
                + summary
            try text.write(toFile: out, atomically: false, encoding: .utf8)
        } catch {
            try? "error \(error)".write(toFile: out, atomically: false, encoding: .utf8)
            exit(3)
        }
    }

    // MARK: data

    static let categories = [
        "food/groceries", "food/restaurants", "food/coffee", "food/delivery", "transport/taxi", "transport/public",
        "transport/fuel", "transport/parking", "transport/car", "housing/rent", "utilities/electricity",
        "utilities/water", "utilities/gas", "utilities/internet", "utilities/mobile", "health/pharmacy",
        "health/doctor", "health/dentist", "shopping/clothes", "shopping/electronics", "shopping/home",
        "entertainment", "subscriptions", "education", "sport", "travel", "gifts", "charity", "personal-care",
        "pets", "kids", "services", "insurance", "other",
    ]
    static let notes = ["coffee", "такси", "magnum", "обед", "netflix", "аптека", "бензин", "groceries", "uber",
                        "кофе с собой", "wildberries", "rent", "spotify", "цветы", "подарок маме", "парковка"]
    static let accounts: [(String, Currency)] = [
        ("cash", .kzt), ("kaspi", .kzt), ("halyk", .kzt), ("usd-card", Currency(code: "USD")!),
        ("eur-cash", Currency(code: "EUR")!), ("rub-card", Currency(code: "RUB")!),
    ]

    /// `count` transactions over five years up to 2026-11-20, in date order, ids 1...count.
    static func generate(count: Int, seed: UInt64) -> [Transaction] {
        var rng = SplitMix(state: seed)
        let end = CivilDate(year: 2026, month: 11, day: 20)!.daysSinceEpoch
        let span = 5 * 365
        var out: [Transaction] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            let day = CivilDate(daysSinceEpoch: end - span + k * span / max(count, 1))
            let roll = rng.next() % 100
            let (account, currency) = accounts[Int(rng.next() % 100 < 80 ? rng.next() % 3 : 3 + rng.next() % 3)]
            let time = rng.next() % 3 == 0 ? TimeOfDay(hour: Int(rng.next() % 24), minute: Int(rng.next() % 60)) : nil
            if roll < 3 {
                out.append(Transaction(id: k + 1, type: .income, amount: Money(major: Int64(300_000 + rng.next() % 400_000),
                                                                                 currency: .kzt)!,
                                       date: day, time: time, category: "income/salary", account: "kaspi",
                                       note: "salary", input: "зарплата на каспи"))
            } else if roll < 6 {
                out.append(Transaction(id: k + 1, type: .transfer, amount: Money(major: Int64(5_000 + rng.next() % 50_000),
                                                                                   currency: .kzt)!,
                                       date: day, category: nil, account: "kaspi", toAccount: "cash",
                                       note: "снял наличные", input: "перевод с каспи в наличные"))
            } else {
                let note = notes[Int(rng.next() % UInt64(notes.count))]
                let major = Int64(currency == .kzt ? 300 + rng.next() % 30_000 : 1 + rng.next() % 120)
                let minor = currency == .kzt ? 0 : Int64(rng.next() % 100)
                let amount = Money(minorUnits: major * currency.minorPerMajor + minor, currency: currency)
                out.append(Transaction(id: k + 1, type: .expense, amount: amount, date: day, time: time,
                                       category: categories[Int(rng.next() % UInt64(categories.count))],
                                       account: account, note: note, input: "\(note) \(major)"))
            }
        }
        return out
    }

    static func exportLedger(_ transactions: [Transaction], to path: String) throws {
        try LedgerWriter.journal(transactions).write(toFile: path, atomically: false, encoding: .utf8)
    }

    // MARK: helpers

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func percentiles(_ seconds: [Double]) -> (Double, Double, Double) {
        let sorted = seconds.sorted().map { $0 * 1000 }
        guard !sorted.isEmpty else { return (0, 0, 0) }
        func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
        return (at(0.5), at(0.99), sorted.last!)
    }

    static func line(_ label: String, _ value: String, ok: Bool?, goal: String) -> String {
        let mark = ok.map { $0 ? "ok  " : "MISS" } ?? "    "
        return "  \(mark) \(label.padding(toLength: 26, withPad: " ", startingAt: 0)) \(value)"
            + (goal.isEmpty ? "" : "   [goal \(goal)]")
    }

    /// fflush(NULL) flushes every stream (stdout itself is not reachable under Swift 6 concurrency).
    static func flushOutput() { fflush(nil) }

    static func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The repository: kassa-bench runs from .build/<config>/ inside it.
    static func packageRoot() -> String {
        var url = URL(fileURLWithPath: selfPath()).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
            url.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    static func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            return "\(directory)/\(tool)"
        }
        return nil
    }

    /// posix_spawn + wait4: exit status, wall seconds and the child's own peak RSS.
    static func spawn(_ executable: String, _ arguments: [String], input: String? = nil,
                      output: String?) -> (status: Int32, seconds: Double, peakMB: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return (-1, 0, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = now() - start
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exited, seconds, Double(usage.ru_maxrss) / 1024)
    }
}
