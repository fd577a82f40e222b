// Command: one thing a person can ask kassa to do, in the session (`:list today`) and from the
// command line (`kassa list today`) with the same arguments. Each command is one file in this
// folder: its name, where it can be used, the options it takes, how it reads its arguments
// and what it does. CommandRegistry lists them (the list is generated at build time); `:help`, `kassa --help`, Tab completion and the
// checks of Grammars/*/session.rules are all made from that list, so they cannot disagree.
// Help: its usage line is made from the declaration (CommandUsage), its summary is Locales' `command.NAME.summary`.

import KassaCore

public protocol Command {
    /// The canonical name: `kassa NAME`, and `command.NAME` in session.rules (which gives
    /// its words in every language, e.g. `:список` for list).
    static var name: String { get }
    /// Where the command can be used.
    static var forms: CommandForms { get }
    /// The options it takes after its name (`--from DATE`, `--explain`), with their values' kinds.
    static var options: [CommandOption] { get }
    /// Its verbs and positional words as data (CommandSurface): the reader takes its verb from
    /// here, and help, completion and the man page are made from it.
    static var surface: CommandSurface { get }
    /// Whether it reads the journal. Before such a command runs in a session, the runner
    /// (CommandRegistry.run) refreshes the journal, so it sees what other processes and other
    /// devices of a ledger folder saved since; the command itself never does. True unless
    /// declared otherwise: a command that forgets it is merely refreshed, never stale.
    static var readsJournal: Bool { get }
    /// Reads the words after the command's name. A word it does not take is a usage error.
    init(_ arguments: CommandArguments) throws(UsageError)
    /// Does it. Events are rendered by the caller; long or interleaved output goes through
    /// `context.emit` as it is made.
    func run(_ context: CommandContext) -> [SessionEvent]
}

extension Command {
    public static var options: [CommandOption] { [] }
    public static var surface: CommandSurface { CommandSurface() }
    public static var readsJournal: Bool { true }
}

/// Where a command can be used: in the session after ":", on the command line, or both.
public struct CommandForms: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let session = CommandForms(rawValue: 1)
    public static let oneShot = CommandForms(rawValue: 2)
    public static let both: CommandForms = [.session, .oneShot]
}

/// How a command is being run: decides how usage is shown (":undo" or "kassa undo") and the
/// exit status of a usage mistake (2 on the command line, an input error in the session).
public enum CommandForm: Sendable, Equatable {
    case session, oneShot

    var prefix: String { self == .session ? ":" : "kassa " }
}

/// An option a command takes: `--from DATE` (a value, of a kind) or `--explain` (a flag).
public struct CommandOption: Sendable, Hashable {
    public let name: String
    /// The kind of its value; nil for a flag.
    public let value: ArgumentKind?

    public var takesValue: Bool { value != nil }

    public static func value(_ name: String, _ kind: ArgumentKind = .text) -> CommandOption { CommandOption(name: name, value: kind) }
    public static func flag(_ name: String) -> CommandOption { CommandOption(name: name, value: nil) }
}
