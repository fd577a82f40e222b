// CommandUsage: a command's usage line ("list [today|yesterday|all|N] [--from DATE] …", without
// the ":" or "kassa " before it) made from what the command declares — its positional places
// and verbs (CommandSurface) and its options with their values' kinds — so help, `:help`, the
// man page and `help --json` show what the reader takes. Only the placeholders' words come from
// Locales (`usage.kind.account` = ACCOUNT / СЧЁТ); fixed words are the canonical names.
// A command whose usage says more than its declaration can (an option only one verb takes, an
// option's alias, a value `-` for standard input) keeps a hand line, `command.NAME.usage`, which
// CommandSurfaceTests holds to the declaration; a new command needs none.

import KassaCore

struct CommandUsage {
    let catalog: Catalog

    /// The usage line help and the man page show: the hand line when there is one, else made.
    func line(_ type: any Command.Type) -> String {
        let key = "command.\(type.name).usage"
        return catalog.has(key) ? catalog.text(key) : made(type)
    }

    /// The line made from the declaration: `NAME ARGS | NAME VERB ARGS | … [OPTIONS]`. Verbs
    /// taking the same words share one alternative (`archive|unarchive NAME`).
    func made(_ type: any Command.Type) -> String {
        let surface = type.surface
        var alternatives: [String] = []
        if surface.verbs.isEmpty || !surface.arguments.isEmpty || !surface.verbRequired {
            alternatives.append(([type.name] + places(surface.arguments)).joined(separator: " "))
        }
        var groups: [(names: [String], arguments: [ArgumentSlot])] = []
        for verb in surface.verbs {
            if let index = groups.firstIndex(where: { $0.arguments == verb.arguments }) {
                groups[index].names.append(verb.name)
            } else {
                groups.append(([verb.name], verb.arguments))
            }
        }
        for group in groups {
            alternatives.append(([type.name, group.names.joined(separator: "|")] + places(group.arguments)).joined(separator: " "))
        }
        var line = alternatives.joined(separator: " | ")
        for option in type.options {
            line += " [" + option.name + (option.value.map { " " + placeholder($0) } ?? "") + "]"
        }
        return line
    }

    /// The positional places: `X`, `[X]`, `[X...]`; a required place followed by repeats of the
    /// same kind is `X...` (one or more).
    private func places(_ slots: [ArgumentSlot]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < slots.count {
            let slot = slots[index], word = placeholder(slot.kind)
            if !slot.optional, index + 1 < slots.count, slots[index + 1].repeats, slots[index + 1].kind == slot.kind {
                out.append(word + "...")
                index += 2
                continue
            }
            out.append(slot.repeats ? "[" + word + "...]" : slot.optional ? "[" + word + "]" : word)
            index += 1
        }
        return out
    }

    /// A kind's placeholder: its fixed words (`today|yesterday|all`), or the catalog's word for it.
    func placeholder(_ kind: ArgumentKind) -> String {
        if case .choice(let names, _) = kind { return names.joined(separator: "|") }
        return catalog.text("usage.kind." + Self.key(kind))
    }

    /// The Locales key of a kind's placeholder (`usage.kind.KEY`).
    static func key(_ kind: ArgumentKind) -> String {
        switch kind {
        case .account: "account"
        case .category: "category"
        case .currency: "currency"
        case .date: "date"
        case .amount: "amount"
        case .number: "number"
        case .text: "text"
        case .file: "file"
        case .directory: "directory"
        case .transactionID: "transaction-id"
        case .command: "command"
        case .configKey: "config-key"
        case .configValue: "config-value"
        case .choice: "choice"
        }
    }

    /// Every kind with a placeholder word (for LocalesTests and CommandRunnerTests).
    static let placeholderKinds: [ArgumentKind] = [.account, .category, .currency, .date, .amount, .number, .text, .file,
                                                   .directory, .transactionID, .command, .configKey, .configValue]
}
