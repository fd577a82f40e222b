// The config file: reading `key = value` lines and their mistakes, normalized values, `set`
// keeping everything else, and the precedence flag > environment > file > default (Settings).
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell

@Suite struct ConfigFileTests {
    @Test func readsKeysCommentsAndMistakes() {
        let file = ConfigFile(path: "/c", contents: """
            # comment
              currency = usd  
            lang=RU
            week-start = Sunday
            color = sometimes
            colour = never
            just words
            account = kaspi gold
            account = halyk

            """)
        #expect(file.value(.currency) == "USD")
        #expect(file.value(.lang) == "ru")
        #expect(file.value(.weekStart) == "sunday")
        #expect(file.value(.color) == nil)
        #expect(file.value(.account) == "halyk", "the later line wins")
        #expect(file.entries[.currency]?.line == 2)
        #expect(file.problems == [
            .init(line: 5, kind: .badValue(key: "color", value: "sometimes")),
            .init(line: 6, kind: .unknownKey("colour")),
            .init(line: 7, kind: .badLine),
        ])
        #expect(ConfigFile.normalize(.currency, "euro") == nil)
        let commented = ConfigFile(path: "/c", contents: "currency = EUR   # euros\nfile = ~/a#b.kassa\n")
        #expect(commented.value(.currency) == "EUR" && commented.value(.file) == "~/a#b.kassa" && commented.problems.isEmpty)
        #expect(ConfigFile.normalize(.file, "  ") == nil)
        #expect(ConfigFile(path: "/c", contents: nil).exists == false)
    }

    @Test func setRewritesOneLineAndKeepsTheRest() {
        var file = ConfigFile(path: "/c", contents: "# mine\ncurrency = KZT # old\n\ncolor = bogus\n")
        file.set(.currency, "USD")
        file.set(.color, "never")
        file.set(.weekStart, "sunday")
        #expect(file.lines == ["# mine", "currency = USD # old", "", "color = never", "week-start = sunday"])
        #expect(file.problems.isEmpty)
    }

    @Test func precedenceIsFlagThenEnvironmentThenFileThenDefault() throws {
        let config = ConfigFile(path: "/c", contents: "lang = ru\ncolor = always\nfile = ~/books.kassa\ncurrency = EUR\n")
        let environment = ["HOME": "/h", "LANG": "en_US.UTF-8"]
        func settings(_ arguments: [String], _ environment: [String: String]) throws -> Settings {
            let options = try Options.parse(arguments)
            let paths = ShellPaths(fileOption: options.file, environment: environment, configuredFile: config.value(.file))
            return Settings(options: options, environment: environment, config: config, paths: paths)
        }
        let plain = try settings([], environment)
        #expect(plain.language == .ru && plain[.lang].source == .config(line: 1), "the file beats LANG")
        #expect(plain[.file].value == "/h/books.kassa" && plain[.file].source == .config(line: 3))
        #expect(plain.colour(onTerminal: false))
        #expect(plain.defaultCurrency.code == "EUR" && plain[.baseCurrency].value == "EUR")
        #expect(plain[.account] == Settings.Value(value: "cash", source: .builtIn))
        #expect(plain[.weekStart] == Settings.Value(value: "monday", source: .builtIn))

        let flagged = try settings(["--lang", "en", "--no-color", "--file", "/f.kassa"],
                                   environment.merging(["KASSA_FILE": "/e.kassa"]) { $1 })
        #expect(flagged.language == .en && flagged[.lang].source == .option("--lang"))
        #expect(!flagged.colour(onTerminal: true) && flagged[.color].source == .option("--no-color"))
        #expect(flagged[.file] == Settings.Value(value: "/f.kassa", source: .option("--file")))

        let fromEnvironment = try settings([], environment.merging(["KASSA_FILE": "/e.kassa", "NO_COLOR": "1"]) { $1 })
        #expect(fromEnvironment[.file] == Settings.Value(value: "/e.kassa", source: .environment("KASSA_FILE")))
        #expect(fromEnvironment[.color] == Settings.Value(value: "never", source: .environment("NO_COLOR")))

        let noConfig = Settings(options: Options(), environment: ["LC_ALL": "ru_RU.UTF-8"], config: ConfigFile(path: "", contents: nil),
                                paths: ShellPaths(fileOption: nil, environment: [:]))
        #expect(noConfig.language == .ru && noConfig[.lang].source == .environment("LC_ALL"))
        #expect(noConfig.colour(onTerminal: true) && !noConfig.colour(onTerminal: false))
    }

    @Test func theManualEscapesRoff() {
        #expect(ManualPage.escape(".hidden") == "\\&.hidden")
        #expect(ManualPage.escape("a\\b --file well-known") == "a\\eb \\-\\-file well-known")
        #expect(ManualPage.escape("«да»") == "\\[u00AB]\\[u0434]\\[u0430]\\[u00BB]")
        let page = ManualPage(catalog: Fixtures.catalog(.en), version: "9").lines()
        for type in CommandRegistry.commands(for: .oneShot) {
            #expect(page.contains { $0.hasPrefix(".B kassa \(type.name)") }, "\(type.name) missing from the manual")
            for option in type.options { #expect(page.contains { $0.contains(ManualPage.escape(option.name)) }) }
        }
        #expect(!page.contains { $0.contains("{") || $0.unicodeScalars.contains { $0.value > 0x7F } })
    }
}
