// ArgumentKind: what one word a command takes is — a positional word or an option's value —
// as data, so help, the session's Tab, the bash/zsh/fish scripts and the man page all know it
// from the command's own declaration (CommandSurface). Kinds with values kassa itself knows
// (fixed words, currencies, config keys, command names) list them in `words`; accounts and
// categories come from the journal in use when Tab is pressed; the rest are typed freely.

import KassaCore

public enum ArgumentKind: Sendable, Hashable {
    case account, category, currency, date, amount, number, text, file, directory
    /// `#12`, `#3-#5`, `12`: a transaction or series number.
    case transactionID
    /// A command's canonical name (`help list`).
    case command
    /// A key of the config file (`config get week-start`).
    case configKey
    /// The value of the config key before it (`config set color never`): its words depend on that key.
    case configValue
    /// One of fixed canonical names; with `group`, every word session.rules gives a name in
    /// that group (`frequency.monthly: monthly month ежемесячно …`) is taken too.
    case choice([String], group: String? = nil)

    /// The words this kind always offers, whatever the journal: nil when it has none to offer
    /// (free text, a date) or when they come from elsewhere (accounts, categories, files).
    public var words: [String]? {
        switch self {
        case .choice(let names, _): names
        case .currency: Currency.allCodes
        case .command: CommandRegistry.commands(for: .oneShot).map { $0.name }
        case .configKey: ConfigFile.Key.allCases.map(\.rawValue)
        default: nil
        }
    }
}

/// One positional place in what a command or verb takes: its kind, whether it may be left out,
/// and whether it takes every word from there on (`ALIAS...`, `DAYS...`).
public struct ArgumentSlot: Sendable, Hashable {
    public let kind: ArgumentKind
    public let optional: Bool
    public let repeats: Bool

    public static func required(_ kind: ArgumentKind) -> ArgumentSlot { ArgumentSlot(kind: kind, optional: false, repeats: false) }
    public static func optional(_ kind: ArgumentKind) -> ArgumentSlot { ArgumentSlot(kind: kind, optional: true, repeats: false) }
    /// Any number of words of this kind (none too), to the end.
    public static func repeated(_ kind: ArgumentKind) -> ArgumentSlot { ArgumentSlot(kind: kind, optional: true, repeats: true) }
}

extension [ArgumentSlot] {
    /// The slot of the word at `index` (0 = the first word these slots read): the last slot
    /// takes every later word when it repeats.
    public func slot(at index: Int) -> ArgumentSlot? {
        if index < count { return self[index] }
        return last?.repeats == true ? last : nil
    }
}
