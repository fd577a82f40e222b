// SessionEvent: what the session has to say about one line, as values. A small core — the
// drafts and their dialog, saved, discarded, undone, redone, changed, notice, error, quit — that
// TextRenderer and JSONRenderer say themselves; everything a command shows is its own typed
// output (`.output`, CommandOutput) in a file beside the command, rendering itself as text and
// as JSON. Still cases here: a listing (streamed row by row, never materialized) and a report
// (JSON and CSV lines written by the report's own writers).

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
    case discarded(count: Int)
    case undone(Change)
    case redone(Change)
    /// An edit or delete of saved transactions.
    case changed(Change)
    /// Transactions a query selected, materialized as they are rendered (streamed).
    case listing(TransactionListing)
    /// A report (`:report`, `kassa report`): its numbers and how to show them.
    case report(ReportOutput)
    /// A command's own typed output, which renders itself (CommandOutput).
    case output(any CommandOutput)
    /// Something was wrong with a line or the journal. `input` and `span` place a caret.
    case error(any LocalizableError, input: String?, span: Range<Int>?)
    /// A catalog message with no other meaning (e.g. a reminder about an unsaved draft).
    case notice(key: String, arguments: [String: String], count: Int?)
    case quit
    /// What the session says about a reply to waiting drafts (Dialog/): a change note, a question.
    case dialog(DialogNote)
    /// A question kassa asks about a waiting draft before it may be saved (Doubt): `index` of
    /// `count` drafts. `held`: with --yes the draft was not saved for it (said on stderr).
    case doubt(index: Int, count: Int, doubt: Doubt, held: Bool)
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
