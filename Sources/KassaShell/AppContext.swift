// AppContext: what every subcommand needs, built once at start-up: options, catalog, grammar,
// parser, paths and how to render.

import KassaCore
import KassaStore

public struct AppContext {
    public let options: Options
    public let environment: [String: String]
    public let resources: Resources
    /// Where the resources came from, to read more of them (corpora for `kassa grammar test`).
    public let locator: ResourceLocator
    public let language: Language
    public let today: CivilDate
    public let paths: ShellPaths
    /// stdin and stdout are both terminals: libedit, prompts, colour (unless disabled).
    public let interactive: Bool
    public let style: TextStyle
    public let console: Console
    public let grammar: Grammar
    public let grammarErrors: [GrammarError]
    public let parser: Parser

    init(options: Options, environment: [String: String], resources: Resources, locator: ResourceLocator, language: Language,
         today: CivilDate, paths: ShellPaths, interactive: Bool, style: TextStyle, console: Console) {
        self.options = options
        self.environment = environment
        self.resources = resources
        self.locator = locator
        self.language = language
        self.today = today
        self.paths = paths
        self.interactive = interactive
        self.style = style
        self.console = console
        (grammar, grammarErrors) = Grammar.load(resources.grammarSources)
        parser = Parser(grammar: grammar)
    }

    public var catalog: Catalog { resources.catalog(language) }

    public var textRenderer: TextRenderer {
        TextRenderer(catalog: catalog, grammar: grammar, style: style)
    }

    public var renderer: any SessionRenderer {
        options.json ? JSONRenderer(text: textRenderer) : textRenderer
    }

    public var sessionConfiguration: Session.Configuration {
        Session.Configuration(today: today, language: language, autoConfirm: options.yes, interactive: interactive)
    }

    /// Grammar mistakes are warnings: kassa starts with the rest (issue: file:line:column + caret).
    func reportResourceProblems() {
        var lines: [OutputLine] = []
        for error in grammarErrors {
            let described = GrammarCommands.describe(error, catalog: catalog)
            lines.append(OutputLine(catalog.text("grammar.warning", ["location": described[0]]), to: .error))
            lines += described.dropFirst().map { OutputLine($0, to: .error) }
        }
        for problem in resources.catalogProblems {
            lines.append(OutputLine(catalog.text("catalog.warning", ["location": "\(problem.file):\(problem.line)"]), to: .error))
        }
        console.write(lines)
    }

    /// Without HOME, XDG_DATA_HOME or --file there is no journal path: says so (exit status 3).
    func refuseUnknownJournal() -> Int32? {
        guard paths.journalUnknown else { return nil }
        console.write(textRenderer.render(.error(SessionError("store.no-home"))))
        return KassaApp.ExitStatus.journal.rawValue
    }

    /// Opens the journal and runs `body`, or reports why it cannot be opened (exit status 3).
    /// `readOnly` (list, balance, history): the open never writes (a torn tail is left in place).
    func withJournal(readOnly: Bool = false, _ body: (Journal) -> Int32) -> Int32 {
        if let refused = refuseUnknownJournal() { return refused }
        let journal: Journal
        do {
            journal = try Journal.open(path: paths.journal, readOnly: readOnly, createDirectories: paths.journalIsDefault)
        } catch {
            console.write(textRenderer.render(.error((error as? any LocalizableError) ?? SessionError("store.failed"))))
            return KassaApp.ExitStatus.journal.rawValue
        }
        console.write(journal.warnings.flatMap { warning in
            renderer.render(.notice(key: warning.messageKey, arguments: warning.messageArguments, count: nil))
        }.map { OutputLine($0.text, to: .error) })
        return body(journal)
    }
}
