// AccountsCommand: `:accounts [--all]` and `kassa accounts [--all]`: the default account, every
// account defined in the journal and every other account that holds transactions, each with
// its kind, currency and balance today (planned transactions apart); archived ones only with --all.

import KassaCore
import KassaLedger
import KassaStore

public struct AccountsCommand: Command {
    public static let name = "accounts"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.flag("--all")]
    let all: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
        all = arguments.flags.contains("--all")
    }

    /// The defined accounts, then every other account that holds transactions.
    /// Names are case-insensitive: "CASH" and "cash" are one account, shown as first given.
    static func all(_ journal: Journal) -> [Account] {
        let defined = journal.accounts
        var names = Set(defined.map { $0.name.lowercased() })
        var out = defined
        for name in journal.accountsInUse() where names.insert(name.lowercased()).inserted {
            out.append(Account(name: name))
        }
        return out
    }

    static func list(_ context: CommandContext, all: Bool) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            let defaultAccount = context.configuration.defaultAccount(in: journal)
            return [.output(AccountsOutput(rows: try AccountBook.summaries(journal, today: context.configuration.today, defaultAccount: defaultAccount, all: all),
                                           defaultAccount: defaultAccount))]
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        AccountsCommand.list(context, all: all)
    }
}
