// AccountsCommand: `:accounts` and `kassa accounts`: the default account and every account
// defined in the journal, with aliases and currency.

import KassaStore

public struct AccountsCommand: Command {
    public static let name = "accounts"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            if context.session != nil { try journal.refresh() }
            return [.accounts(journal.accounts, defaultAccount: context.configuration.defaultAccount)]
        }
    }
}
