// JournalHardeningTests: the journal's defences through the real binary — hostile amounts and dates, CRLF
// journals, read-only commands that must never move anything, an in-place rewrite under a live
// session, an import killed midway and re-run, repair of a damaged import, symlinked journals,
// ids after repair, stale `.repairing-N`, and the environment without HOME.

import Foundation
import KassaTestSupport
import Testing

/// Builds checksum-valid journal lines the way kassa writes them (CRC-32, zlib polynomial).
enum JournalLines {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// `CRC<TAB>body<LF>` for `body` (fields joined by tabs).
    static func line(_ fields: [String]) -> String {
        let body = fields.joined(separator: "\t")
        let hex = String(crc(Array(body.utf8)), radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex + "\t" + body + "\n"
    }

    /// A commit record of change `change` with transaction `id`.
    static func commit(change: Int, id: Int, amount: String, currency: String = "KZT", date: String = "2026-03-09",
                       note: String = "hand-made") -> String {
        line([String(change), "1/1", "commit", String(id), "expense", amount, currency, date, "", "food/coffee", "cash", "", "",
              note, ""])
    }
}

@Suite(.serialized) struct JournalHardeningTests {
    let home = TestSupport.makeTemporaryDirectory("hardening")
    var env: [String: String] { KassaBinary.environment(home: home, extra: ["LANG": "C.UTF-8"]) }

    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    @discardableResult
    func add(_ lines: String, to journal: String, today: String = "2026-03-10") throws -> KassaBinary.Result {
        let result = try KassaBinary.run(["--file", journal, "--today", today, "--yes", "--lang", "en"], stdin: lines, environment: env)
        #expect(result.status == 0, "\(result.output) \(result.error)")
        return result
    }

    func list(_ journal: String, _ extra: [String] = []) throws -> KassaBinary.Result {
        try KassaBinary.run(["list", "--json", "--file", journal, "--lang", "en"] + extra, environment: env)
    }

    func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Rewrites `path` in place, as `cp backup path` does: same inode, truncated, then written.
    func rewriteInPlace(_ path: String, with bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        precondition(fd >= 0)
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    // MARK: crashes

    @Test(arguments: [
        #"{"amount":"99999999999999999","currency":"KZT","date":"2026-01-01"}"#,
        #"{"amount":"9999999999999999.999","currency":"KWD","date":"2026-01-01"}"#,
        #"{"amount":"1000000000000","currency":"KZT","date":"2026-01-01"}"#,
        #"{"amount":99999999999999999999999,"currency":"KZT","date":"2026-01-01"}"#,
    ])
    func hugeImportedAmountIsAnInvalidAmountNamingTheLine(line: String) throws {
        let journal = path("huge-import.kassa")
        let ok = #"{"amount":"5","currency":"KZT","date":"2026-01-01"}"#
        let result = try KassaBinary.run(["import", "--file", journal, "--lang", "en"], stdin: ok + "\n" + line + "\n", environment: env)
        #expect(result.status == 1, "\(result.status) \(result.error)")
        #expect(result.error.contains("line 2: an amount has at most 12 digits before the decimal point"), "\(result.error)")
        #expect(try list(journal).lines.isEmpty)
    }

    @Test func largestAllowedAmountIsImportedExactly() throws {
        let journal = path("max.kassa")
        let line = #"{"amount":"999999999999.999","currency":"KWD","date":"2026-01-01"}"#
        #expect(try KassaBinary.run(["import", "--file", journal], stdin: line + "\n", environment: env).status == 0)
        #expect(try list(journal).output.contains(#""amount": "999999999999.999""#))
    }

    @Test(arguments: [("99999999999999999.00", "amount"), ("-99999999999999999.00", "amount"),
                      ("1500.00", "date")])
    func hostileRecordIsNamedByListCheckedAndMovedAsideByRepair(amount: String, field: String) throws {
        let journal = path("hostile-\(field).kassa")
        try add("coffee 100\ntea 200\n", to: journal)
        var text = bytes(journal)
        let date = field == "date" ? "3000-01-01" : "2026-03-09"
        text += Array(JournalLines.commit(change: 3, id: 3, amount: amount, date: date).utf8)
        text += Array(JournalLines.commit(change: 4, id: 4, amount: "300.00").utf8)
        write(text, to: journal)
        let listed = try list(journal)
        #expect(listed.status == 3)
        #expect(listed.error.contains("invalid \(field) at line 4"), "\(listed.error)")
        #expect(bytes(journal) == text)
        let checked = try KassaBinary.run(["check", "--file", journal, "--lang", "en"], environment: env)
        #expect(checked.status == 3 && checked.output.contains("Line 4: invalid \(field)"), "\(checked.output)")
        let repaired = try KassaBinary.run(["repair", "--file", journal, "--lang", "en"], environment: env)
        #expect(repaired.status == 0, "\(repaired.output) \(repaired.error)")
        #expect(exists(journal + ".damaged-1"))
        #expect(String(decoding: bytes(journal + ".damaged-1"), as: UTF8.self).contains("\t3\texpense\t"))
        let after = try list(journal)
        #expect(after.status == 0 && after.lines.count == 3)
        #expect(!after.output.contains("\"id\": \"3\""))
    }

    @Test func datesOutsideTheSupportedRangeAreRefusedWhereverTheyEnter() throws {
        let journal = path("dates.kassa")
        for today in ["0000-01-01", "9999-12-31", "1899-12-31", "3000-01-01"] {
            let flag = try KassaBinary.run(["list", "--file", journal, "--today", today, "--lang", "en"], environment: env)
            #expect(flag.status == 2 && flag.error.contains("outside the dates kassa supports"), "\(today): \(flag.error)")
            var environment = env
            environment["KASSA_TODAY"] = today
            let variable = try KassaBinary.run(["list", "--file", journal, "--lang", "en"], environment: environment)
            #expect(variable.status == 2 && variable.error.contains("outside the dates kassa supports"), "\(variable.error)")
        }
        var environment = env
        environment["KASSA_TODAY"] = "garbage"
        let garbage = try KassaBinary.run(["list", "--file", journal, "--lang", "en"], environment: environment)
        #expect(garbage.status == 2 && garbage.error.contains("KASSA_TODAY"), "\(garbage.error)")
        // At the edges of the range: yesterday of 1900-01-01 and tomorrow of 2999-12-31 are refused
        // as soon as the line is read (not at save, with the journal's exit 3), with a
        // message; nothing is written, nothing crashes.
        for (today, word) in [("1900-01-01", "yesterday"), ("2999-12-31", "tomorrow")] {
            let session = try KassaBinary.run(["--file", journal, "--today", today, "--yes", "--lang", "en"],
                                              stdin: "coffee 100 \(word)\n", environment: env)
            #expect(session.status == 1, "\(session.status)")
            #expect((session.output + session.error).contains("outside the dates kassa supports"), "\(session.output) \(session.error)")
        }
        #expect(try list(journal).lines.isEmpty)
        let inside = try add("coffee 100 yesterday\n", to: journal, today: "1900-01-02")
        #expect(inside.status == 0)
        #expect(try list(journal).output.contains("1900-01-01"))
        // Import refuses a date outside the range, naming the line.
        let imported = try KassaBinary.run(["import", "--file", journal, "--lang", "en"],
                                           stdin: #"{"amount":"5","currency":"KZT","date":"3000-01-01"}"# + "\n", environment: env)
        #expect(imported.status == 1 && imported.error.contains("line 1: kassa supports dates from 1900-01-01 to 2999-12-31"), "\(imported.error)")
    }

    // MARK: CRLF and read-only commands

    @Test func crlfJournalIsReadWithoutLossAndWrittenOn() throws {
        let journal = path("crlf.kassa")
        try add("coffee 100\ntea 200\njuice 300\n", to: journal)
        var crlf: [UInt8] = []
        for b in bytes(journal) {
            if b == 10 { crlf.append(13) }
            crlf.append(b)
        }
        write(crlf, to: journal)
        let listed = try list(journal)
        #expect(listed.status == 0 && listed.lines.count == 3, "\(listed.error)")
        #expect(listed.error.isEmpty)
        #expect(bytes(journal) == crlf)
        #expect(!exists(journal + ".torn-1"))
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 0)
        // New saves continue the numbering.
        try add("water 400\n", to: journal)
        let after = try list(journal)
        #expect(after.lines.count == 4 && after.output.contains("\"id\": \"4\""))
        #expect(!exists(journal + ".torn-1"))
    }

    @Test func damageInTheMiddleOfACRLFJournalStopsTheOpenNamingTheLine() throws {
        let journal = path("crlf-damaged.kassa")
        try add("coffee 100\ntea 200\njuice 300\n", to: journal)
        var crlf: [UInt8] = []
        for b in bytes(journal) {
            if b == 10 { crlf.append(13) }
            crlf.append(b)
        }
        let second = crlf.indices.filter { crlf[$0] == 10 }[1] + 20  // inside line 3
        crlf[second] ^= 0x01
        write(crlf, to: journal)
        for command in ["list", "balance", "history"] {
            let result = try KassaBinary.run([command, "--file", journal, "--lang", "en"], environment: env)
            #expect(result.status == 3 && result.error.contains("line 3"), "\(command): \(result.error)")
        }
        #expect(bytes(journal) == crlf)
        #expect(!exists(journal + ".torn-1"))
    }

    @Test func readOnlyCommandsNeverMoveATornTail() throws {
        let journal = path("torn.kassa")
        try add("coffee 100\ntea 200\njuice 300\n", to: journal)
        let whole = bytes(journal)
        let torn = Array(whole.dropLast(15))
        write(torn, to: journal)
        for command in [["list"], ["list", "today"], ["balance"], ["history"], ["check"]] {
            let result = try KassaBinary.run(command + ["--file", journal, "--lang", "en", "--today", "2026-03-10"], environment: env)
            #expect(result.status == 0 || command == ["check"], "\(command): \(result.error)")
            #expect(bytes(journal) == torn, "\(command) changed the journal")
            #expect(!exists(journal + ".torn-1"), "\(command) moved the tail")
        }
        let listed = try list(journal)
        #expect(listed.lines.count == 2 && listed.error.contains("ignored"), "\(listed.error)")
        // The next writer moves it aside and saves after the intact records.
        try add("water 400\n", to: journal)
        #expect(exists(journal + ".torn-1"))
        #expect(try list(journal).lines.count == 3)
    }

    /// A real full disk: a 256 KB tmpfs filled to the last byte (needs root to mount).
    @Test(.enabled(if: getuid() == 0)) func listOnAFullDiskWithATornTailStillReads() throws {
        let mountPoint = TestSupport.makeTemporaryDirectory("fulldisk").path
        let mounted = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint], environment: env)
        try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        defer { _ = try? ProcessRunner.run("/bin/umount", [mountPoint], environment: env) }
        let journal = mountPoint + "/journal.kassa"
        try add("coffee 100\ntea 200\n", to: journal)
        let torn = Array(bytes(journal).dropLast(7))
        write(torn, to: journal)
        // Fill the disk.
        let filler = open(mountPoint + "/filler", O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
        var one: UInt8 = 0
        while Glibc.write(filler, &one, 1) == 1 {}
        close(filler)
        let listed = try list(journal)
        #expect(listed.status == 0 && listed.lines.count == 1, "\(listed.status) \(listed.error)")
        #expect(bytes(journal) == torn)
        // A save cannot go through: it says so and leaves the journal as it was.
        let saved = try KassaBinary.run(["add", "juice", "300", "--yes", "--file", journal], environment: env)
        #expect(saved.status == 3, "\(saved.output) \(saved.error)")
        #expect(bytes(journal) == torn)
    }

    // MARK: in-place rewrite under a live session

    @Test(arguments: [true, false])
    func inPlaceRewriteUnderALiveSessionLosesNoSave(backupIsLonger: Bool) throws {
        let journal = path("inplace-\(backupIsLonger).kassa"), other = path("backup-\(backupIsLonger).kassa")
        try add("coffee 101\ntea 102\n", to: journal)
        let note = backupIsLonger ? " " + String(repeating: "long note ", count: 30) : ""
        try add("rent 201\(note)\nbus 202\nlunch 203\n", to: other)
        let backup = bytes(other)
        let child = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--file", journal, "--today", "2026-03-10"],
                                     environment: env)
        child.write("juice 103\n")
        #expect(child.waitForOutput("\"event\": \"saved\"", milliseconds: 10_000))
        // A restore with `cp backup journal` while the session is open (same inode).
        rewriteInPlace(journal, with: backup)
        child.write("water 104\n")
        #expect(child.waitForOutput("\"event\": \"saved\"", count: 2, milliseconds: 10_000))
        child.closeInput()
        let result = child.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let listed = try list(journal)
        #expect(listed.status == 0, "\(listed.error)")
        for amount in ["201", "202", "203", "104"] {
            #expect(listed.output.contains("\"amount\": \"\(amount).00\""), "\(amount) missing: \(listed.output)")
        }
        #expect(!exists(journal + ".torn-1"))
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 0)
    }

    // MARK: import

    static func importLines(_ count: Int, start: Int = 0) -> String {
        (start..<(start + count)).map { i in
            #"{"date": "2026-01-01", "amount": "\#(i % 9000 + 1)", "currency": "KZT", "account": "cash", "note": "line \#(i)"}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test func importKilledAtARandomMomentIsAllOrNothingAndReRunCompletesIt() throws {
        // More lines than the shell's 50,000 per batch, so a kill can fall between two batches
        // (ImportTests.anImportKilledBetweenBatchesIsInvisible takes the disk state at every
        // batch boundary; this is the real process under SIGKILL).
        var random = CrashRandom(state: 0x696D_706F_7274)  // "import"
        let total = 60_000
        let input = JournalHardeningTests.importLines(total)
        let file = path("import.jsonl")
        try Data(input.utf8).write(to: URL(fileURLWithPath: file))
        for round in 0..<1 {
            let journal = path("killed-\(round).kassa")
            try add("coffee 100\n", to: journal)
            _ = try ProcessRunner.run(KassaBinary.path, ["import", file, "--file", journal], environment: env,
                                      killAfterMilliseconds: 200 + random.next(4000))
            let listed = try list(journal)
            #expect(listed.status == 0, "\(listed.error)")
            #expect(listed.lines.count == 1 || listed.lines.count == total + 1, "round \(round): \(listed.lines.count)")
            let rerun = try KassaBinary.run(["import", file, "--file", journal, "--lang", "en"], environment: env)
            #expect(rerun.status == 0, "\(rerun.error)")
            #expect(try list(journal).lines.count == total + 1)
            // Re-importing the same file skips every line and says so.
            let again = try KassaBinary.run(["import", file, "--file", journal, "--lang", "en"], environment: env)
            #expect(again.status == 0 && again.output.contains("\(total) transactions are already in the journal and are skipped"), "\(again.output)")
            #expect(try list(journal).lines.count == total + 1)
            // One undo takes the whole import back.
            #expect(try KassaBinary.run(["undo", "--file", journal], environment: env).status == 0)
            #expect(try list(journal).lines.count == 1)
        }
    }

    @Test func reImportSkipsByIdAndByFingerprintUnlessForced() throws {
        let journal = path("dupes.kassa")
        try add("coffee 100\ncoffee 100\n", to: journal)
        let backup = try list(journal).output
        let skipped = try KassaBinary.run(["import", "--file", journal, "--lang", "en"], stdin: backup, environment: env)
        #expect(skipped.status == 0 && skipped.output.contains("2 transactions are already in the journal"), "\(skipped.output)")
        // Id-less lines: two equal coffees in the journal absorb two equal lines; a third is new.
        let first = String(backup.split(separator: "\n")[0])
        let line = first.replacingOccurrences(of: #""id": "1", "#, with: "")
        #expect(line != first && !line.contains("\"id\""))
        let fingerprint = try KassaBinary.run(["import", "--file", journal, "--lang", "en"],
                                              stdin: [line, line, line].joined(separator: "\n"), environment: env)
        #expect(fingerprint.output.contains("2 transactions are already in the journal") && fingerprint.output.contains("Imported 1 transaction"),
                "\(fingerprint.output)")
        let forced = try KassaBinary.run(["import", "--allow-duplicates", "--file", journal], stdin: backup, environment: env)
        #expect(forced.status == 0)
        #expect(try list(journal).lines.count == 5)
    }

    // MARK: repair

    @Test func repairOfADamagedImportKeepsEveryIntactRecord() throws {
        let journal = path("batch.kassa")
        try add("coffee 100\n", to: journal)
        #expect(try KassaBinary.run(["import", "--file", journal], stdin: JournalHardeningTests.importLines(1000),
                                    environment: env).status == 0)
        try add("tea 200\n", to: journal)
        var text = bytes(journal)
        let starts = [0] + text.indices.filter { text[$0] == 10 }.map { $0 + 1 }
        // Line 503 is part 500/1000 of the import: flip a bit in its note.
        let line = Array(text[starts[502]..<starts[503]])
        let note = try #require((0..<(line.count - 6)).first { Array(line[$0..<($0 + 6)]) == Array("\tline ".utf8) })
        text[starts[502] + note + 6] ^= 0x02  // a digit of the note: still decodes
        write(text, to: journal)
        #expect(try list(journal).status == 3)
        let repaired = try KassaBinary.run(["repair", "--file", journal, "--lang", "en"], environment: env)
        #expect(repaired.status == 0, "\(repaired.error)")
        #expect(repaired.output.contains("999 intact records are kept as a change of their own"), "\(repaired.output)")
        #expect(repaired.output.contains("1 damaged record moved"), "\(repaired.output)")
        #expect(try list(journal).lines.count == 1001)
        // The moved record decodes: it can be re-imported (after a look).
        let json = journal + ".damaged-1.jsonl"
        #expect(exists(json))
        let reimported = try KassaBinary.run(["import", json, "--file", journal], environment: env)
        #expect(reimported.status == 0, "\(reimported.error)")
        #expect(try list(journal).lines.count == 1002)
        #expect(try KassaBinary.run(["check", "--file", journal], environment: env).status == 0)
    }

    @Test func repairThroughASymlinkWritesThroughKeepingOwnerAndMode() throws {
        let real = path("real.kassa"), link = path("link.kassa")
        try add("coffee 100\ntea 200\njuice 300\n", to: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        var text = bytes(real)
        let second = text.indices.filter { text[$0] == 10 }[1] + 20
        text[second] ^= 0x01
        write(text, to: real)
        chmod(real, 0o640)
        chown(real, 1234, 1234)
        let repaired = try KassaBinary.run(["repair", "--file", link], environment: env)
        #expect(repaired.status == 0, "\(repaired.error)")
        let linkAttributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(linkAttributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let attributes = try FileManager.default.attributesOfItem(atPath: real)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(attributes[.ownerAccountID] as? Int == 1234)
        #expect(try list(link).lines.count == 2)
        // The next write through the link tightens the mode, saying so.
        let added = try add("water 400\n", to: link)
        #expect(added.error.contains("now private to you"), "\(added.error)")
        #expect(try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int == 0o600)
        #expect(try list(real).lines.count == 3)
    }

    @Test func idsAndChangeNumbersAreNeverReusedAfterRepairRemovesTheNewest() throws {
        let journal = path("reuse.kassa")
        try add("coffee 100\ntea 200\n", to: journal)
        var text = bytes(journal)
        text += Array(JournalLines.commit(change: 3, id: 3, amount: "99999999999999999.00").utf8)
        write(text, to: journal)
        #expect(try KassaBinary.run(["repair", "--file", journal], environment: env).status == 0)
        try add("juice 300\n", to: journal)
        let listed = try list(journal)
        #expect(listed.output.contains("\"id\": \"4\"") && !listed.output.contains("\"id\": \"3\""), "\(listed.output)")
        let lines = String(decoding: bytes(journal), as: UTF8.self).split(separator: "\n")
        #expect(lines.last?.split(separator: "\t")[1] == "4", "change number: \(lines.last ?? "")")
    }

    @Test func staleRepairingFilesAreRemoved() throws {
        let journal = path("stale.kassa")
        try add("coffee 100\n", to: journal)
        write(Array("half a repair".utf8), to: journal + ".repairing-1")
        write(Array("another".utf8), to: journal + ".repairing-7")
        try add("tea 200\n", to: journal)
        #expect(!exists(journal + ".repairing-1") && !exists(journal + ".repairing-7"))
        write(Array("half a repair".utf8), to: journal + ".repairing-1")
        #expect(try KassaBinary.run(["repair", "--file", journal], environment: env).status == 0)
        #expect(!exists(journal + ".repairing-1"))
        #expect(try list(journal).lines.count == 2)
    }

    // MARK: files and environment

    @Test func withoutHomeOrXDGTheJournalIsRefusedNotGuessed() throws {
        let directory = TestSupport.makeTemporaryDirectory("nohome")
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "KASSA_DATA_DIR": TestSupport.packageRoot.path]
        for command in ["list", "add coffee 100 --yes", "check", "balance"] {
            let result = try ProcessRunner.run("/bin/sh", ["-c", "cd '\(directory.path)' && exec '\(KassaBinary.path)' \(command)"],
                                               environment: environment)
            #expect(result.status == 3, "\(command): \(result.status ?? -1) \(result.stderr)")
            #expect(result.stderr.contains("--file"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aGivenFileNeverGetsItsDirectoriesCreatedButTheDefaultDoes() throws {
        let missing = path("no/such/dir/j.kassa")
        let result = try KassaBinary.run(["add", "coffee", "100", "--yes", "--file", missing], environment: env)
        #expect(result.status == 3)
        #expect(!exists(path("no")))
        // kassa's own default data directory is created (0700).
        #expect(try KassaBinary.run(["add", "coffee", "100", "--yes"], environment: env).status == 0)
        let data = home.appendingPathComponent("data/kassa").path
        #expect(exists(data + "/journal.kassa"))
        #expect(try FileManager.default.attributesOfItem(atPath: data)[.posixPermissions] as? Int == 0o700)
    }
}
