// The completion scripts never evaluate data: every generated script (bash, zsh, fish) is run by
// its real shell on account names drawn from a hostile alphabet — `$(…)`, backticks, globs,
// quotes, line breaks, control characters — that a CSV or backup import can create. Nothing may
// run (the marker folder stays empty) and the names complete: bash's replies, read back by the
// shell as the person's line would be, are the names exactly; zsh's compadd gets the names whole;
// fish offers every name it can show (one without a line break or tab).

import Foundation
import Testing
import KassaTestSupport

@Suite struct CompletionSafetyTests {
    let home = TestSupport.makeTemporaryDirectory("completion-safety")
    /// Lower case: account names are lower-cased, and a command hidden in one must still name it.
    let markers: String
    let journal: String

    init() throws {
        markers = "/tmp/kassa-marks-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
        journal = home.appendingPathComponent("j.kassa").path
    }

    var bare: [String: String] {
        var environment = KassaBinary.environment(home: home)
        environment["KASSA_DATA_DIR"] = nil
        return environment
    }

    /// Pieces a hostile name is made of; `M` becomes a path in the marker folder.
    static let alphabet = ["$(touch M)", "`touch M`", "$(touch${IFS}M)", "${IFS}", "*", "?", "[virt]", "'", "\"", "\\",
                           "\n", "\t", "\u{1b}[31m", "\u{07}", ";", "|", "&", "<", ">", " ", "~", "!", "#", "%",
                           "a", "б", "$HOME", "{a,b}", "$'x'", "-x", "=", ":", "\r"]

    /// Fixed names first, then seeded random ones (the same every run).
    func hostileNames(count: Int) -> [String] {
        var fixed = ["$(touch M)", "`touch M`", "[virt]", "*", "a'b\"c", "line\nbreak", "bell\u{07}", "esc\u{1b}[31mred",
                     "semi;touch M", "$(touch M)`touch M`"]
        var generator = SeededGenerator(state: 28)
        var index = 0
        while fixed.count < count {
            let length = Int.random(in: 1...4, using: &generator)
            var name = "r\(index)"
            index += 1
            for _ in 0..<length { name += Self.alphabet.randomElement(using: &generator)! }
            fixed.append(name)
        }
        var serial = 0
        return fixed.map { name in
            var out = ""
            for piece in name.split(separator: "M", omittingEmptySubsequences: false).enumerated() {
                if piece.offset > 0 { serial += 1; out += "\(markers)/m\(serial)" }
                out += piece.element
            }
            return out
        }
    }

    /// A journal holding the hostile accounts (through a backup import, as a person would get them),
    /// and the names kassa reports for them.
    func journalWithHostileAccounts() throws -> [String] {
        let names = hostileNames(count: 40)
        var lines: [String] = []
        for name in names {
            let data = try JSONSerialization.data(withJSONObject: ["record": "account", "name": name])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        let backup = home.appendingPathComponent("accounts.jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: backup, atomically: true, encoding: .utf8)
        let imported = try KassaBinary.run(["--file", journal, "--yes", "import", backup], environment: bare)
        #expect(imported.status == 0, "\(imported.error)")
        let listed = try KassaBinary.run(["--file", journal, "completions", "--null", "accounts"], environment: bare)
        #expect(listed.status == 0)
        let known = listed.output.split(separator: "\0").map(String.init)
        #expect(known.count >= 30, "\(known)")
        #expect(known.contains { $0.contains("$(touch") } && known.contains { $0.contains("`touch") }
                && known.contains("[virt]") && known.contains { $0.contains("\n") })
        return known
    }

    func markersLeft() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: markers)
    }

    func script(_ shell: String) throws -> String {
        let file = home.appendingPathComponent("kassa.\(shell)").path
        try KassaBinary.run(["completions", shell], environment: bare).output.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A folder whose only content is `kassa` (a link to the built binary), for PATH, and a file
    /// `v` that `[virt]` would match as a glob.
    func workFolder() throws -> String {
        let folder = home.appendingPathComponent("work").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: folder + "/kassa") {
            try FileManager.default.createSymbolicLink(atPath: folder + "/kassa", withDestinationPath: KassaBinary.path)
            FileManager.default.createFile(atPath: folder + "/v", contents: Data())
        }
        return folder
    }

    /// The environment with `folder` (holding `kassa`) first on PATH.
    func inFolder(_ folder: String) -> [String: String] {
        var environment = bare
        environment["PATH"] = folder + ":/usr/bin:/bin"
        return environment
    }

    @Test func bashNeverEvaluatesANameAndCompletesEveryOne() throws {
        let bash = try #require(InstalledToolTests.which("bash"))
        let names = try journalWithHostileAccounts()
        let file = try script("bash")
        let folder = try workFolder()
        // Drives Tab as bash would; each reply is then read by the shell the way the person's line
        // would be (that is what inserting it means) and printed NUL-ended.
        var driver = """
            cd '\(folder)' || exit 9
            source '\(file)'
            drive() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _kassa
                local r; for r in "${COMPREPLY[@]}"; do eval "printf '%s\\0' $r"; done; printf '\\1'; }
            drive kassa --file '\(journal)' list --account ''

            """
        // Each name typed in part: its first three characters as the word being completed.
        for name in names {
            let prefix = String(name.prefix(3)).replacing("'", with: "'\\''")
            driver += "drive kassa --file '\(journal)' list --account '\(prefix)'\n"
        }
        let result = try KassaBinary.run(["--norc", "-c", driver], environment: inFolder(folder), executable: bash)
        #expect(result.status == 0, "\(result.error)")
        let left = try markersLeft()
        #expect(left.isEmpty, "a name ran: \(left)")
        let answers = result.output.split(separator: "\u{1}", omittingEmptySubsequences: false).map {
            Set($0.split(separator: "\0").map(String.init))
        }
        #expect(answers.count == names.count + 2)
        #expect(answers[0] == Set(names), "missing: \(Set(names).subtracting(answers[0]))")
        for (index, name) in names.enumerated() where index + 1 < answers.count {
            #expect(answers[index + 1].contains(name), "\(name.debugDescription) not completed from its start")
            #expect(answers[index + 1].allSatisfy { $0.hasPrefix(String(name.prefix(3))) })
        }
    }

    @Test func zshNeverEvaluatesANameAndOffersEveryOne() throws {
        let zsh = try #require(InstalledToolTests.which("zsh"), "zsh is needed (bash .ci/setup installs it)")
        let names = try journalWithHostileAccounts()
        let file = try script("zsh")
        let folder = try workFolder()
        // compadd, compdef and friends belong to zsh's completion system; here they print what they
        // are given, NUL-ended, so the test sees exactly the candidates the script hands over.
        let driver = """
            cd '\(folder)' || exit 9
            compdef() { : }
            _files() { : }
            _describe() { : }
            compadd() { if [[ $1 == -a ]]; then print -rn -- "${(@pj:\\0:)${(P)2}}"; else shift; print -rn -- "${(@pj:\\0:)@}"; fi }
            source '\(file)'
            words=(kassa --file '\(journal)' list --account '')
            CURRENT=6
            PREFIX=''
            _kassa
            """
        let result = try KassaBinary.run(["-f", "-c", driver], environment: inFolder(folder), executable: zsh)
        #expect(result.status == 0, "\(result.error)")
        let left = try markersLeft()
        #expect(left.isEmpty, "a name ran: \(left)")
        let offered = Set(result.output.split(separator: "\0").map(String.init))
        #expect(offered == Set(names), "missing: \(Set(names).subtracting(offered)), extra: \(offered.subtracting(names))")
    }

    @Test func fishNeverEvaluatesANameAndOffersEveryNameItCanShow() throws {
        let fish = try #require(InstalledToolTests.which("fish"), "fish is needed (bash .ci/setup installs it)")
        let names = try journalWithHostileAccounts()
        let file = try script("fish")
        let folder = try workFolder()
        let driver = """
            cd '\(folder)'; or exit 9
            source '\(file)'
            complete -C"kassa --file '\(journal)' list --account "
            """
        let result = try KassaBinary.run(["--no-config", "-c", driver], environment: inFolder(folder), executable: fish)
        #expect(result.status == 0, "\(result.error)")
        let left = try markersLeft()
        #expect(left.isEmpty, "a name ran: \(left)")
        // complete -C prints "candidate<TAB>description" a line each.
        let offered = Set(result.output.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) })
        let showable = Set(names.filter { !$0.contains("\n") && !$0.contains("\t") && !$0.contains("\r") })
        #expect(showable.isSubset(of: offered), "missing: \(showable.subtracting(offered))")
    }
}
