// Session: the dialog as a state machine, the same for a terminal and for a script.
//
//   idle ──entry──▶ confirming ──Enter/y/д──▶ saved ──▶ idle
//                      │  ▲  └──n/н──▶ discarded ──▶ idle
//                      └──┘ correction ("amount 1600", "дата вчера") re-shows the card
//
// `handle` takes one line and returns what to say (SessionEvent values); it never prints, never
// reads a clock (today comes from the configuration), and touches the outside world only through
// the journal. A draft that could not be saved stays pending so the person can retry.

import Foundation
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
    public private(set) var state: State = .idle
    public private(set) var pending: [Draft] = []
    private var pendingInput = ""
    private var lastResult: ParseResult?
    private var learned: [String: String] = [:]
    /// A line was not understood or rejected (scripted exit status 1).
    public private(set) var hadInputError = false
    /// The journal failed to read or write (exit status 3).
    public private(set) var hadStoreError = false
    public private(set) var finished = false

    public init(configuration: Configuration, parser: Parser, words: CommandWords, journal: Journal) {
        self.configuration = configuration
        self.parser = parser
        self.words = words
        self.journal = journal
    }

    var parseContext: ParseContext {
        ParseContext(today: configuration.today, language: configuration.language,
                     defaultCurrency: configuration.defaultCurrency, defaultAccount: configuration.defaultAccount,
                     learnedCategories: learned)
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
        let line = raw.trimmingCharacters(in: .whitespaces)
        if let command = SessionCommand(line: line, words: words, confirming: state == .confirming) {
            return run(command)
        }
        if line.hasPrefix(":") {
            let name = line.dropFirst().split(separator: " ").first.map(String.init) ?? ""
            return reject(SessionError("command.unknown", ["command": ":" + name]))
        }
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

    func clearPending() {
        pending = []
        pendingInput = ""
        state = .idle
    }

    func reject(_ error: any LocalizableError, input: String? = nil, span: Range<Int>? = nil) -> [SessionEvent] {
        hadInputError = true
        return [.error(error, input: input, span: span)]
    }

    // MARK: - Corrections

    /// A correction of the pending draft, or nil when the line is not one.
    func correct(_ line: String) -> [SessionEvent]? {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let first = parts.first else { return nil }
        let value = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""
        guard let field = words.name(in: "field", for: first) else {
            return correctBare(line)
        }
        guard !value.isEmpty else {
            return reject(SessionError("correction.value-missing", ["field": String(first)]))
        }
        let index = pending.firstIndex { $0.amount == nil } ?? pending.count - 1
        var draft = pending[index]
        switch field {
        case "amount":
            guard let amount = parser.amount(in: value, context: parseContext) else {
                return reject(SessionError("correction.bad-amount", ["value": value]))
            }
            draft.amount = amount
            draft.unflag(.amountMissing)
        case "date":
            guard let date = parser.date(in: value, context: parseContext) else {
                return reject(SessionError("correction.bad-date", ["value": value]))
            }
            draft.date = date
            draft.unflag(.dateAssumed)
        case "category":
            guard let slug = parser.grammar.categorySlug(named: value) else {
                return reject(SessionError("correction.bad-category", ["value": value]))
            }
            draft.category = slug
            draft.unflag(.categoryGuessed)
            learned[Parser.learningKey(draft.note)] = slug
        case "note":
            draft.note = value
        case "account":
            guard let account = parser.account(named: value, context: parseContext) else {
                return reject(SessionError("correction.bad-account", ["value": value]))
            }
            draft.account = account
            draft.unflag(.accountDefault)
        case "currency":
            guard let currency = Currency(code: value), let amount = draft.amount,
                  let rescaled = Money(decimal: amount.decimalString, currency: currency)
                    ?? Money(major: amount.minorUnits / amount.currency.minorPerMajor, currency: currency) else {
                return reject(SessionError("correction.bad-currency", ["value": value]))
            }
            draft.amount = rescaled
            draft.unflag(.currencyDefault)
        case "type":
            guard let type = TransactionType.allCases.first(where: {
                $0.rawValue == value.lowercased() || words.name(in: "type", for: value) == $0.rawValue
            }) else {
                return reject(SessionError("correction.bad-type", ["value": value]))
            }
            draft.type = type
        default:
            return nil
        }
        pending[index] = draft
        return [.corrected(pending)] + (pending.contains { $0.amount == nil } ? [.amountNeeded(index: index)] : [])
    }

    /// "1600" or "вчера" alone while a draft waits: fills the fields the line says and nothing else.
    func correctBare(_ line: String) -> [SessionEvent]? {
        let result = parser.parse(line, context: parseContext)
        guard result.error == nil, result.drafts.count == 1, let said = result.drafts.first,
              said.note.isEmpty else { return nil }
        let index = pending.firstIndex { $0.amount == nil } ?? pending.count - 1
        var draft = pending[index]
        var changed = false
        if let amount = said.amount {
            draft.amount = amount
            draft.unflag(.amountMissing)
            changed = true
        }
        if !said.has(.dateAssumed) {
            draft.date = said.date
            draft.unflag(.dateAssumed)
            changed = true
        }
        guard changed else { return nil }
        pending[index] = draft
        return [.corrected(pending)] + (pending.contains { $0.amount == nil } ? [.amountNeeded(index: index)] : [])
    }

    // MARK: - Commands

    func run(_ command: SessionCommand) -> [SessionEvent] {
        switch command {
        case .confirm:
            return confirm()
        case .discard:
            let count = pending.count
            clearPending()
            return [.discarded(count: count)]
        case .help:
            return [.help]
        case .quit:
            var events: [SessionEvent] = []
            if state == .confirming {
                events.append(.notice(key: "session.unsaved-on-exit", arguments: [:], count: pending.count))
                clearPending()
            }
            finished = true
            return events + [.quit]
        case .undo:
            do { return [.undone(try journal.undo())] } catch { return storeFailure(error) }
        case .redo:
            do { return [.redone(try journal.redo())] } catch { return storeFailure(error) }
        case .list(let filter):
            return [.listing(filter.apply(to: journal.transactions, today: configuration.today))]
        case .why:
            guard let result = lastResult else { return [.notice("why.nothing")] }
            return [.explanation(result)]
        case .unsupported(let name):
            return reject(SessionError("command.not-yet", ["command": ":" + name]))
        case .invalid(let key, let arguments):
            return reject(SessionError(key, arguments))
        }
    }

    func storeFailure(_ error: any Error) -> [SessionEvent] {
        if let storeError = error as? StoreError,
           storeError.kind == .nothingToUndo || storeError.kind == .nothingToRedo {
            return reject(storeError)
        }
        hadStoreError = true
        return [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
    }
}
