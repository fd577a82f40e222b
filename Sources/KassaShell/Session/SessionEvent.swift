// SessionEvent: what the session has to say about one line, as values. TextRenderer turns them
// into localized lines for people, JSONRenderer into the one-object-per-line event stream.

import KassaCore
import KassaLedger
import KassaStore

public enum SessionEvent: Sendable {
    /// Drafts read from a line, awaiting confirmation (or about to be saved with --yes).
    case drafts([Draft], input: String, questions: [Question])
    /// The drafts wait for Enter / n / a correction (not said with --yes).
    case awaitingAnswer
    /// The pending draft at this index needs an amount before it can be saved.
    case amountNeeded(index: Int)
    /// A correction changed a pending draft; the card is shown again.
    case corrected([Draft])
    /// Saved transactions, and the state of each budget they count for (BudgetBook).
    case saved([Transaction], budgets: [BudgetStatus] = [])
    /// A category choice kassa will remember for these words (saved with the drafts or edit).
    case lesson(phrase: String, category: String?)
    /// The person's lessons, numbered as `:forget N` takes them.
    case lessons([Lesson])
    case discarded(count: Int)
    case undone(Change)
    case redone(Change)
    /// An edit or delete of saved transactions.
    case changed(Change)
    /// Transactions a query selected, materialized as they are rendered (streamed).
    case listing(TransactionListing)
    case balance([BalanceLine])
    /// A report (`:report`, `kassa report`): its numbers and how to show them.
    case report(ReportOutput)
    case history(History)
    /// `:accounts` rows (kind, currency, balance), or the one row an `:account add` made.
    case accounts([AccountSummary], defaultAccount: String)
    case categories([CategoryListing])
    /// An account was added or renamed: a shell.messages key and its arguments.
    case accountChanged(key: String, arguments: [String: String])
    case explanation(ParseResult)
    /// Exchange rates against the base currency (`:rate`).
    case rates(base: Currency, [ExchangeRate])
    /// A rate, category or the like recorded, renamed or removed: a message key (its first part,
    /// "rate" or "category", names the event in JSON) and its arguments.
    case settingChanged(key: String, arguments: [String: String])
    /// The commands of a form (or one command) with their usage and summary.
    case help(form: CommandForm, topic: String?)
    /// Lines already localized (grammar check and test reports).
    case text([String])
    /// A command's own typed output, which renders itself (CommandOutput).
    case output(any CommandOutput)
    /// Something was wrong with a line or the journal. `input` and `span` place a caret.
    case error(any LocalizableError, input: String?, span: Range<Int>?)
    /// A catalog message with no other meaning (e.g. a reminder about an unsaved draft).
    case notice(key: String, arguments: [String: String], count: Int?)
    case quit
    // Recurring series (Session+Recurring, RecurringCommand, DueCommand).
    /// Occurrences due (and coming up): the session start's batch header, or a `:due` listing.
    case due([DueOccurrence], today: CivilDate, listing: Bool)
    /// A save with a recurrence started this series.
    case seriesStarted(Series, next: CivilDate?)
    /// A series' amount changed from a date on (`recurring amount`, "netflix is 5490 from april").
    case seriesAmountChanged(Series, amount: Money, from: CivilDate)
    /// `:recurring`: the series with next date and monthly cost.
    case recurring(RecurringOverview, today: CivilDate)
    /// `:budget`: every budget's state for its current period.
    case budgets(BudgetListing)
    /// A budget was set (or replaced) or removed.
    case budgetChanged(Budget, removed: Bool)
    /// What the session says about a reply to waiting drafts (Dialog/): a change note, a question.
    case dialog(DialogNote)
    /// A question answered (Ask/); `notQuestion`: `kassa ask` was given a line that is no question.
    case answer(AskResult, notQuestion: Bool)
    /// `:why` after a question: how it was read.
    case askExplanation(AskResult)
}

extension SessionEvent {
    static func notice(_ key: String, _ arguments: [String: String] = [:]) -> SessionEvent {
        .notice(key: key, arguments: arguments, count: nil)
    }

    static func error(_ error: any LocalizableError) -> SessionEvent {
        .error(error, input: nil, span: nil)
    }
}

/// A session-level mistake (unknown command, bad correction): a key in shell.messages.
public struct SessionError: LocalizableError, Equatable {
    public let key: String
    public let arguments: [String: String]

    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    public var messageKey: String { key }
    public var messageArguments: [String: String] { arguments }
}
