// AccountsCommand: `:accounts` and `kassa accounts`: the default account, every account defined
// in the journal (with aliases and currency) and every other account that holds transactions.

import KassaCore
import KassaStore

public struct AccountsCommand: Command {
    public static let name = "accounts"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    /// The defined accounts, then every other account that holds transactions.
    static func all(_ journal: Journal) -> [Account] {
        let defined = journal.accounts
        let names = Set(defined.map(\.name))
        return defined + journal.accountsInUse().filter { !names.contains($0) }.map { Account(name: $0) }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            if context.session != nil { try journal.refresh() }
            return [.accounts(AccountsCommand.all(journal), defaultAccount: context.configuration.defaultAccount)]
        }
    }
}
