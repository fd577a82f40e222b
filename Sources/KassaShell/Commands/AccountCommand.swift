// AccountCommand: `:account add NAME [ALIAS...] [CURRENCY]`, `:account rename OLD NEW` (and
// `kassa account …`); `:account` alone lists the accounts.

import KassaCore
import KassaStore

public struct AccountCommand: Command {
    public static let name = "account"
    public static let forms = CommandForms.both

    enum Action: Equatable {
        case list
        case add(Account)
        case rename(old: String, new: String)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        guard let verb = words.first else { action = .list; return }
        let usage = UsageError(key: "account.usage", arguments: ["command": arguments.form.prefix + Self.name])
        switch arguments.vocabulary.name(in: "account", for: verb) {
        case "add":
            var names = words.dropFirst().map { $0.lowercased() }
            guard !names.isEmpty else { throw usage }
            var currency: Currency?
            if names.count > 1, let last = names.last, last.count == 3, let code = Currency(code: last) {
                currency = code
                names.removeLast()
            }
            action = .add(Account(name: names[0], aliases: Array(names.dropFirst()), currency: currency))
        case "rename":
            guard words.count == 3 else { throw usage }
            action = .rename(old: words[1].lowercased(), new: words[2].lowercased())
        default:
            throw usage
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        switch action {
        case .list:
            return context.storeChange(readOnly: true) { journal in
                if context.session != nil { try journal.refresh() }
                return [.accounts(AccountsCommand.all(journal), defaultAccount: context.configuration.defaultAccount)]
            }
        case .add(var account):
            return context.storeChange { journal in
                // An account that exists keeps its currency and aliases unless new ones are given.
                guard let existing = journal.accounts.first(where: { $0.name.lowercased() == account.name }) else {
                    try journal.defineAccount(account)
                    return [.accountChanged(key: "account.added", arguments: ["name": account.name])]
                }
                account.currency = account.currency ?? existing.currency
                account.aliases = existing.aliases + account.aliases.filter { !existing.aliases.contains($0) }
                guard account != existing else {
                    return [.notice("account.unchanged", ["name": existing.name])]
                }
                try journal.defineAccount(account)
                var changes: [String] = []
                if account.currency != existing.currency {
                    changes.append((existing.currency?.code ?? "—") + " → " + (account.currency?.code ?? "—"))
                }
                let added = account.aliases.filter { !existing.aliases.contains($0) }
                if !added.isEmpty { changes.append("+ " + added.joined(separator: ", ")) }
                return [.accountChanged(key: "account.updated", arguments: ["name": account.name, "changes": changes.joined(separator: "; ")])]
            }
        case .rename(let old, let new):
            return context.storeChange { journal in
                try journal.renameAccount(old, to: new)
                return [.accountChanged(key: "account.renamed", arguments: ["old": old, "new": new])]
            }
        }
    }
}
