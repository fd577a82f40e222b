// CommandContext: what a running command may use — the settings, the session's words, the
// journal (opened on first use, so `kassa parse` never touches it), the parser (built on first
// use, so `kassa list` never loads the grammars), the session it runs in (if any), and a way to
// say things at once. It also keeps what went wrong, for the exit status.

import KassaCore
import KassaStore

public final class CommandContext {
    public let form: CommandForm
    public let configuration: Session.Configuration
    public let words: CommandWords
    /// The session running this command; nil on the command line.
    public let session: Session?
    /// The program's paths, resources and terminal; nil in tests that run the session alone.
    public let app: AppContext?
    private let openJournal: (_ readOnly: Bool) throws -> Journal
    private let makeParser: () -> Parser
    private var openedJournal: Journal?
    private var builtParser: Parser?
    /// Where `emit` sends events: printed at once on the command line, collected in a session.
    private let sink: ([SessionEvent]) -> Void

    /// A line was not understood or rejected (scripted exit status 1).
    public internal(set) var hadInputError = false
    /// The journal failed to read or write (exit status 3).
    public internal(set) var hadStoreError = false
    /// The command was used wrongly on the command line (exit status 2).
    public internal(set) var hadUsageError = false

    init(form: CommandForm, configuration: Session.Configuration, words: CommandWords, session: Session?,
         app: AppContext?, journal: @escaping (_ readOnly: Bool) throws -> Journal, parser: @escaping () -> Parser,
         sink: @escaping ([SessionEvent]) -> Void) {
        self.form = form
        self.configuration = configuration
        self.words = words
        self.session = session
        self.app = app
        openJournal = journal
        makeParser = parser
        self.sink = sink
    }

    /// The journal, opened on first use. Throws what opening it threw. `readOnly`: the command
    /// only reads, so the open never writes (a torn tail is left for a writer or repair).
    public func journal(readOnly: Bool = false) throws -> Journal {
        if let openedJournal { return openedJournal }
        let journal = try openJournal(readOnly)
        openedJournal = journal
        return journal
    }

    public var parser: Parser {
        if let builtParser { return builtParser }
        let parser = makeParser()
        builtParser = parser
        return parser
    }

    /// Says `events` now (one-shot commands that read input between answers, progress).
    public func emit(_ events: [SessionEvent]) {
        sink(events)
    }

    /// What the parser needs to know about the journal: its accounts and lessons.
    func parseContext(_ journal: Journal) -> ParseContext {
        ParseContext(today: configuration.today, language: configuration.language,
                     defaultCurrency: configuration.defaultCurrency, defaultAccount: configuration.defaultAccount(in: journal),
                     accounts: AccountBook.parserAccounts(journal), learnedCategories: journal.learnedCategories)
    }

    // MARK: - Outcomes

    /// The person's mistake: an error event, exit status 1 in a script.
    public func reject(_ error: any LocalizableError, input: String? = nil, span: Range<Int>? = nil) -> [SessionEvent] {
        hadInputError = true
        return [.error(error, input: input, span: span)]
    }

    /// The store failed (a journal or file that cannot be read or written): exit status 3; the
    /// error said as it is, or as "store.failed" when it has no words of its own.
    public func storeFailure(_ error: any Error) -> [SessionEvent] {
        hadStoreError = true
        return [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
    }

    /// A command used wrongly: exit status 2 on the command line, an input error in a session.
    public func usage(_ error: UsageError) -> [SessionEvent] {
        if form == .oneShot { hadUsageError = true } else { hadInputError = true }
        return [.error(error, input: nil, span: nil)]
    }

    /// Runs a journal operation; "nothing to undo", unknown ids and invalid values are the
    /// person's mistakes (exit 1), a sum too large is too, a usage mistake found against the journal
    /// is exit 2, anything else is a journal failure (exit 3).
    public func storeChange(readOnly: Bool = false, _ body: (Journal) throws -> [SessionEvent]) -> [SessionEvent] {
        do {
            return try body(try journal(readOnly: readOnly))
        } catch let error as StoreError
                    where [.nothingToUndo, .nothingToRedo, .noSuchTransaction, .invalid, .undoConflict].contains(error.kind) {
            return reject(error)
        } catch let error as MoneyError {
            return reject(error)
        } catch let error as UsageError {
            // An option the journal showed to be wrong (--payment-day for no loan): a usage mistake.
            return usage(error)
        } catch {
            return storeFailure(error)
        }
    }
}
