// JournalCrashTests: the real `kassa` binary under SIGKILL and resource limits.
// - Crash: a scripted session commits in a loop and is SIGKILLed at random (seeded) moments,
//   200 times on one journal; every commit it acknowledged ("saved", printed after fsync) must be
//   in the journal afterwards, nothing never sent may appear, and the journal must always open.
// - RLIMIT_FSIZE: a commit that would grow the file past the limit (in a child started through
//   `/bin/sh -c 'ulimit -f N; exec kassa ...'`) fails with exit 3 and leaves the file unchanged.

import Foundation
import KassaStore
import KassaTestSupport
import Testing

/// SplitMix64: seeded randomness so a failing run can be replayed.
struct CrashRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

enum JournalCLI {
    static let today = "2026-03-10"

    /// Amounts (whole tenge) of the transactions in `saved` events of a `--json` session.
    static func savedAmounts(_ output: String) -> [Int] {
        output.split(separator: "\n").filter { $0.contains("\"event\": \"saved\"") }.flatMap(amounts)
    }

    /// Every `"amount": "N.00"` in a line of JSON.
    static func amounts(_ line: Substring) -> [Int] {
        line.components(separatedBy: "\"amount\": \"").dropFirst().compactMap { rest in
            Int(rest.prefix { $0 != "." && $0 != "\"" })
        }
    }

    /// `kassa list --json`: (ids, amounts) of the journal.
    static func list(_ journal: String, environment: [String: String]) throws -> (ids: [String], amounts: [Int], result: ProcessResult) {
        let result = try ProcessRunner.run(KassaBinary.path, ["list", "--json", "--file", journal], environment: environment)
        let lines = result.stdout.split(separator: "\n")
        let ids = lines.compactMap { line in
            line.components(separatedBy: "\"id\": \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        }
        return (ids, lines.flatMap(amounts), result)
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

@Suite(.serialized) struct JournalCrashTests {
    @Test func sigkillAtRandomMomentsLosesNoAcknowledgedCommit() throws {
        let home = TestSupport.makeTemporaryDirectory("crash")
        let journal = home.appendingPathComponent("journal.kassa").path
        let environment = KassaBinary.environment(home: home)
        var random = CrashRandom(state: 0x6B61_7373_61)  // "kassa"
        var sent = Set<Int>()
        var acknowledged = Set<Int>()
        var next = 1000
        var killedMidRun = 0
        for round in 1...200 {
            let child = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--file", journal, "--today", JournalCLI.today],
                                         environment: environment)
            var script = ""
            for _ in 0..<300 {
                next += 1
                sent.insert(next)
                script += "coffee \(next)\n"
            }
            child.write(script)  // stdin stays open: the session keeps waiting for more
            if random.next(4) == 0 {
                // Anywhere, start-up and opening the journal included.
                child.pump(milliseconds: random.next(80))
            } else {
                // In the middle of committing: after the first save, a random few commits later.
                child.waitForOutput("\"event\": \"saved\"", milliseconds: 5000)
                var waited = 0, pause = random.next(25)
                while waited < pause, child.pump(milliseconds: 1) { waited += 1 }
            }
            child.kill()
            let result = child.wait()
            // Exit 3 would mean the journal did not open (or could not be written).
            #expect(result.status == nil, "round \(round): exit \(result.status ?? -1): \(result.stderr)")
            if result.signal == SIGKILL { killedMidRun += 1 }
            acknowledged.formUnion(JournalCLI.savedAmounts(result.stdout))
            if round % 25 == 0 {
                let listed = try JournalCLI.list(journal, environment: environment)
                #expect(listed.result.status == 0, "round \(round): \(listed.result.stderr)")
                let amounts = Set(listed.amounts)
                #expect(acknowledged.isSubset(of: amounts), "round \(round): lost \(acknowledged.subtracting(amounts).sorted())")
                #expect(amounts.isSubset(of: sent))
                #expect(Set(listed.ids).count == listed.ids.count, "ids are unique")
            }
        }
        #expect(killedMidRun == 200)
        #expect(!acknowledged.isEmpty)
        // After the last kill: the journal opens, holds every acknowledged commit, and is intact.
        let listed = try JournalCLI.list(journal, environment: environment)
        #expect(acknowledged.isSubset(of: Set(listed.amounts)))
        let report = try Journal.check(path: journal)
        #expect(report.isClean, "\(report.problems)")
        #expect(report.transactions == listed.ids.count)
    }

    /// The block size `ulimit -f` counts in, found by letting `head` run into a 1-block limit.
    private func ulimitBlock(in directory: URL) throws -> Int {
        let probe = directory.appendingPathComponent("probe").path
        _ = try ProcessRunner.run("/bin/sh", ["-c", "ulimit -f 1; head -c 5000 /dev/zero > '\(probe)'"],
                                  environment: ["PATH": "/usr/bin:/bin"])
        return JournalCLI.fileSize(probe)
    }

    @Test func fileSizeLimitLeavesNoPartialRecord() throws {
        let home = TestSupport.makeTemporaryDirectory("rlimit")
        let journal = home.appendingPathComponent("journal.kassa").path
        let environment = KassaBinary.environment(home: home)
        let block = try ulimitBlock(in: home)
        try #require(block == 512 || block == 1024, "ulimit -f block size: \(block)")
        func add(_ amount: Int, limitBlocks: Int? = nil) throws -> ProcessResult {
            let command = "\(limitBlocks.map { "ulimit -f \($0); " } ?? "")exec '\(KassaBinary.path)' add coffee \(amount) --yes --file '\(journal)' --today \(JournalCLI.today)"
            return try ProcessRunner.run("/bin/sh", ["-c", command], environment: environment)
        }
        // Grow the journal until the next block boundary is less than one record away, so the
        // limited write is cut in the middle of a record.
        var amount = 100
        while true {
            let size = JournalCLI.fileSize(journal)
            let boundary = (size / block + 1) * block
            if size > 0, boundary - size < 60 { break }
            amount += 1
            try #require(amount < 300, "no record ended within 60 bytes of a block boundary")
            #expect(try add(amount).status == 0)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let count = try JournalCLI.list(journal, environment: environment).ids.count
        let limit = JournalCLI.fileSize(journal) / block + 1
        let failed = try add(99_999, limitBlocks: limit)
        #expect(failed.status == 3, "\(failed.stdout) \(failed.stderr)")
        #expect(!failed.stderr.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        // Below the current size, too: nothing can be appended, nothing is damaged.
        let none = try add(99_998, limitBlocks: 1)
        #expect(none.status == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        let listed = try JournalCLI.list(journal, environment: environment)
        #expect(listed.result.status == 0 && listed.result.stderr.isEmpty)
        #expect(listed.ids.count == count)
        // Without the limit the same commit goes through.
        #expect(try add(99_999).status == 0)
        #expect(try JournalCLI.list(journal, environment: environment).amounts.contains(99_999))
    }
}
