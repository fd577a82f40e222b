// KassaApp: the whole program behind `main`: options, language, today, resources, then the
// session or a one-shot subcommand. Returns the exit status (DESIGN.md §2):
// 0 success, 1 some input not understood or rejected, 2 usage error, 3 journal unreadable/unwritable.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

public struct KassaApp {
    public static let version = "0.1.0"

    public enum ExitStatus: Int32 {
        case success = 0, inputError = 1, usage = 2, journal = 3
    }

    let arguments: [String]
    let environment: [String: String]
    let executablePath: String?
    let console = Console()

    public init(arguments: [String], environment: [String: String], executablePath: String?) {
        self.arguments = arguments
        self.environment = environment
        self.executablePath = executablePath
    }

    public func run() -> Int32 {
        let status = runBody()
        // Everything said on standard output must have got there: a full disk or an I/O error
        // under `kassa list --json > backup.jsonl` is a failure (3), never a quiet short file.
        guard let failure = console.finish() else { return status }
        let options = (try? Options.parse(arguments)) ?? Options()
        let catalog = (try? makeContext(options))?.catalog ?? Catalog(language: .en)
        Console.write(catalog.text("error.prefix") + " "
            + catalog.text("output.unwritable", ["reason": String(cString: strerror(failure))]) + "\n", to: 2)
        return ExitStatus.journal.rawValue
    }

    private func runBody() -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            // The options could not all be read: the language still comes from a --lang given
            // anywhere on the line, else from the environment.
            var fallback = Options()
            for (index, word) in arguments.enumerated() {
                let value = word.hasPrefix("--lang=") ? String(word.dropFirst(7))
                    : word == "--lang" && index + 1 < arguments.count ? arguments[index + 1] : nil
                if let value, let language = Language(rawValue: value.lowercased()) { fallback.language = language }
            }
            let context = try? makeContext(fallback)
            let catalog = context?.catalog ?? Catalog(language: .en)
            console.write([OutputLine(catalog.text("error.prefix") + " " + catalog.text(error.messageKey, error.messageArguments), to: .error),
                           OutputLine(catalog.text("usage.see-help"), to: .error)])
            return ExitStatus.usage.rawValue
        }
        if options.today == nil, let text = environment["KASSA_TODAY"], !text.isEmpty {
            // KASSA_TODAY is held to the same rules as --today: a date kassa supports, or an error.
            let date = CivilDate(iso: text)
            if date?.isSupported != true {
                let catalog = (try? makeContext(Options()))?.catalog ?? Catalog(language: .en)
                let key = date == nil ? "store.bad-kassa-today" : "store.today-out-of-range"
                console.write([OutputLine(catalog.text("error.prefix") + " " + catalog.text(key, ["value": text]), to: .error)])
                return ExitStatus.usage.rawValue
            }
        }
        let context: AppContext
        do {
            context = try makeContext(options)
        } catch {
            // The named data directory lacks Grammars/ or Locales/: said in the built-in catalog.
            let language = options.language ?? Settings.systemLanguage(environment).0
            let builtIn = try? ResourceLocator(dataDirectory: nil, environment: [:]).load(languages: [language])
            let catalog = builtIn?.catalog(language) ?? Catalog(language: language)
            let source = options.dataDirectory != nil ? "--data-dir" : "KASSA_DATA_DIR"
            console.write([OutputLine(catalog.text("error.prefix") + " "
                + catalog.text("data.missing", ["directory": error.searched.first ?? "", "source": source]), to: .error)])
            console.flush()
            return ExitStatus.usage.rawValue
        }
        defer { context.console.flush() }
        if options.version {
            context.console.write(options.verbose ? VersionText.lines(context) : [OutputLine("kassa " + KassaApp.version)])
            return ExitStatus.success.rawValue
        }
        if options.help {
            let topic = options.command.flatMap {
                CommandRegistry.command(named: $0, vocabulary: context.resources.commandWords, form: .oneShot)?.name
            }
            if let asked = options.command, topic == nil {
                context.console.write(context.textRenderer.render(.error(UsageError(key: "usage.unknown-command", arguments: ["command": asked]))))
                return ExitStatus.usage.rawValue
            }
            context.textRenderer.write(.output(HelpOutput(form: .oneShot, topic: topic)), to: context.console)
            return ExitStatus.success.rawValue
        }
        context.reportResourceProblems()
        // The process exits right after run(): tearing down the grammar's many small objects
        // first would only add to the wall time of `echo ... | kassa parse`. Keep them alive.
        _ = Unmanaged.passRetained(context)
        guard let name = options.command,
              let command = CommandRegistry.command(named: name, vocabulary: context.resources.commandWords, form: .oneShot) else {
            return SessionRunner(context: context).run()
        }
        return runOnce(command, context: context)
    }

    /// A command from the command line: its events rendered as they come, then the exit status.
    func runOnce(_ command: any Command.Type, context: AppContext) -> Int32 {
        let renderer = context.renderer(form: .oneShot)
        let commandContext = CommandContext(
            form: .oneShot, configuration: context.sessionConfiguration, words: context.resources.commandWords,
            session: nil, app: context, journal: { try context.openJournal(readOnly: $0) }, parser: { context.parser },
            sink: { renderer.write($0, to: context.console) })
        let events = CommandRegistry.run(command, words: context.options.words, context: commandContext)
        renderer.write(events, to: context.console)
        if commandContext.hadUsageError { return ExitStatus.usage.rawValue }
        if commandContext.hadStoreError { return ExitStatus.journal.rawValue }
        if commandContext.hadInputError { return ExitStatus.inputError.rawValue }
        return ExitStatus.success.rawValue
    }

    func makeContext(_ options: Options) throws(ResourceError) -> AppContext {
        let locator = ResourceLocator(dataDirectory: options.dataDirectory, environment: environment)
        let config = locator.userConfigRoot.map { ConfigFile.load(path: $0 + "/config") } ?? ConfigFile(path: "", contents: nil)
        let paths = ShellPaths(fileOption: options.file, environment: environment, configuredFile: config.value(.file),
                               ledgerOption: options.ledger, configuredLedger: config.value(.ledger))
        let settings = Settings(options: options, environment: environment, config: config, paths: paths)
        let language = settings.language
        let resources = try locator.load(languages: [language], deferringBuiltIn: true)
        let today = options.today ?? environment["KASSA_TODAY"].flatMap(CivilDate.init(iso:)) ?? KassaApp.localToday()
        let stdinIsTerminal = isatty(0) == 1, stdoutIsTerminal = isatty(1) == 1
        return AppContext(
            options: options, environment: environment, resources: resources, locator: locator, language: language, today: today,
            paths: paths, settings: settings, executablePath: executablePath,
            interactive: stdinIsTerminal && stdoutIsTerminal, style: TextStyle(enabled: settings.colour(onTerminal: stdoutIsTerminal)),
            console: console)
    }

    /// LC_ALL, then LC_MESSAGES, then LANG; English when none names a language kassa speaks.
    static func language(from environment: [String: String]) -> Language {
        Settings.systemLanguage(environment).0
    }

    /// The local calendar date: the only clock read in kassa, and only without --today/KASSA_TODAY.
    static func localToday() -> CivilDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CivilDate(daysSinceEpoch: Int(now) / 86_400)
    }
}

