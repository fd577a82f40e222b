// OneShotCommands: `kassa parse|add|list|undo|redo|grammar`, the session's commands run once
// from the command line, with the same renderers and exit statuses.

import KassaCore
import KassaStore

struct OneShotCommands {
    let context: AppContext
    private var options: Options { context.options }

    /// `kassa parse [--json] [--explain] [TEXT...]`: never writes. One entry per stdin line
    /// when no text is given, each answered as soon as it is read.
    func parse() -> Int32 {
        let parseContext = ParseContext(today: context.today, language: context.language)
        var failed = false
        func answer(_ input: String) {
            let result = context.parser.parse(input, context: parseContext)
            if result.error != nil || result.drafts.isEmpty { failed = true }
            if options.json {
                context.console.write([OutputLine(JSONEncoding.parseResult(
                    result, message: context.textRenderer.message, explain: options.explain))])
            } else {
                var events: [SessionEvent] = []
                if let error = result.error {
                    events.append(.error(error, input: input, span: error.span))
                } else {
                    events.append(.drafts(result.drafts, input: input, questions: result.questions))
                }
                var lines = events.flatMap(context.textRenderer.render)
                if options.explain { lines += context.textRenderer.render(.explanation(result)) }
                context.console.write(lines)
            }
        }
        if !options.words.isEmpty {
            answer(options.words.joined(separator: " "))
        } else {
            let reader = ReaderFactory.make(context: context)
            loop: while true {
                switch reader.readLine(prompt: "") {
                case .line(let text): answer(text)
                case .invalidEncoding, .tooLong:
                    failed = true
                    if options.json {
                        context.console.write([OutputLine(JSONEncoding.parseResult(
                            ParseResult(input: "", error: ParseError(code: "bad-input", messageKey: "input.unreadable")),
                            message: context.textRenderer.message, explain: false))])
                    } else {
                        context.console.write(context.textRenderer.render(.error(SessionError("input.unreadable"))))
                    }
                case .interrupted: continue
                case .end: break loop
                }
            }
        }
        return failed ? KassaApp.ExitStatus.inputError.rawValue : KassaApp.ExitStatus.success.rawValue
    }

    /// `kassa add TEXT... [--yes]`: one entry through the session; without --yes the draft is
    /// confirmed (or corrected) on the following stdin lines.
    func add() -> Int32 {
        guard !options.words.isEmpty else {
            context.console.write(context.textRenderer.render(.error(UsageError(key: "usage.add-needs-text"))))
            return KassaApp.ExitStatus.usage.rawValue
        }
        return context.withJournal { journal in
            let session = Session(configuration: context.sessionConfiguration, parser: context.parser,
                                  words: context.resources.commandWords, journal: journal)
            let renderer = context.renderer
            context.console.write(session.handle(.line(options.words.joined(separator: " "))).flatMap(renderer.render))
            if session.state == .confirming {
                let reader = ReaderFactory.make(context: context)
                while session.state == .confirming && !session.finished {
                    let input = reader.readLine(prompt: context.catalog.text("prompt.confirm") + " ")
                    context.console.write(session.handle(input).flatMap(renderer.render))
                }
            }
            return SessionRunner.status(session: session, interactive: false)
        }
    }

    /// `kassa undo` / `kassa redo`: the latest change in the journal, through the session's own
    /// command so messages and exit statuses are the same as `:undo` in a script.
    func undoRedo(undo: Bool) -> Int32 {
        context.withJournal { journal in
            let session = Session(configuration: context.sessionConfiguration, parser: context.parser,
                                  words: context.resources.commandWords, journal: journal)
            context.console.write(session.run(undo ? .undo(.latest(1)) : .redo(count: 1)).flatMap(context.renderer.render))
            return SessionRunner.status(session: session, interactive: false)
        }
    }

    /// `kassa grammar check` validates every rule file; `kassa grammar test` runs the corpora.
    func grammar() -> Int32 {
        let action = options.words.first
        guard action == "check" || action == "test", options.words.count == 1 else {
            context.console.write(context.textRenderer.render(.error(UsageError(key: "usage.grammar"))))
            return KassaApp.ExitStatus.usage.rawValue
        }
        let sources: [GrammarSource]
        if action == "test" {
            guard let withCorpora = try? context.locator.load(languages: [context.language], corpora: true) else {
                return KassaApp.ExitStatus.usage.rawValue
            }
            sources = withCorpora.grammarSources
        } else {
            sources = context.resources.grammarSources
        }
        let (lines, status) = action == "check"
            ? GrammarCommands.check(sources: sources, catalog: context.catalog)
            : GrammarCommands.test(sources: sources, catalog: context.catalog)
        context.console.write(lines.map { OutputLine($0) })
        return status
    }
}
