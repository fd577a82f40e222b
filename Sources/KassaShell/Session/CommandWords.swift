// CommandWords: the session's own vocabulary (command names, bare commands, yes/no answers,
// correction fields: the `word` rules, in Grammars/<lang>/session.rules, kept as SessionWords),
// the words of replies to drafts (the `reply` rules, in Grammars/<lang>/replies.rules, kept as a
// DialogGrammar), and which names each group may give. All languages are merged: a Russian word
// works in an English session and the other way round.

import KassaCore
import KassaLedger
import KassaInterchange
import KassaStore

public struct CommandWords: Sendable {
    /// The `word` rules as a table.
    private var table = SessionWords()
    /// The words of replies to waiting drafts (`reply` rules).
    private var dialogGrammar = DialogGrammar()

    /// Tables not read yet (the built-in ones: BuiltinDataTests reads them), read on the first
    /// lookup and shared by every copy.
    private var later: Deferred<CommandWords>?

    public init() {}

    /// The words of `files` (contents, display name) in order, read only when first asked.
    public init(readingLater files: [(contents: String, file: String)]) {
        later = Deferred {
            var words = CommandWords()
            for file in files { words.load(file.contents, file: file.file) }
            return words
        }
    }

    /// Tables made elsewhere (the compiled ones), read only when first asked.
    public init(readingLater tables: @escaping @Sendable () -> (SessionWords, DialogGrammar)) {
        later = Deferred {
            var words = CommandWords()
            (words.table, words.dialogGrammar) = tables()
            return words
        }
    }

    /// The tables, read now if they were deferred.
    private var read: CommandWords { later?.value ?? self }

    public struct Problem: Sendable, Hashable {
        public let file: String
        public let line: Int
        /// The kind of rule the line is: a session word, or a reply (DialogGrammar's).
        public var directive: RuleDirective = .word
        /// "group.name" when the line was read but names nothing kassa has.
        public var unknown: String? = nil
    }

    /// Reads the `word` and `reply` lines of one rule file (`word GROUP NAME = w, w, …`; the
    /// replies go to the dialog grammar): each word one item, lower-cased (Latin and Cyrillic by table).
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        // Files added to deferred words go over the deferred ones, read now.
        if let later { self = later.value }
        let problems = dialogGrammar.load(contents, file: file).map { Problem(file: $0.file, line: $0.line, directive: .reply) }
        return problems + table.load(contents, file: file).map { Problem(file: file, line: $0) }
    }

    /// The session's words and the replies' grammar as tables (the build compiles them).
    public var tables: (words: SessionWords, replies: DialogGrammar) { (read.table, read.dialogGrammar) }

    /// The names each group may give: commands from the registry, the rest from the session.
    public static var knownNames: [String: Set<String>] {
        [
            "command": CommandRegistry.names,
            "bare": Set(CommandRegistry.commands(for: .session).map { $0.name }),
            "confirm": ["yes", "no"],
            "field": Set(FieldValue.names),
            "list": ["today", "yesterday", "all"],
            // Words that name a saved transaction in `delete` ("delete last").
            "id": ["last"],
            "type": Set(TransactionType.allCases.map(\.rawValue)),
            "account": Set(AccountCommand.surface.verbNames),
            "accountkind": Set(AccountKind.allCases.map(\.rawValue)),
            // A journal's account names read by `kassa import` (AccountNameMap).
            "journal": Set(AccountNameMap.Root.allCases.map(\.rawValue) + ["opening", "closing"]),
            "journalkind": Set(AccountNameMap.Kind.allCases.map(\.rawValue)),
            // The two words of the app's CSV row that carries an opening balance (TenraCSVReader).
            "tenra": ["opening", "balance"],
            "rate": Set(RateCommand.surface.verbNames),
            "category": Set(CategoryCommand.surface.verbNames),
            // Words that start a sentence about something other than a purchase ("курс доллара 480").
            // `set`: a verb before a budget phrase ("set a food budget of 100k a month").
            "phrase": ["rate", "budget", "set"],
            "batch": ["drop"],
            // Field words that may name an account kassa does not know yet ("account savings2");
            // the other account words ("from", "to", «на») take only a known one.
            "naming": ["account"],
            "report": Set(ReportKind.allCases.map(\.rawValue)),
            "period": ["week", "month", "year"],
            "by": Set(CategoryReport.Grouping.allCases.map(\.rawValue)),
            // kassa import's CSV headers, type and operation words, currency signs.
            // (a bank's amount and currency in the account's currency: account_amount …, BankHeader)
            "column": Set(ImportColumn.allCases.map(\.rawValue) + ["account_amount", "account_debit", "account_credit", "account_currency"]),
            // A bank's status of an operation that did not happen: the row is skipped.
            "status": ["failed"],
            "kind": Set(TransactionType.allCases.map(\.rawValue)),
            // A statement operation that takes cash out: a transfer to the cash account.
            "withdrawal": ["cash"],
            "currency": Set(Currency.allCodes),
            // Its verbs, `every` (repeat ID weekly every 2) and the words that make a series a subscription.
            "recurring": Set(RecurringCommand.surface.verbNames + ["every", "subscription"]),
            "frequency": Set(Recurrence.allCases.map(\.rawValue)),
            "budget": Set(BudgetCommand.surface.verbNames),
            // A series' new amount in words: "netflix is 5490 from april" (SeriesAmountPhrase).
            "seriesphrase": ["now", "from", "link"],
            // A balance said in words: "kaspi balance is 152340" (ReconcilePhrase).
            "reconcile": ["marker", "filler"],
            // A bank's row that could be one of two entries: the answer that it is neither (ImportCommand).
            "choice": ["new"],
        ]
    }

    /// Entries whose group kassa reads but whose name is not one of `known[group]` (a typo
    /// such as `command.lsit`), and entries of groups kassa does not read at all.
    public func unknownNames(known: [String: Set<String>]) -> [Problem] {
        read.table.entries.compactMap { entry in
            if let names = known[entry.group], names.contains(entry.name) { return nil }
            return Problem(file: entry.file, line: entry.line, unknown: entry.group + "." + entry.name)
        }
    }

    /// The dialog grammar: confirmations, refusals, cues, ordinals … (Dialog/ReplyReader reads replies with it).
    public var dialog: DialogGrammar { read.dialogGrammar }

    /// The name a word stands for in a group: ("command", "помощь") → "help".
    public func name(in group: String, for word: some StringProtocol) -> String? {
        read.table.name(in: group, for: word)
    }

    /// Every word of a group entry, for completion and help.
    public func words(_ group: String, _ name: String) -> [String] {
        read.table.words(group, name)
    }

    /// Every word of every entry in a group, sorted.
    public func allWords(in group: String) -> [String] {
        read.table.allWords(in: group)
    }
}
