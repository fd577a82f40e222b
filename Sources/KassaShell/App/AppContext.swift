// AppContext: what every command needs, built once at start-up: options, catalog, paths, how to
// render, and the grammar and parser — built on first use, so commands that never parse
// (`list`, `balance`, `check`, `undo` …) never load the grammars.

import KassaCore
import KassaLedger
import KassaStore
import Synchronization

public final class AppContext: @unchecked Sendable {
    public let options: Options
    public let environment: [String: String]
    public let resources: Resources
    /// Where the resources came from, to read more of them (corpora for `kassa grammar test`).
    public let locator: ResourceLocator
    public let language: Language
    public let today: CivilDate
    public let paths: ShellPaths
    /// Each configuration value and where it came from (flag, environment, config file, default).
    public let settings: Settings
    /// /proc/self/exe, for `--version --verbose` and `kassa install`.
    public let executablePath: String?
    /// stdin and stdout are both terminals: libedit, prompts, colour (unless disabled).
    public let interactive: Bool
    public let style: TextStyle
    public let console: Console
    private let loaded = Mutex<(grammar: Grammar, errors: [GrammarError])?>(nil)
    private let builtParser = Mutex<Parser?>(nil)
    private let questions = Mutex<QuestionGrammar?>(nil)
    private let adopted = Mutex(false)

    /// With a ledger folder, this device's own journal in it (where its saves go); nil without
    /// a folder or before the device has a name.
    public var deviceJournal: String? {
        guard let ledger = paths.ledger, case let device = settings[.device].value, !device.isEmpty else { return nil }
        return ledger + "/" + device + DeviceName.suffix
    }

    /// The file this device's saves go to: its journal in the ledger folder, else the journal.
    public var ownJournal: String { deviceJournal ?? paths.journal }

    init(options: Options, environment: [String: String], resources: Resources, locator: ResourceLocator, language: Language,
         today: CivilDate, paths: ShellPaths, settings: Settings, executablePath: String?, interactive: Bool, style: TextStyle, console: Console) {
        self.options = options
        self.environment = environment
        self.resources = resources
        self.locator = locator
        self.language = language
        self.today = today
        self.paths = paths
        self.settings = settings
        self.executablePath = executablePath
        self.interactive = interactive
        self.style = style
        self.console = console
    }

    /// The grammar, loaded on first use; its mistakes are warnings printed then (kassa works
    /// with the rest: file:line:column + caret).
    public var grammar: Grammar {
        if let done = loaded.withLock({ $0 }) { return done.grammar }
        let sources = resources.grammarSources
        let (grammar, errors) = ResourceLocator.compiledGrammar(fingerprint: resources.ruleFingerprint).map { ($0, []) }
            ?? Grammar.load(sources)
        loaded.withLock { $0 = (grammar, errors) }
        reportGrammarProblems(errors)
        return grammar
    }

    public var parser: Parser {
        if let parser = builtParser.withLock({ $0 }) { return parser }
        let parser = Parser(grammar: grammar)
        builtParser.withLock { $0 = parser }
        return parser
    }

    /// The questions grammar (Ask/), read on the first question; its mistakes are warnings then.
    public var questionGrammar: QuestionGrammar {
        if let done = questions.withLock({ $0 }) { return done }
        let sources = resources.grammarSources
        // As compiled at build time when the rule files are the built-in ones, else from their text.
        let (grammar, errors) = ResourceLocator.compiledTable(.questions, fingerprint: resources.ruleFingerprint,
                                                              read: { QuestionGrammar(reading: &$0) }).map { ($0, []) }
            ?? QuestionGrammar.load(sources)
        questions.withLock { $0 = grammar }
        reportGrammarProblems(errors)
        return grammar
    }

    public var catalog: Catalog { resources.catalog(language) }

    public var textRenderer: TextRenderer {
        var renderer = TextRenderer(catalog: catalog, style: style, grammar: { [self] in grammar })
        renderer.categoryNames = categoryNames
        return renderer
    }

    /// Category display names from the rule files' `name` lines (no grammar built).
    public private(set) lazy var categoryNames = CategoryNames(sources: resources.grammarSources)

    /// Text for people; with --json one object per line (on the command line a listing is one
    /// transaction per line).
    public func renderer(form: CommandForm) -> any SessionRenderer {
        options.json ? JSONRenderer(text: textRenderer, listingAsLines: form == .oneShot) : textRenderer
    }

    public var sessionConfiguration: Session.Configuration {
        var configuration = Session.Configuration(today: today, language: language, autoConfirm: options.yes,
                                                  defaultCurrency: settings.defaultCurrency, defaultAccount: settings.defaultAccount,
                                                  interactive: interactive, defaultAccountIsConfigured: settings[.account].source != .builtIn)
        configuration.baseCurrency = settings.baseCurrency
        return configuration
    }

    /// Catalog lines, session words (`word` rules) and config lines kassa cannot read: warnings,
    /// kassa starts.
    func reportResourceProblems() {
        var lines: [OutputLine] = ConfigText.describe(settings.config.problems, path: settings.config.path, catalog: catalog)
            .map { OutputLine($0, to: .error) }
        for problem in resources.catalogProblems {
            lines.append(OutputLine(catalog.text("catalog.warning", ["location": "\(problem.file):\(problem.line)"]), to: .error))
        }
        for former in resources.formerFiles {
            lines.append(OutputLine(catalog.text("grammar.former-file", ["path": former.path, "shape": former.shape]), to: .error))
        }
        for problem in resources.commandWordProblems {
            let location = "\(problem.file):\(problem.line)"
            // A reply rule has its own shape; `kassa grammar check` says what is wrong.
            let badLine = problem.directive == .reply ? "dialog.bad-line" : "commands.bad-line"
            lines.append(OutputLine(problem.unknown.map {
                catalog.text("commands.unknown-name", ["location": location, "name": $0])
            } ?? catalog.text(badLine, ["location": location]), to: .error))
        }
        console.write(lines)
    }

    private func reportGrammarProblems(_ errors: [GrammarError]) {
        var lines: [OutputLine] = []
        for error in errors {
            let described = GrammarCommands.describe(error, catalog: catalog)
            lines.append(OutputLine(catalog.text("grammar.warning", ["location": described[0]]), to: .error))
            lines += described.dropFirst().map { OutputLine($0, to: .error) }
        }
        console.write(lines)
    }

    /// Opens the journal, printing what the open noticed (a torn tail left or moved aside).
    /// `readOnly` (list, balance, history …): the open never writes. Only kassa's own default
    /// directory is ever created; without HOME, XDG_DATA_HOME or --file there is no journal.
    func openJournal(readOnly: Bool = false) throws -> Journal {
        let journal: Journal
        if paths.ledger != nil {
            journal = try openLedger(readOnly: readOnly).journal
        } else {
            if paths.journalUnknown { throw SessionError("store.no-home") }
            journal = try Journal.open(path: paths.journal, readOnly: readOnly, createDirectories: paths.journalIsDefault,
                                       snapshots: paths.snapshots)
        }
        // Own categories' names over the rule files' (the rule files are read only when there are some).
        let definitions = CategoryDirectory.definitions(journal)
        if !definitions.isEmpty { categoryNames.use(definitions) }
        console.write(journal.warnings.map { warning in
            OutputLine(style.note(catalog.text(warning.messageKey, warning.messageArguments)), to: .error)
        })
        return journal
    }

    /// The ledger folder's merged view (Devices/). This device writes only when it has joined
    /// that folder on this machine (config `ledger`, `device`, `device-id`, `device-machine`;
    /// DeviceBinding); otherwise the view is read-only and a command that writes is refused with
    /// devices.not-joined, or devices.copied-config when the config came from another machine.
    public func openLedger(readOnly: Bool = false) throws -> Ledger {
        guard let folder = paths.ledger else { throw SessionError("devices.no-ledger") }
        guard let cache = paths.cache else { throw SessionError("store.no-home") }
        let binding = DeviceBinding.of(settings.config, folder: folder, paths: paths, home: environment["HOME"])
        if !readOnly, case .copied(let name) = binding {
            throw LedgerError(.copiedConfig, ["folder": folder, "name": name, "config": settings.config.path])
        }
        if !readOnly, case .joined(_, _, machineKnown: false) = binding {
            adoptMachine()
        }
        let ledger = try Ledger.open(folder: folder, device: binding.device, cache: cache, readOnly: readOnly)
        if !readOnly, ledger.own == nil { throw LedgerError(.notJoined, ["folder": folder]) }
        return ledger
    }

    /// Records this machine in a config written before machines were, once a process; a failure
    /// is said and changes nothing else (the device still writes as before).
    private func adoptMachine() {
        guard adopted.withLock({ done in defer { done = true }; return !done }) else { return }
        if let failure = DeviceBinding.adopt(settings.config, paths: paths) {
            console.write([OutputLine(style.note(catalog.text("config.write-failed", ["path": settings.config.path,
                                                                                     "reason": SafeFile.Errno(failure).reason])), to: .error)])
        }
    }
}
