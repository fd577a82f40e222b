// Nothing is lost without a word and no file is harmed, through the real binary: a failed write
// to standard output or to an -o file (a full device) is exit 3 naming where; kassa writes through
// no planted link; `--file` on a file that is not a journal leaves its mode alone; `report` does
// not change a journal's mode; uninstall removes only what kassa wrote; the config file's lines
// end however they end, and `config set` writes no second setting.

import Foundation
import Testing
import KassaTestSupport

@Suite struct FileSafetyTests {
    let home = TestSupport.makeTemporaryDirectory("file-safety")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", "2026-03-20"], stdin: Data(stdin.utf8), environment: env)
    }

    /// kassa run by bash with its standard output sent to `target`.
    func kassa(_ arguments: [String], stdoutTo target: String) throws -> KassaBinary.Result {
        let quoted = ([KassaBinary.path] + arguments + ["--today", "2026-03-20"]).map { "'" + $0 + "'" }.joined(separator: " ")
        return try KassaBinary.run(["-c", quoted + " > '" + target + "'"], environment: env, executable: "/bin/bash")
    }

    func journalWithEntries() throws -> String {
        let journal = path("j.kassa")
        #expect(try kassa(["--file", journal, "--yes"], stdin: "coffee 1500\nlunch 3200\ntaxi 900\n").status == 0)
        return journal
    }

    func mode(_ file: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? -1
    }

    @Test func aFullStandardOutputIsExitThreeNotAShortFile() throws {
        let journal = try journalWithEntries()
        for command in [["list", "--json"], ["export", "--format", "jsonl"], ["export", "--format", "csv"], ["balance"],
                        ["parse", "--json", "coffee", "1500"]] {
            let result = try kassa(command + ["--file", journal], stdoutTo: "/dev/full")
            #expect(result.status == 3, "\(command): \(result.status) \(result.error)")
            #expect(result.error.contains("standard output") && result.error.contains("No space left"), "\(command): \(result.error)")
        }
        // A pipe its reader closed is the reader's choice, not a failure.
        let closed = try KassaBinary.run(["-c", "'\(KassaBinary.path)' list --json --file '\(journal)' | head -c 1 >/dev/null"],
                                         environment: env, executable: "/bin/bash")
        #expect(closed.status == 0 && closed.error.isEmpty, "\(closed.error)")
        // A normal file gets it all.
        let file = path("list.jsonl")
        #expect(try kassa(["list", "--json", "--file", journal], stdoutTo: file).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == 3)
    }

    @Test func anExportThatCannotBeWrittenIsExitThreeNamingThePath() throws {
        let journal = try journalWithEntries()
        let full = try kassa(["export", "--format", "csv", "-o", "/dev/full", "--file", journal])
        #expect(full.status == 3, "\(full.error)")
        #expect(full.error.contains("/dev/full") && full.error.contains("No space left"), "\(full.error)")
        let nowhere = path("no/such/folder/out.csv")
        let missing = try kassa(["export", "--format", "csv", "-o", nowhere, "--file", journal])
        #expect(missing.status == 3 && missing.error.contains(nowhere), "\(missing.error)")
        // Nothing left behind beside a good export.
        let out = path("out.csv")
        #expect(try kassa(["export", "--format", "csv", "-o", out, "--file", journal]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains("tmp") }.isEmpty)
    }

    @Test func anExportOverALinkReplacesTheLinkNotItsTarget() throws {
        let journal = try journalWithEntries()
        let victim = path("victim.txt"), link = path("export.csv")
        try "mine\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        #expect(try kassa(["export", "--format", "csv", "-o", link, "--file", journal]).status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "the link became the export")
    }

    @Test func aFileThatIsNotAJournalKeepsItsMode() throws {
        let other = path("passwd")
        try "root:x:0:0:root:/root:/bin/bash\n".write(toFile: other, atomically: true, encoding: .utf8)
        chmod(other, 0o644)
        let refused = try kassa(["--file", other, "add", "coffee", "1500"])
        #expect(refused.status == 3, "\(refused.error)")
        #expect(try mode(other) == 0o644)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "root:x:0:0:root:/root:/bin/bash\n")
        // A real journal made readable to others is still made private by a writer, and said.
        let journal = try journalWithEntries()
        chmod(journal, 0o644)
        let report = try kassa(["report", "--file", journal])
        #expect(report.status == 0, "\(report.error)")
        #expect(try mode(journal) == 0o644, "report only reads: it leaves the mode alone")
        #expect(try kassa(["--file", journal, "--yes", "add", "tea", "500"]).status == 0)
        #expect(try mode(journal) == 0o600)
    }

    @Test func uninstallRemovesOnlyWhatKassaWrote() throws {
        let prefix = path("prefix")
        #expect(try kassa(["install", "--prefix", prefix]).status == 0)
        let mine = prefix + "/share/man/man1/kassa.1"
        try "my own notes\n".write(toFile: mine, atomically: true, encoding: .utf8)
        let script = prefix + "/share/zsh/site-functions/_kassa"
        try FileManager.default.removeItem(atPath: script)
        try FileManager.default.createSymbolicLink(atPath: script, withDestinationPath: path("elsewhere"))
        let removed = try kassa(["uninstall", "--prefix", prefix])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "my own notes\n")
        #expect(removed.output.contains("Kept \(mine)"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: script)) != nil)
        for gone in ["/bin/kassa", "/share/man/ru/man1/kassa.1", "/share/bash-completion/completions/kassa",
                     "/share/fish/vendor_completions.d/kassa.fish"] {
            #expect(!FileManager.default.fileExists(atPath: prefix + gone), "\(gone) left")
        }
    }

    @Test func configLinesEndAnyWayAndSetWritesOneSetting() throws {
        let config = home.appendingPathComponent("config/kassa/config").path
        try FileManager.default.createDirectory(atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "currency = usd\r\naccount = kaspi\r\n".write(toFile: config, atomically: true, encoding: .utf8)
        let got = try kassa(["config", "get", "currency"])
        #expect(got.output == "USD\n" && got.error.isEmpty, "\(got.output) \(got.error)")
        #expect(try kassa(["config", "get", "account"]).output == "kaspi\n")
        let injected = try kassa(["config", "set", "account", "a\nfile = /etc/passwd"])
        #expect(injected.status == 2, "\(injected.error)")
        #expect(try kassa(["config", "get", "file"]).output.contains("/etc/passwd") == false)
        // A warning shows the file's own words escaped.
        try "currency = \u{1b}]0;pwned\u{07}\n".write(toFile: config, atomically: true, encoding: .utf8)
        let warned = try kassa(["config", "get", "currency"])
        #expect(!warned.error.contains("\u{1b}") && warned.error.contains("\\x1B"), "\(warned.error)")
    }

    @Test func rulesBesideAFileAreNamedNotUsedAndADryRunWritesNoRules() throws {
        let journal = path("r.kassa"), csv = path("bank.csv"), rules = path("kassa.rules")
        try "Date;Note;Amount\n01.03.2026;STARBUCKS;-1500\n".write(toFile: csv, atomically: true, encoding: .utf8)
        try "if STARBUCKS then account evil\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let imported = try kassa(["import", csv, "--file", journal, "--account", "kaspi"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("--rules") || imported.error.contains("--rules"))
        #expect(!(try kassa(["list", "--json", "--file", journal]).output.contains("evil")))
        let saved = path("saved.rules")
        #expect(try kassa(["import", csv, "--file", journal, "--dry-run", "--save-rules", saved]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: saved))
        let newline = try kassa(["import", csv, "--file", journal, "--account", "a\nif . then category x", "--save-rules", saved])
        #expect(newline.status == 2 && !FileManager.default.fileExists(atPath: saved), "\(newline.error)")
    }
}
