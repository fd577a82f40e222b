// kassa as an installed tool: the built binary copied alone into an empty directory works with no
// Grammars/ or Locales/ anywhere near it; the man page renders without warnings and names every
// command; the completion scripts pass their shells' syntax checks and bash completes a command
// and an account; the config file's precedence and its mistakes.

import Foundation
import Testing
import KassaTestSupport

@Suite struct InstalledToolTests {
    let home = TestSupport.makeTemporaryDirectory("installed")

    /// An environment with nothing of the repository in it: no KASSA_DATA_DIR, HOME and XDG in
    /// the temporary directory.
    var bare: [String: String] {
        var environment = KassaBinary.environment(home: home)
        environment["KASSA_DATA_DIR"] = nil
        return environment
    }

    var configPath: String { home.appendingPathComponent("config/kassa/config").path }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/kassa"), withIntermediateDirectories: true)
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// The binary copied alone into a fresh directory.
    func copiedBinary() throws -> String {
        let directory = TestSupport.makeTemporaryDirectory("alone")
        let copy = directory.appendingPathComponent("kassa").path
        // Copied by cp, not in this process: a file this process held open for writing could be
        // inherited by a child another test spawns meanwhile, and exec would fail (ETXTBSY).
        let copied = try ProcessRunner.run("/bin/cp", [KassaBinary.path, copy], environment: ["PATH": "/usr/bin:/bin"])
        #expect(copied.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kassa"])
        return copy
    }

    @Test func aCopiedBinaryWorksAlone() throws {
        let kassa = try copiedBinary()
        let journal = home.appendingPathComponent("j.kassa").path
        let version = try KassaBinary.run(["--version"], environment: bare, executable: kassa)
        #expect(version.status == 0 && version.output.hasPrefix("kassa "), "\(version.error)")
        let verbose = try KassaBinary.run(["--version", "--verbose"], environment: bare, executable: kassa)
        #expect(verbose.output.contains("built into kassa"))
        #expect(verbose.output.contains(kassa))
        let help = try KassaBinary.run(["--help"], environment: bare, executable: kassa)
        #expect(help.status == 0 && help.output.contains("Usage"))
        let parsed = try KassaBinary.run(["parse", "--json", "coffee", "1500"], environment: bare, executable: kassa)
        #expect(parsed.status == 0 && parsed.output.contains("\"food/coffee\""), "\(parsed.error)")
        let russian = try KassaBinary.run(["--lang", "ru", "parse", "такси", "2000"], environment: bare, executable: kassa)
        #expect(russian.status == 0 && russian.output.contains("Такси"))
        let session = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--yes"],
                                          stdin: "coffee 1500 yesterday\nlunch 3200\n", environment: bare, executable: kassa)
        #expect(session.status == 0, "\(session.error)")
        let list = try KassaBinary.run(["--file", journal, "list", "--json"], environment: bare, executable: kassa)
        #expect(list.status == 0 && list.lines.count == 2)
        #expect(list.output.contains("\"2026-03-09\"") && list.output.contains("\"food/coffee\""))
    }

    @Test func aDataDirectoryWithoutDataIsAClearUsageError() throws {
        let empty = TestSupport.makeTemporaryDirectory("no-data").path
        let result = try KassaBinary.run(["--data-dir", empty, "parse", "coffee"], environment: bare)
        #expect(result.status == 2)
        #expect(result.error.contains(empty) && result.error.contains("--data-dir"))
        let russian = try KassaBinary.run(["--lang", "ru", "parse", "coffee"],
                                          environment: bare.merging(["KASSA_DATA_DIR": empty]) { $1 })
        #expect(russian.status == 2 && russian.error.contains("KASSA_DATA_DIR") && russian.error.contains("нет папок"))
    }

    @Test func userAdditionsStillOverrideTheBuiltInMessages() throws {
        let locales = home.appendingPathComponent("config/kassa/locales/en")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        try "help.usage-line = Try: {usage}\n".write(to: locales.appendingPathComponent("mine.messages"), atomically: true, encoding: .utf8)
        let result = try KassaBinary.run(["help", "list"], environment: bare)
        #expect(result.output.hasPrefix("Try: kassa list"), "\(result.output)")
    }

    @Test func installPutsEverythingUnderThePrefixAndUninstallTakesItAway() throws {
        let prefix = TestSupport.makeTemporaryDirectory("prefix").appendingPathComponent("local").path
        let files = ["bin/kassa", "share/man/man1/kassa.1", "share/man/ru/man1/kassa.1", "share/bash-completion/completions/kassa",
                     "share/zsh/site-functions/_kassa", "share/fish/vendor_completions.d/kassa.fish"].map { prefix + "/" + $0 }
        let installed = try KassaBinary.run(["install", "--prefix", prefix], environment: bare)
        #expect(installed.status == 0, "\(installed.error)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) missing")
            #expect(installed.output.contains(file))
        }
        #expect(FileManager.default.isExecutableFile(atPath: files[0]))
        let version = try KassaBinary.run(["--version", "--verbose"], environment: bare, executable: files[0])
        #expect(version.status == 0 && version.output.contains("built into kassa") && version.output.contains(files[0]))
        let manual = try String(contentsOfFile: files[1], encoding: .utf8)
        #expect(manual.hasPrefix(".TH KASSA 1") && manual.contains("COMMANDS"))
        #expect(try String(contentsOfFile: files[2], encoding: .utf8).contains("\\[u041A]"), "the Russian page")

        let removed = try KassaBinary.run(["uninstall", "--prefix", prefix], environment: bare)
        #expect(removed.status == 0, "\(removed.error)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file) left behind") }
        let again = try KassaBinary.run(["uninstall", "--prefix", prefix], environment: bare)
        #expect(again.status == 0 && again.output.contains("Nothing of kassa"))
    }

    // MARK: - The man page

    @Test func theManualRendersWithoutWarningsAndNamesEveryCommand() throws {
        let groff = try #require(Self.which("groff"), "groff is needed (bash .ci/setup installs it)")
        let commands = try KassaBinary.run(["completions", "commands"], environment: bare).lines
        #expect(commands.count >= 20 && commands.contains("manual") && commands.contains("list"))
        for language in ["en", "ru"] {
            let page = try KassaBinary.run(["--lang", language, "manual"], environment: bare)
            #expect(page.status == 0 && page.output.hasPrefix(".TH KASSA 1"))
            for name in commands {
                #expect(page.output.contains(".B kassa \(name)"), "\(language): the manual lacks \(name)")
            }
            let rendered = try KassaBinary.run(["-Tutf8", "-man", "-ww", "-z"], stdin: page.output, environment: bare, executable: groff)
            #expect(rendered.status == 0 && rendered.error.isEmpty, "\(language): \(rendered.error)")
        }
        let english = try KassaBinary.run(["manual"], environment: bare)
        for section in ["SYNOPSIS", "COMMANDS", "OPTIONS", "THE JOURNAL", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(english.output.contains(".SH \"\(section)\""))
        }
        // The default device too (PostScript fonts): the English page is plain ASCII to groff.
        let plain = try KassaBinary.run(["-man", "-ww", "-z"], stdin: english.output, environment: bare, executable: groff)
        #expect(plain.status == 0 && plain.error.isEmpty, "\(plain.error)")
    }

    // MARK: - Completion scripts

    @Test func completionScriptsPassTheirShellsSyntaxChecks() throws {
        var checked: [String] = []
        for shell in ["bash", "zsh", "fish"] {
            let script = try KassaBinary.run(["completions", shell], environment: bare)
            #expect(script.status == 0 && script.output.contains("kassa"))
            guard let binary = Self.which(shell) else {
                // bash is always there; zsh and fish only when installed (bash .ci/setup does).
                #expect(shell != "bash", "bash is needed")
                continue
            }
            let file = home.appendingPathComponent("kassa.\(shell)").path
            try script.output.write(toFile: file, atomically: true, encoding: .utf8)
            let check = try KassaBinary.run(["-n", file], environment: bare, executable: binary)
            #expect(check.status == 0 && check.error.isEmpty, "\(shell) -n: \(check.error)")
            checked.append(shell)
        }
        #expect(checked.contains("bash"))
    }

    @Test func bashCompletesACommandAndAnAccount() throws {
        let bash = try #require(Self.which("bash"))
        let journal = home.appendingPathComponent("j.kassa").path
        let defined = try KassaBinary.run(["--file", journal, "account", "add", "kaspi", "каспи"], environment: bare)
        #expect(defined.status == 0, "\(defined.error)")
        let scriptFile = home.appendingPathComponent("kassa.bash").path
        try KassaBinary.run(["completions", "bash"], environment: bare).output.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        // Drives the completion function as bash's Tab would: COMP_WORDS, COMP_CWORD, then COMPREPLY.
        let driver = """
            source '\(scriptFile)'
            complete -p kassa >/dev/null || exit 9
            drive() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _kassa; echo "${COMPREPLY[*]}"; }
            drive '\(KassaBinary.path)' bal
            drive '\(KassaBinary.path)' --file '\(journal)' list --account ka
            drive '\(KassaBinary.path)' --file '\(journal)' list --account ''
            drive '\(KassaBinary.path)' list --category food/cof
            drive '\(KassaBinary.path)' config get week
            drive '\(KassaBinary.path)' list --fr
            """
        let result = try KassaBinary.run(["--norc", "-c", driver], environment: bare, executable: bash)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 6)
        #expect(lines[0] == "balance")
        #expect(lines[1] == "kaspi")
        #expect(lines[2].split(separator: " ").sorted() == ["cash", "kaspi", "каспи"])
        #expect(lines[3] == "food/coffee")
        #expect(lines[4] == "week-start")
        #expect(lines[5] == "--from")
    }

    // MARK: - The config file

    @Test func configValuesApplyBelowFlagsAndEnvironment() throws {
        let fromConfig = home.appendingPathComponent("configured.kassa").path
        try writeConfig("""
            # my settings
            currency = usd
            account = kaspi
            lang = ru
            file = \(fromConfig)
            """)
        let parsed = try KassaBinary.run(["parse", "--json", "coffee", "15"], environment: bare)
        #expect(parsed.status == 0 && parsed.error.isEmpty, "\(parsed.error)")
        #expect(parsed.output.contains("\"currency\": \"USD\"") && parsed.output.contains("\"account\": \"kaspi\""), "\(parsed.output)")
        // lang: the file beats the locale variables, --lang beats the file.
        let help = try KassaBinary.run(["--help"], environment: bare)
        #expect(help.output.contains("Использование"))
        #expect(try KassaBinary.run(["--help", "--lang", "en"], environment: bare).output.contains("Usage"))
        // file: --file beats KASSA_FILE beats the file's key.
        #expect(try KassaBinary.run(["config", "get", "file"], environment: bare).output == fromConfig + "\n")
        let environment = bare.merging(["KASSA_FILE": "/tmp/from-environment.kassa"]) { $1 }
        #expect(try KassaBinary.run(["config", "get", "file"], environment: environment).output == "/tmp/from-environment.kassa\n")
        #expect(try KassaBinary.run(["--file", "/tmp/flag.kassa", "config", "get", "file"], environment: environment).output == "/tmp/flag.kassa\n")
        let saved = try KassaBinary.run(["--today", "2026-03-10", "--yes"], stdin: "tea 700\n", environment: bare)
        #expect(saved.status == 0 && FileManager.default.fileExists(atPath: fromConfig))
        let list = try KassaBinary.run(["config", "list", "--lang", "en"], environment: bare)
        #expect(list.output.contains("currency       = USD    # \(configPath):2"))
        #expect(list.output.contains("week-start     = monday    # default"))
        #expect(list.output.contains("lang           = en    # option --lang"))
        // --json: one object per setting (eleven keys, the ledger folder, device name, id and machine among them)
        // with its fields, never text lines wrapped in JSON.
        let json = try KassaBinary.run(["config", "list", "--json", "--lang", "en"], environment: bare)
        let objects = json.output.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any?]
        }
        #expect(json.status == 0 && objects.count == 11 && objects.allSatisfy { $0 != nil }, "\(json.output)")
        let currency = objects.compactMap { $0 }.first { $0["key"] as? String == "currency" }
        #expect(currency?["value"] as? String == "USD" && currency?["source"] as? String == "config")
        #expect(currency?["origin"] as? String == "\(configPath):2")
        let lang = objects.compactMap { $0 }.first { $0["key"] as? String == "lang" }
        #expect(lang?["source"] as? String == "option" && lang?["origin"] as? String == "--lang")
        let get = try KassaBinary.run(["config", "get", "account", "--json"], environment: bare)
        #expect(get.output == "{\"key\": \"account\", \"value\": \"kaspi\", \"source\": \"config\", \"origin\": \"\(configPath):3\"}\n", "\(get.output)")
    }

    @Test func badConfigLinesAreNamedAndKassaStillStarts() throws {
        try writeConfig("currency = KZT\ncolour = never\nweek-start = someday\nno equals sign\naccount = cash\n")
        let result = try KassaBinary.run(["parse", "coffee", "1500"], environment: bare)
        #expect(result.status == 0)
        #expect(result.output.contains("Coffee"))
        #expect(result.error.contains("\(configPath):2") && result.error.contains("\"colour\""), "\(result.error)")
        #expect(result.error.contains("\(configPath):3") && result.error.contains("someday") && result.error.contains("monday"))
        #expect(result.error.contains("\(configPath):4"))
        #expect(!result.error.contains("\(configPath):1") && !result.error.contains("\(configPath):5"))
    }

    @Test func configSetKeepsCommentsAndChecksValues() throws {
        try writeConfig("# kassa settings\ncurrency = KZT   \n\n# the journal\naccount = cash\n")
        let set = try KassaBinary.run(["config", "set", "currency", "eur"], environment: bare)
        #expect(set.status == 0, "\(set.error)")
        #expect(try KassaBinary.run(["config", "set", "color", "never"], environment: bare).status == 0)
        let text = try String(contentsOfFile: configPath, encoding: .utf8)
        #expect(text == "# kassa settings\ncurrency = EUR\n\n# the journal\naccount = cash\ncolor = never\n")
        #expect(try KassaBinary.run(["config", "get", "currency"], environment: bare).output == "EUR\n")

        let badValue = try KassaBinary.run(["config", "set", "currency", "euros"], environment: bare)
        #expect(badValue.status == 2 && badValue.error.contains("euros"))
        let badKey = try KassaBinary.run(["config", "set", "colour", "never"], environment: bare)
        #expect(badKey.status == 2 && badKey.error.contains("colour") && badKey.error.contains("week-start"))
        let russian = try KassaBinary.run(["--lang", "ru", "config", "set", "week-start", "среда"], environment: bare)
        #expect(russian.status == 2 && russian.error.contains("не значение"))
        #expect(try String(contentsOfFile: configPath, encoding: .utf8) == text, "a refused set changes nothing")
        // Created when missing, with its directory.
        try FileManager.default.removeItem(atPath: configPath)
        #expect(try KassaBinary.run(["config", "set", "account", "kaspi"], environment: bare).status == 0)
        #expect(try String(contentsOfFile: configPath, encoding: .utf8) == "account = kaspi\n")
    }

    static func which(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        return nil
    }
}
