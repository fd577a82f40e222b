// Session: the dialog as a state machine, the same for a terminal and for a script.
//
//   idle ──entry──▶ confirming ──Enter/y/д──▶ saved ──▶ idle
//                      │  ▲  └──n/н──▶ discarded ──▶ idle
//                      └──┘ correction ("amount 1600", "дата вчера") re-shows the card
//
// `handle` takes one line and returns what to say (SessionEvent values); it never prints, never
// reads a clock (today comes from the configuration), and touches the outside world only through
// the journal. A draft that could not be saved stays pending so the person can retry.

import KassaCore
import KassaStore

public final class Session {
    public struct Configuration: Sendable {
        public var today: CivilDate
        public var language: Language
        /// --yes: commit every complete draft without asking.
        public var autoConfirm: Bool
        public var defaultCurrency: Currency
        public var defaultAccount: String
        /// A person at a terminal: blank lines are just Enter, not worth a remark.
        public var interactive: Bool

        public init(today: CivilDate, language: Language, autoConfirm: Bool = false,
                    defaultCurrency: Currency = .kzt, defaultAccount: String = "cash", interactive: Bool = false) {
            self.today = today
            self.interactive = interactive
            self.language = language
            self.autoConfirm = autoConfirm
            self.defaultCurrency = defaultCurrency
            self.defaultAccount = defaultAccount
        }
    }

    public enum State: Sendable, Equatable {
        case idle
        case confirming
    }

    public let configuration: Configuration
    public let parser: Parser
    public let words: CommandWords
    public let journal: Journal
    /// The program around the session (paths, resources, console); nil when a test runs the
    /// session alone. Commands that need the terminal or the files use it.
    public var app: AppContext?
    public private(set) var state: State = .idle
    public internal(set) var pending: [Draft] = []
    private var pendingInput = ""
    var lastResult: ParseResult?
    /// A line was not understood or rejected (scripted exit status 1).
    public internal(set) var hadInputError = false
    /// The journal failed to read or write (exit status 3).
    public internal(set) var hadStoreError = false
    public internal(set) var finished = false

    public init(configuration: Configuration, parser: Parser, words: CommandWords, journal: Journal) {
        self.configuration = configuration
        self.parser = parser
        self.words = words
        self.journal = journal
    }

    var parseContext: ParseContext {
        ParseContext(today: configuration.today, language: configuration.language,
                     defaultCurrency: configuration.defaultCurrency, defaultAccount: configuration.defaultAccount,
                     accounts: journal.accounts, learnedCategories: journal.learnedCategories)
    }

    // MARK: - Input

    public func handle(_ input: LineInput) -> [SessionEvent] {
        switch input {
        case .line(let text):
            return handle(line: text)
        case .invalidEncoding(let count):
            return reject(SessionError("input.invalid-utf8", ["bytes": String(count)]))
        case .tooLong(let count):
            return reject(SessionError("input.too-long", ["bytes": String(count), "limit": String(LineLimits.maximumLineBytes)]))
        case .interrupted:
            if state == .confirming {
                let count = pending.count
                clearPending()
                return [.discarded(count: count)]
            }
            return []
        case .end:
            return finish()
        }
    }

    /// End of input: say so if a draft is left unsaved.
    public func finish() -> [SessionEvent] {
        guard !finished else { return [] }
        finished = true
        guard state == .confirming else { return [] }
        let count = pending.count
        clearPending()
        hadInputError = true
        return [.notice(key: "session.unsaved-on-exit", arguments: [:], count: count)]
    }

    func handle(line raw: String) -> [SessionEvent] {
        let line = raw.trimmingWhitespace
        if let events = command(line) { return events }
        if state == .confirming {
            if line.isEmpty { return confirm() }
            if let events = correct(line) { return events }
            // Anything else is a new entry: the person moved on without answering.
            let count = pending.count
            clearPending()
            return [.discarded(count: count)] + enter(line: raw)
        }
        if line.isEmpty {
            // A script's blank line is said aloud (nothing is lost, so the exit status stays).
            return configuration.interactive ? [] : [.notice("input.empty")]
        }
        return enter(line: raw)
    }

    // MARK: - Entries

    func enter(line: String) -> [SessionEvent] {
        let result = parser.parse(line, context: parseContext)
        lastResult = result
        if let error = result.error {
            return reject(error, input: line, span: error.span)
        }
        guard !result.drafts.isEmpty else {
            return reject(SessionError("parse.nothing"), input: line, span: nil)
        }
        pending = result.drafts
        pendingInput = line
        state = .confirming
        var events: [SessionEvent] = [.drafts(pending, input: line, questions: result.questions)]
        if configuration.autoConfirm {
            events += confirm()
        } else if let missing = pending.firstIndex(where: { $0.amount == nil }) {
            events.append(.amountNeeded(index: missing))
        } else {
            events.append(.awaitingAnswer)
        }
        return events
    }

    func confirm() -> [SessionEvent] {
        if let missing = pending.firstIndex(where: { $0.amount == nil }) {
            if configuration.autoConfirm {
                // Nobody is there to answer: reject rather than wait.
                let count = pending.count
                clearPending()
                hadInputError = true
                return [.error(SessionError("draft.amount-missing")), .discarded(count: count)]
            }
            return [.amountNeeded(index: missing)]
        }
        do {
            let saved = try journal.commit(pending, input: pendingInput)
            clearPending()
            return [.saved(saved)]
        } catch let error as any LocalizableError {
            hadStoreError = true
            return [.error(error), .notice("draft.kept")]
        } catch {
            hadStoreError = true
            return [.error(SessionError("store.failed")), .notice("draft.kept")]
        }
    }

    /// Remembers the person's category choice for these words in the journal, so it wins next
    /// time in every session.
    func learn(note: String, category: String) {
        Lessons.learn(note: note, category: category, in: journal)
    }

    func clearPending() {
        pending = []
        pendingInput = ""
        state = .idle
    }

    func reject(_ error: any LocalizableError, input: String? = nil, span: Range<Int>? = nil) -> [SessionEvent] {
        hadInputError = true
        return [.error(error, input: input, span: span)]
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace other than newlines (Foundation's `.whitespaces`):
    /// here rather than through Foundation, which would link ICU's tables into the binary and
    /// add milliseconds to every start.
    var trimmingWhitespace: String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
