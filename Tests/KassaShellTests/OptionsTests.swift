// Tests for Options: flags anywhere, subcommands, values, usage errors as values.
import Testing
@testable import KassaCore
@testable import KassaShell

@Suite struct OptionsTests {
    @Test func flagsAndSubcommandInAnyOrder() throws {
        let options = try Options.parse(["--file", "/tmp/j", "add", "coffee", "1500", "--yes", "--today=2026-03-10"])
        #expect(options.command == "add")
        #expect(options.words == ["coffee", "1500"])
        #expect(options.file == "/tmp/j")
        #expect(options.yes)
        #expect(options.today == CivilDate(year: 2026, month: 3, day: 10))
    }

    @Test func noSubcommandIsTheSession() throws {
        let options = try Options.parse(["--lang", "ru", "--json", "--no-color"])
        #expect(options.command == nil)
        #expect(options.language == .ru)
        #expect(options.json && options.noColor)
    }

    @Test func negativeNumbersAreWordsAndDoubleDashEndsOptions() throws {
        #expect(try Options.parse(["parse", "refund", "-500"]).words == ["refund", "-500"])
        #expect(try Options.parse(["parse", "--", "--yes"]).words == ["--", "--yes"])
        // A command's own option and its value stay with the command, wherever they are.
        let list = try Options.parse(["--from", "2026-03-01", "list", "--json", "today"])
        #expect(list.command == "list" && list.words == ["--from", "2026-03-01", "today"] && list.json)
        let help = try Options.parse(["help", "undo"])
        #expect(help.help && help.command == "undo")
    }

    @Test func usageErrors() {
        #expect(throws: UsageError(key: "usage.unknown-option", arguments: ["option": "--frob"])) { try Options.parse(["--frob"]) }
        #expect(throws: UsageError(key: "usage.missing-value", arguments: ["option": "--file"])) { try Options.parse(["--file"]) }
        #expect(throws: UsageError(key: "usage.bad-date", arguments: ["value": "2026-02-30"])) { try Options.parse(["--today", "2026-02-30"]) }
        #expect(throws: UsageError(key: "usage.bad-language", arguments: ["value": "de"])) { try Options.parse(["--lang", "de"]) }
        #expect(throws: UsageError(key: "usage.unknown-command", arguments: ["command": "coffee"])) { try Options.parse(["coffee", "1500"]) }
    }

    @Test func languageFromTheEnvironment() {
        #expect(KassaApp.language(from: ["LANG": "ru_RU.UTF-8"]) == .ru)
        #expect(KassaApp.language(from: ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"]) == .en)
        #expect(KassaApp.language(from: ["LC_MESSAGES": "ru_KZ.UTF-8"]) == .ru)
        #expect(KassaApp.language(from: ["LANG": "de_DE.UTF-8"]) == .en)
        #expect(KassaApp.language(from: [:]) == .en)
    }
}
