// ReconcileCommand: `kassa reconcile ACCOUNT AMOUNT [--date D] [--json]` and `:reconcile …` —
// the bank's balance of an account against kassa's on a day (today by default): the difference,
// the transactions the bank has not confirmed, and the ones that alone would explain it
// (KassaLedger.Reconciliation). The amount is read as banks and people write it ("152 340",
// "152340.50 KZT", "-45 000" for a card owed on); in a session "kaspi balance is 152340" /
// «на каспи сейчас 152 340» says the same (ReconcilePhrase). Changes nothing.

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

public struct ReconcileCommand: Command {
    public static let name = "reconcile"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.value("--date", .date)]
    public static let surface = CommandSurface(.required(.account), .required(.amount))

    let account: String
    let amountText: String
    let date: CivilDate?

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        guard words.count >= 2 else {
            throw UsageError(key: "reconcile.usage", arguments: ["command": arguments.form.prefix + Self.name])
        }
        account = words[0]
        amountText = words.dropFirst().joined(separator: " ")
        date = try arguments.date("--date")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            let parseContext = context.parseContext(journal)
            guard let name = ReconcileTarget.account(account, journal: journal, parser: context.parser, context: parseContext) else {
                return context.reject(SessionError("reconcile.unknown-account", ["account": account]))
            }
            let defined = journal.accounts.first { $0.name.lowercased() == name }
            let home = defined?.currency ?? context.configuration.defaultCurrency
            guard let bank = ReconcileTarget.money(amountText, home: home, parser: context.parser, context: parseContext) else {
                return context.reject(SessionError("reconcile.bad-amount", ["value": amountText]))
            }
            let day = date ?? context.configuration.today
            let filter = TransactionFilter(to: day, account: name)
            let openings = AccountBook.openings(journal, filter: ListFilter(span: .all, to: day, account: name))
            let lines = try Balances.compute(journal.source(filter), today: day, openings: openings)
            let kassa = lines.first { $0.account?.lowercased() == name && $0.amount.currency == bank.currency }?.amount
                ?? Money(minorUnits: 0, currency: bank.currency)
            let reconciliation = try Reconciliation(account: defined?.name ?? name, date: day, bank: bank, kassa: kassa,
                                                    transactions: journal.query(filter),
                                                    cleared: ClearedSet(journal.objects(Clearance.kind)))
            return [.output(ReconcileOutput(reconciliation))]
        }
    }
}
