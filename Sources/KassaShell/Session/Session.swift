// Session: the dialog as a state machine, the same for a terminal and for a script.
//
//   idle ──entry──▶ confirming ──Enter/y/д──▶ saved ──▶ idle
//                      │  ▲  └──n/н──▶ discarded ──▶ idle
//                      └──┘ correction ("amount 1600", "no, 1600", "the taxi was 2000", "drop the
//                           coffee"), or another entry, which joins the waiting drafts as one
//                           numbered batch (Dialog/Session+Reply decides which)
//
// Nothing waiting is ever discarded without the person saying so: a new entry joins the batch
// (pasted dictation arrives line by line), a reply that is neither an answer, a correction nor
// an entry keeps the batch and says what was not understood. One Enter saves the whole batch as
// one change, so one undo takes it back.
//
// `handle` takes one line and returns what to say (SessionEvent values); it never prints, never
// reads a clock (today comes from the configuration), and touches the outside world only through
// the journal. A draft that could not be saved stays pending so the person can retry.

import KassaCore
import KassaLedger
import KassaStore

public final class Session {
    public struct Configuration: Sendable {
        public var today: CivilDate
        public var language: Language
        /// --yes: commit every complete draft without asking.
        public var autoConfirm: Bool
        public var defaultCurrency: Currency
        /// The config file's `account` or the built-in "cash"; `defaultAccount(in:)` is the one
        /// in effect (the journal's `:account default` wins over the built-in one).
        public var defaultAccount: String
        /// `defaultAccount` came from the config file (so it wins over the journal's setting).
        public var defaultAccountIsConfigured: Bool
        /// A person at a terminal: blank lines are just Enter, not worth a remark.
        public var interactive: Bool
        /// What budgets, reports and rates convert to (config `base-currency`).
        public var baseCurrency: Currency = .kzt

        public init(today: CivilDate, language: Language, autoConfirm: Bool = false,
                    defaultCurrency: Currency = .kzt, defaultAccount: String = "cash", interactive: Bool = false,
                    defaultAccountIsConfigured: Bool = false) {
            self.defaultAccountIsConfigured = defaultAccountIsConfigured
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
    public internal(set) var state: State = .idle
    public internal(set) var pending: [Draft] = []
    /// The line each pending draft came from (saved as the transaction's input).
    var pendingInputs: [String] = []
    /// Category choices made while the drafts wait, saved in the same change as the drafts.
    var pendingLessons: [Lesson] = []
    /// For each pending draft, the due occurrence of a series it pays (nil for a typed entry);
    /// due drafts dropped from the batch, recorded as skipped when the batch is saved or discarded.
    var pendingDue: [DueOccurrence?] = []
    var pendingSkips: [DueOccurrence] = []
    var lastResult: ParseResult?
    /// The ids of the batch the line before saved (or corrected since): a correction said next
    /// edits them (SavedCorrection); any other line closes the window.
    var justSaved: [Int] = []
    /// The lines saved in this session and the transactions each became: the same dictation
    /// pasted again is said to be so before it is saved twice.
    var savedLines: [String: [Int]] = [:]
    /// What the last reply to waiting drafts was read as (`:why`); nil after a new entry.
    public internal(set) var lastReply: ReplyExplanation?
    /// The last question answered (Ask/), for `:why`; a later entry's result wins over it.
    var lastQuestion: AskResult?
    /// A line was not understood or rejected (scripted exit status 1).
    public internal(set) var hadInputError = false
    /// The journal failed to read or write (exit status 3).
    public internal(set) var hadStoreError = false
    public internal(set) var finished = false
    /// The budgets' state, kept up to date by each save (`budgets`).
    private var budgetBook: BudgetBook?
    /// `parserAccounts` as of the journal's change count.
    private var parserAccountsKept: (changes: Int, accounts: [Account])?

    public init(configuration: Configuration, parser: Parser, words: CommandWords, journal: Journal) {
        self.configuration = configuration
        self.parser = parser
        self.words = words
        self.journal = journal
    }

    var parseContext: ParseContext {
        ParseContext(today: configuration.today, language: configuration.language,
                     defaultCurrency: configuration.defaultCurrency, defaultAccount: configuration.defaultAccount(in: journal),
                     accounts: parserAccounts, learnedCategories: journal.learnedCategories)
    }

    /// The accounts as the parser knows them (AccountBook.parserAccounts reads the accounts'
    /// profiles), read again only when the journal has changed: a line asks for them several times.
    private var parserAccounts: [Account] {
        if let kept = parserAccountsKept, kept.changes == journal.changeCount { return kept.accounts }
        let accounts = AccountBook.parserAccounts(journal)
        parserAccountsKept = (journal.changeCount, accounts)
        return accounts
    }

    /// The budgets' state for this session's journal, made on first use.
    public var budgets: BudgetBook {
        if let budgetBook { return budgetBook }
        let book = BudgetBook(journal: journal, configuration: configuration, app: app)
        budgetBook = book
        return book
    }

    /// Builds the budgets' state now (at session start), so the first save only adds to it.
    public func primeBudgets() {
        if !journal.objects(Budget.kind).isEmpty { _ = budgets.current() }
    }

    // MARK: - Input

    /// What the session does before the first line: deposits' due interest is posted (its own
    /// change), then the payments recurring series have due are asked as one batch and what falls
    /// due within the reminders is said. Nothing at all for a journal without deposits or series.
    public func start() -> [SessionEvent] {
        InterestPosting.atStart(of: self) + SeriesDialog.askDue(in: self)
    }

    public func handle(_ input: LineInput) -> [SessionEvent] {
        switch input {
        case .line(let text):
            return handle(line: text)
        case .invalidEncoding(let count):
            return reject(SessionError("input.invalid-utf8", ["bytes": String(count)]))
        case .tooLong(let count):
            return reject(SessionError("input.too-long", ["bytes": String(count), "limit": String(LineLimits.maximumLineBytes)]))
        case .interrupted:
            // Ctrl-C on an empty line: the waiting drafts go, and the person is told.
            if state == .confirming { return discardPending() }
            return []
        case .cleared:
            // Ctrl-C with text on the line cancels only that text.
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

    func handle(line typed: String) -> [SessionEvent] {
        // Escape sequences and control characters are not words (a paste may carry colours).
        let raw = TerminalSafety.readable(typed)
        // Command, answer, correction or entry: decided in one place (Dialog/Session+Reply).
        return respond(to: raw)
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
        let before = BoughtAgain.amounts(for: line, drafts: &pending, in: self)
        pendingInputs = Array(repeating: line, count: result.drafts.count)
        pendingDue = Array(repeating: nil, count: result.drafts.count)
        state = .confirming
        return before + shown(input: line, questions: result.questions, again: savedAgain(line))
    }

    /// The questions the waiting drafts from `first` on ask (ties asked by the card aside, unless
    /// `ties`).
    func doubts(from first: Int = 0, ties: Bool = false, held: Bool = false) -> [SessionEvent] {
        var events: [SessionEvent] = []
        for index in pending.indices where index >= first {
            for doubt in pending[index].doubts where ties || doubt.reason != .tie {
                events.append(.doubt(index: index, count: pending.count, doubt: doubt, held: held))
            }
        }
        return events
    }

    var hasDoubts: Bool { pending.contains { !$0.doubts.isEmpty } }

    /// A bare Enter: saves when nothing is in doubt; otherwise nothing is saved and the
    /// questions are asked again.
    func confirmBare() -> [SessionEvent] {
        guard hasDoubts else { return confirm() }
        return [.notice("doubt.enter-held")] + doubts(ties: true) + [.notice("doubt.hint")]
    }

    /// "yes", "save anyway", «всё равно сохрани»: the person's answer to every open question,
    /// then the save.
    func confirmAnswered() -> [SessionEvent] {
        for index in pending.indices { pending[index].doubts.removeAll() }
        return confirm()
    }

    /// With --yes nobody answers: the drafts in doubt are not saved, each named with its
    /// question (on stderr), and the others are.
    func holdDoubted() -> [SessionEvent] {
        let held = doubts(ties: true, held: true)
        let keep = pending.indices.filter { pending[$0].doubts.isEmpty }
        pending = keep.map { pending[$0] }
        pendingInputs = keep.map { pendingInputs[$0] }
        pendingDue = keep.map { pendingDue[$0] }
        hadInputError = true
        guard !pending.isEmpty else {
            clearPending()
            return held
        }
        return held + confirm()
    }

    /// A line while drafts wait: when it reads as an entry, its drafts join the batch; when it
    /// does not, the batch stays and the person hears what was not understood.
    func join(line: String, unplaced: Bool = false) -> [SessionEvent] {
        let result = parser.parse(line, context: parseContext)
        if let error = result.error {
            // Said why (an amount too large, too many decimals); the batch stays.
            hadInputError = true
            return [.error(error, input: line, span: error.span), .awaitingAnswer]
        }
        var drafts = result.drafts
        let before = BoughtAgain.amounts(for: line, drafts: &drafts, in: self)
        // An entry says how much; a word without an amount here is a typo, not a purchase.
        guard drafts.contains(where: { $0.amount != nil }) else {
            hadInputError = true
            return [.error(SessionError("batch.not-understood", ["value": line]), input: nil, span: nil), .awaitingAnswer]
        }
        lastResult = result
        let offset = pending.count
        // A reply no rule placed that reads as an entry may be a change said in other words
        // ("the taxi one 2000"): a purchase with nothing to say what it is, or of the same
        // category as a waiting draft, is asked before it is saved as a new one.
        if unplaced {
            let waiting = Set(pending.compactMap(\.category))
            for index in drafts.indices where drafts[index].category == nil || waiting.contains(drafts[index].category!) {
                drafts[index].doubt(Doubt(field: .entry, text: line.trimmingWhitespace, reason: .correctionOrEntry))
            }
        }
        pending += drafts
        pendingInputs += Array(repeating: line, count: result.drafts.count)
        pendingDue += Array(repeating: nil, count: result.drafts.count)
        let questions = result.questions.map { Question(draftIndex: $0.draftIndex + offset, field: $0.field, options: $0.options) }
        return before + shown(input: line, questions: questions, again: savedAgain(line), from: offset)
    }

    /// A line this session already saved, said again (a dictation pasted twice): the notice
    /// naming what it became, so a second save is the person's choice, not an accident.
    func savedAgain(_ line: String) -> [SessionEvent] {
        guard let ids = savedLines[line.trimmingWhitespace], !ids.isEmpty else { return [] }
        return [.notice("draft.saved-before", ["ids": ids.map { "#\($0)" }.joined(separator: ", ")])]
    }

    /// The batch's card, then what is needed next: saving at once (--yes), an amount, or an answer.
    func shown(input: String, questions: [Question], again: [SessionEvent] = [], from first: Int = 0) -> [SessionEvent] {
        var events: [SessionEvent] = [.drafts(pending, input: input, questions: questions)] + doubts(from: first) + again
        if configuration.autoConfirm {
            events += confirm()
        } else {
            events += nextQuestion()
        }
        return events
    }

    /// What the batch needs before it can be saved: an amount, a transfer's destination, or
    /// only the person's answer.
    func nextQuestion() -> [SessionEvent] {
        if let missing = pending.firstIndex(where: { $0.amount == nil }) { return [.amountNeeded(index: missing)] }
        if let transfer = unplacedTransfer { return [.notice(transfer.needed, ["number": String(transfer.index + 1)])] }
        if hasDoubts { return [.notice("doubt.hint")] }
        return [.awaitingAnswer]
    }

    func confirm() -> [SessionEvent] {
        if let missing = pending.firstIndex(where: { $0.amount == nil }) {
            if configuration.autoConfirm { return refuseUnattended("draft.amount-missing") }
            return [.amountNeeded(index: missing)]
        }
        if let transfer = unplacedTransfer {
            if configuration.autoConfirm { return refuseUnattended(transfer.missing) }
            return [.notice(transfer.needed, ["number": String(transfer.index + 1)])]
        }
        if let refused = ArchivedAccounts.refusal(in: self) { return refused }
        if configuration.autoConfirm, hasDoubts { return holdDoubted() }
        do {
            // An account is made by its first use; the person hears about it once. Only the few
            // names these drafts use are looked up (no scan of the whole journal per save).
            let defined = Set(journal.accounts.map(\.name) + [configuration.defaultAccount(in: journal)])
            var fresh: [String] = []
            for name in pending.flatMap({ [$0.account, $0.toAccount] }).compactMap({ $0 })
                where !defined.contains(name) && !fresh.contains(name) && !journal.holdsTransactions(account: name) {
                fresh.append(name)
            }
            // Series the save starts, due occurrences it pays or skips: in the same change.
            var recurring: [SessionEvent] = []
            let changesBefore = journal.changeCount
            let saved = try journal.commit(pending, inputs: pendingInputs, lessons: pendingLessons) { saved in
                let (records, events) = SeriesDialog.records(for: saved, in: self)
                recurring = events
                return records
            }
            for (transaction, input) in zip(saved, pendingInputs) {
                savedLines[input.trimmingWhitespace, default: []].append(transaction.id)
            }
            clearPending()
            justSaved = saved.map(\.id)
            return [.saved(saved, budgets: budgets.afterSave(saved, changesBefore: changesBefore))] + recurring + fresh.map { .notice("account.first-use", ["name": $0]) }
        } catch let error as any LocalizableError {
            hadStoreError = true
            return [.error(error)] + afterFailedSave()
        } catch {
            hadStoreError = true
            return [.error(SessionError("store.failed"))] + afterFailedSave()
        }
    }

    /// What becomes of drafts a save could not write (a journal damaged, full, replaced by
    /// `kassa repair` under the session): at a prompt they wait for Enter to try again; with
    /// --yes nobody is there to press it, so they go, each line named as not saved, and the
    /// next line is an entry of its own rather than a change to them.
    private func afterFailedSave() -> [SessionEvent] {
        guard configuration.autoConfirm else { return [.notice("draft.kept")] }
        var lines: [String] = []
        for input in pendingInputs where !lines.contains(input) { lines.append(input) }
        clearPending()
        return [.error(SessionError("draft.not-saved-unattended", ["lines": lines.map { "“" + $0 + "”" }.joined(separator: ", ")]))]
    }

    /// The first transfer that cannot be saved yet — one with no destination, then one with no
    /// source ("took out 20000 at the ATM") — with the notice that asks for it and the error that
    /// refuses it.
    private var unplacedTransfer: (index: Int, needed: String, missing: String)? {
        if let index = pending.firstIndex(where: { $0.type == .transfer && $0.toAccount == nil }) {
            return (index, "draft.destination-needed", "draft.destination-missing")
        }
        if let index = pending.firstIndex(where: { $0.type == .transfer && $0.account == nil }) {
            return (index, "draft.source-needed", "draft.source-missing")
        }
        return nil
    }

    /// Nobody is there to answer (--yes): the batch is refused with `key`, not left waiting.
    private func refuseUnattended(_ key: String) -> [SessionEvent] {
        let count = pending.count
        clearPending()
        hadInputError = true
        return [.error(SessionError(key)), .discarded(count: count)]
    }

    /// The batch goes unsaved; its due occurrences are recorded as skipped (SeriesDialog), so
    /// they are not asked again.
    func discardPending(count: Int? = nil) -> [SessionEvent] {
        let count = count ?? pending.count
        let skipped = pendingDue.compactMap { $0 } + pendingSkips
        clearPending()
        return [.discarded(count: count)] + SeriesDialog.skip(skipped, in: self)
    }

    func clearPending() {
        pending = []
        pendingInputs = []
        pendingLessons = []
        pendingDue = []
        pendingSkips = []
        state = .idle
    }

    /// The store failed under the session: said (as "store.failed" when the error has no words
    /// of its own), and the session's exit status becomes 3.
    func storeFailure(_ error: any Error) -> [SessionEvent] {
        hadStoreError = true
        return [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
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
