// JournalSnapshotCLITests: the journal's snapshot cache through the real binary — a big journal's
// second command reads the snapshot (kept private under $XDG_CACHE_HOME/kassa/snapshots) and
// prints exactly what a full replay prints, after a save, an undo, and a restore with `cp` over
// the journal; deleting the cache changes nothing.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct JournalSnapshotCLITests {
    let home = TestSupport.makeTemporaryDirectory("snapshot-cli")
    var env: [String: String] { KassaBinary.environment(home: home, extra: ["LANG": "C.UTF-8"]) }
    var snapshots: String { home.appendingPathComponent(".cache/kassa/snapshots").path }

    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    /// What kassa prints with no snapshot at all (a cache directory of its own, emptied first).
    func replayed(_ arguments: [String]) throws -> String {
        let empty = path("empty-cache")
        try? FileManager.default.removeItem(atPath: empty)
        var environment = env
        environment["XDG_CACHE_HOME"] = empty
        return try KassaBinary.run(arguments, environment: environment).output
    }

    func run(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments, stdin: stdin, environment: env)
        #expect(result.status == 0, "\(arguments) \(result.error)")
        return result
    }

    @Test func aBigJournalsCommandsPrintTheSameFromTheSnapshot() throws {
        let journal = path("big.kassa")
        let lines = (1...22_000).map { i in
            #"{"date": "2026-0\#(1 + i % 9)-1\#(i % 10)", "type": "\#(i % 9 == 0 ? "income" : "expense")", "amount": "\#(100 + i % 5000).\#(10 + i % 90)", "currency": "\#(i % 4 == 0 ? "USD" : "KZT")", "category": "food/coffee", "account": "\#(i % 2 == 0 ? "cash" : "card")", "note": "note \#(i), kept in the snapshot test"}"#
        }
        try run(["import", "--file", journal], stdin: lines.joined(separator: "\n") + "\n")
        let commands = [["balance", "--today", "2026-11-20"], ["list", "--json", "--today", "2026-11-20"], ["list", "today", "--today", "2026-09-19"]]
        func check(_ moment: String) throws {
            for command in commands {
                let args = command + ["--file", journal, "--lang", "en"]
                #expect(try run(args).output == (try replayed(args)), "\(moment): \(command)")
            }
        }
        // The import left a snapshot; it is private to its owner, like the journal.
        let files = try FileManager.default.contentsOfDirectory(atPath: snapshots)
        #expect(files.count == 1 && files[0].hasSuffix(".snapshot"))
        let attributes = try FileManager.default.attributesOfItem(atPath: snapshots + "/" + files[0])
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: snapshots)[.posixPermissions] as? Int) == 0o700)
        try check("after the import")
        let backup = path("backup.kassa")
        try FileManager.default.copyItem(atPath: journal, toPath: backup)
        try run(["add", "taxi", "2500", "--yes", "--file", journal, "--today", "2026-09-19", "--lang", "en"])
        try run(["undo", "--file", journal, "--lang", "en"])
        try run(["add", "coffee", "900", "--yes", "--file", journal, "--today", "2026-09-19", "--lang", "en"])
        try check("after a save, an undo and a save")
        // A restore in place (cp keeps the inode): the snapshot no longer matches, the file wins.
        let restore = try KassaBinary.run(["-c", "cp '\(backup)' '\(journal)'"], environment: env, executable: "/bin/sh")
        #expect(restore.status == 0)
        try check("after cp of the backup over the journal")
        try FileManager.default.removeItem(atPath: snapshots)
        try check("without the cache")
    }
}
