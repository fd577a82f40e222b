// DevicesBench: `kassa-bench devices` — one ledger on several devices (Store: Devices/).
//
//     swift build -c release --static-swift-stdlib --product kassa-bench
//     .build/release/kassa-bench devices [--size 1000000] [--pickup 1000] [--dir DIR] [--keep]
//     .build/release/kassa-bench devices --first DIR [--runs N] [--each-process]
//
// Measures, in this process:
//   single        Journal.open of one journal of SIZE transactions, without a snapshot (the
//                 bar's reference), and again with its snapshot (what an open costs once cached);
//   folder        Ledger.open of a folder of 3 device journals with SIZE transactions in all:
//                 first (nothing cached: every file read and merged, the view written and
//                 opened without snapshot; the bar is at most 1.5× single; the view's
//                 snapshot, written after the open returns, is timed apart), and
//                 again (nothing changed: the view opened with its snapshot, no device file read);
//   pickup        after another device saved PICKUP more changes (one commit each): Ledger.open
//                 (the new changes read and appended to the view), and a running session's
//                 Journal.refresh() seeing another PICKUP; the bar is at most 50 ms.
// `--first DIR` (DIR made by an earlier run with `--dir DIR --keep`) times only first opens of
// DIR's folder (its reader's cache removed before each) and of its single journal: the same files
// for two builds run back to back, and a process a profiler can watch doing just that.
// `--each-process` runs every round in a new process, as a command meets a first open: in one
// process the rounds after the second grow slow (the folder's CPU time up to 1.7× with the same
// page faults, the single open unchanged) — the state earlier opens leave, which no command has.

import Foundation
import KassaCore
import KassaStore

enum DevicesBench {
    static func run(arguments: [String]) {
        var size = 1_000_000, pickup = 1000
        var directory = NSTemporaryDirectory() + "kassa-bench-devices-\(getpid())"
        var keep = false
        var first: String?
        var runs = 3
        var eachProcess = false, head = true
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": size = Int(value) ?? size; i += 1
            case "--pickup": pickup = Int(value) ?? pickup; i += 1
            case "--dir": directory = value; i += 1
            case "--keep": keep = true
            case "--first": first = value; i += 1
            case "--runs": runs = Int(value) ?? runs; i += 1
            case "--each-process": eachProcess = true
            case "--no-head": head = false
            default:
                print("usage: kassa-bench devices [--size N] [--pickup N] [--dir DIR] [--keep] | --first DIR [--runs N] [--each-process]")
                return
            }
            i += 1
        }
        if let first, eachProcess {
            print("kassa-bench devices --first \(first) --each-process")
            firstOpensInNewProcesses(directory: first, runs: runs)
            return
        }
        if let first {
            do { try firstOpens(directory: first, runs: runs, head: head) } catch { print("kassa-bench devices failed: \(error)") }
            return
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        do {
            try measure(size: size, pickup: pickup, directory: directory)
        } catch {
            print("kassa-bench devices failed: \(error)")
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// `runs` rounds of `firstOpens`, each in a new process of this bench (its lines printed by it).
    static func firstOpensInNewProcesses(directory: String, runs: Int) {
        StoreBench.flushOutput()
        for _ in 0..<runs {
            let child = StoreBench.spawn(StoreBench.selfPath(), ["devices", "--first", directory, "--runs", "1", "--no-head"], output: nil)
            if child.status != 0 { print("kassa-bench devices: a round failed (status \(child.status))"); return }
        }
    }

    /// First opens of the folder and the single journal a kept run left in `directory`, alternating.
    static func firstOpens(directory: String, runs: Int, head: Bool = true) throws {
        let reader = directory + "/cache-first"
        if head { print("kassa-bench devices --first \(directory)") }
        /// CPU time of the process (every thread), in seconds.
        func cpu() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        /// Page faults of the process so far (minor: pages first touched, zeroed or mapped).
        func faults() -> Int {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_minflt
        }
        for _ in 0..<runs {
            var at = cpu()
            let single = try seconds { _ = try Journal.open(path: directory + "/single.kassa", readOnly: true) }
            let singleCPU = cpu() - at
            try? FileManager.default.removeItem(atPath: reader)
            var route = ""
            at = cpu()
            let faultsBefore = faults()
            let first = try seconds {
                let l = try Ledger.open(folder: directory + "/ledger", device: nil, cache: reader, readOnly: true)
                route = l.route.rawValue
                l.close()
            }
            let firstCPU = cpu() - at
            let firstFaults = faults() - faultsBefore
            // The view's snapshot, written after the open returned (while a command would run).
            at = cpu()
            let after = seconds { Ledger.finishWriting() }
            let afterCPU = cpu() - at
            print(String(format: "  single %.3f s (cpu %.3f s)  folder first %.3f s (cpu %.3f s, %dK faults)  (%.2f×) [%@]  then its snapshot %.3f s (cpu %.3f s)",
                         single, singleCPU, first, firstCPU, firstFaults / 1000, first / single, route, after, afterCPU))
        }
    }

    static func measure(size: Int, pickup: Int, directory: String) throws {
        print("kassa-bench devices — \(size) transactions, in \(directory)")
        let transactions = StoreBench.generate(count: size, seed: 30)
        let singlePath = directory + "/single.kassa"
        try Journal.open(path: singlePath).append(transactions: transactions)
        let single = try seconds { _ = try Journal.open(path: singlePath, readOnly: true) }
        print(String(format: "  single journal open        %8.3f s  (no snapshot)", single))
        let singleSnapshots = directory + "/single-snapshots"
        _ = try Journal.open(path: singlePath, readOnly: true, snapshots: singleSnapshots)
        let singleAgain = try seconds { _ = try Journal.open(path: singlePath, readOnly: true, snapshots: singleSnapshots) }
        print(String(format: "  single journal open again  %8.3f s  (with snapshot)", singleAgain))

        let folder = directory + "/ledger"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let names = ["alma", "bota", "chai"]
        var uids: [String] = []
        let third = size / 3
        for (k, name) in names.enumerated() {
            let uid = Ledger.newUID()
            uids.append(uid)
            _ = try Ledger.join(folder: folder, name: name, uid: uid, journal: nil)
            let ledger = try Ledger.open(folder: folder, device: (name, uid), cache: directory + "/cache-\(name)", readOnly: false)
            let share = Array(transactions[(k * third)..<(k == 2 ? size : (k + 1) * third)])
            _ = try ledger.journal.append(transactions: share)
            ledger.close()
        }
        let reader = directory + "/cache-alma"
        try? FileManager.default.removeItem(atPath: reader)
        func open() throws -> Ledger { try Ledger.open(folder: folder, device: (names[0], uids[0]), cache: reader, readOnly: true) }
        var route = ""
        let first = try seconds { let l = try open(); route = l.route.rawValue; l.close() }
        print(String(format: "  folder of 3 open (first)   %8.3f s  (%.2f× single; target ≤ 1.5×) [%@], in this process", first, first / single, route))
        let after = seconds { Ledger.finishWriting() }
        print(String(format: "    then its view's snapshot %8.3f s  (written after the open returned)", after))
        // As a command meets a first open: in a new process (this one has just made a million
        // transactions and opened both; see `--each-process` above).
        print("  first opens, each in a new process (as a command meets them):")
        firstOpensInNewProcesses(directory: directory, runs: 3)
        let again = try seconds { let l = try open(); route = l.route.rawValue; l.close() }
        print(String(format: "  folder of 3 open (again)   %8.3f s  (%.2f× single again) [%@]", again, again / singleAgain, route))

        let writer = try Ledger.open(folder: folder, device: (names[1], uids[1]), cache: directory + "/cache-bota", readOnly: false)
        let draft = Draft(amount: Money(major: 1500, currency: .kzt)!, date: CivilDate(year: 2026, month: 3, day: 9)!,
                          category: "food/coffee", account: "cash", note: "coffee")
        for _ in 0..<pickup { _ = try writer.journal.commit([draft], input: "coffee 1500") }
        let picked = try seconds { let l = try open(); route = l.route.rawValue; l.close() }
        print(String(format: "  pick up %d changes (open)   %8.3f s  (target ≤ 0.050 s) [%@]", pickup, picked, route))

        let session = try open()
        for _ in 0..<pickup { _ = try writer.journal.commit([draft], input: "coffee 1500") }
        writer.close()
        let before = session.journal.changeCount
        let refreshed = try seconds { try session.journal.refresh() }
        print(String(format: "  pick up %d changes (refresh) %6.3f s  (target ≤ 0.050 s) [%@, %d new changes]",
                     pickup, refreshed, session.route.rawValue, session.journal.changeCount - before))
        session.close()
    }
}
