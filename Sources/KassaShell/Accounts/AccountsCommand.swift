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

    /// The listing with archived accounts (`all`) or without (`account` alone lists these).
    init(all: Bool) { self.all = all }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            let defaultAccount = context.configuration.defaultAccount(in: journal)
            return [.output(AccountsOutput(rows: try AccountBook.summaries(journal, today: context.configuration.today, defaultAccount: defaultAccount, all: all),
                                           defaultAccount: defaultAccount))]
        }
    }
}
