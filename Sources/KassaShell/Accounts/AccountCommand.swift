// AccountCommand: `:account add NAME [ALIAS...] [CURRENCY] [--kind …] [--opening …] …`,
// `:account rename OLD NEW`, `:account archive|unarchive|default|remove NAME`,
// `:account post-interest` (and `kassa account …`); `:account` alone lists the accounts.
// Every change is one journal change: the account record and its profile (AccountProfile)
// are written together, so one undo takes back both. A loan's payment is a recurring series
// written in the same change (AccountSeries, LoanSeries): it comes due like any other.

import KassaCore
import KassaLedger
import KassaStore

public struct AccountCommand: Command {
    public static let name = "account"
    public static let forms = CommandForms.both
    public static let options = AccountOptions.options
    public static let surface = CommandSurface(group: "account", verbs: [
        CommandVerb("add", .required(.text), .repeated(.text)),
        CommandVerb("rename", .required(.account), .required(.text)),
        CommandVerb("archive", .required(.account)),
        CommandVerb("unarchive", .required(.account)),
        CommandVerb("default", .required(.account)),
        CommandVerb("remove", .required(.account)),
        CommandVerb("post-interest"),
    ])

    enum Action: Equatable {
        case list
        case add(Account, AccountOptions)
        case rename(old: String, new: String)
        case archive(String, Bool)
        case makeDefault(String)
        case remove(String)
        case postInterest
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        guard !words.isEmpty else { action = .list; return }
        let usage = UsageError(key: "account.usage", arguments: ["command": arguments.form.prefix + Self.name])
        let verbName = arguments.verb(of: Self.surface)
        guard verbName == "add" || arguments.values.isEmpty && arguments.flags.isEmpty else { throw usage }
        func oneName() throws(UsageError) -> String {
            guard words.count == 2 else { throw usage }
            return words[1].lowercased()
        }
        switch verbName {
        case "add":
            var names = words.dropFirst().map { $0.lowercased() }
            guard !names.isEmpty else { throw usage }
            var currency: Currency?
            if names.count > 1, let last = names.last, last.count == 3, let code = Currency(code: last) {
                currency = code
                names.removeLast()
            }
            action = .add(Account(name: names[0], aliases: Array(names.dropFirst()), currency: currency), try AccountOptions(arguments))
        case "rename":
            guard words.count == 3 else { throw usage }
            action = .rename(old: words[1].lowercased(), new: words[2].lowercased())
        case "archive": action = .archive(try oneName(), true)
        case "unarchive": action = .archive(try oneName(), false)
        case "default": action = .makeDefault(try oneName())
        case "remove": action = .remove(try oneName())
        case "post-interest":
            guard words.count == 1 else { throw usage }
            action = .postInterest
        default:
            throw usage
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        switch action {
        case .list:
            return AccountsCommand(all: false).run(context)
        case .add(let account, let options):
            return context.storeChange { journal in try add(account, options, journal, context) }
        case .rename(let old, let new):
            return context.storeChange { journal in
                // The profile, the interest record and the default setting move with the name.
                var objects: [ObjectRecord] = []
                if var profile = AccountBook.profile(journal, old) {
                    profile.name = new
                    objects += [AccountProfile.removal(old), profile.record]
                }
                if let mark = journal.object(InterestPosting.recordKind, key: AccountProfile.key(old)) {
                    var moved = mark
                    moved.key = AccountProfile.key(new)
                    objects += [ObjectRecord(kind: mark.kind, key: mark.key, removed: true), moved]
                }
                if DefaultAccount.stored(in: journal)?.lowercased() == old { objects.append(DefaultAccount.record(new)) }
                objects += AccountSeries.renamed(old, to: new, journal: journal)
                try journal.renameAccount(old, to: new, objects: objects)
                return [.output(AccountChangeOutput(key: "account.renamed", arguments: ["old": old, "new": new]))]
            }
        case .archive(let name, let archived):
            return context.storeChange { journal in
                guard let account = known(name, journal) else { return context.reject(SessionError("account.unknown", ["name": name])) }
                if archived, context.configuration.defaultAccount(in: journal).lowercased() == name {
                    return context.reject(SessionError("account.archive-default", ["name": name]))
                }
                var profile = AccountBook.profile(journal, name) ?? AccountProfile(name: account.name)
                guard profile.archived != archived else {
                    return [.notice(archived ? "account.already-archived" : "account.not-archived", ["name": name])]
                }
                profile.archived = archived
                let series = AccountSeries.archived(name, archived, journal: journal, today: context.configuration.today)
                try journal.defineAccount(account, objects: [profile.record] + series)
                return [.output(AccountChangeOutput(key: archived ? "account.archived" : "account.unarchived", arguments: ["name": name]))]
            }
        case .makeDefault(let name):
            return context.storeChange { journal in
                guard let account = known(name, journal) else { return context.reject(SessionError("account.unknown", ["name": name])) }
                if AccountBook.profile(journal, name)?.archived == true {
                    return context.reject(SessionError("account.archived-entry", ["name": name]))
                }
                try journal.defineAccount(account, objects: [DefaultAccount.record(account.name)])
                var events: [SessionEvent] = [.output(AccountChangeOutput(key: "account.default-set", arguments: ["name": account.name]))]
                if context.configuration.defaultAccountIsConfigured, context.configuration.defaultAccount.lowercased() != name {
                    events.append(.notice("account.default-config", ["name": context.configuration.defaultAccount]))
                }
                return events
            }
        case .remove(let name):
            return context.storeChange { journal in
                guard journal.accounts.contains(where: { $0.name.lowercased() == name }) || journal.holdsTransactions(account: name) else {
                    return context.reject(SessionError("account.unknown", ["name": name]))
                }
                let profile = AccountBook.profile(journal, name)
                guard !journal.holdsTransactions(account: name), profile?.opening?.isZero ?? true else {
                    return context.reject(SessionError("account.remove-holds", ["name": name]))
                }
                var objects: [ObjectRecord] = []
                if profile != nil { objects.append(AccountProfile.removal(name)) }
                if journal.object(InterestPosting.recordKind, key: name) != nil {
                    objects.append(ObjectRecord(kind: InterestPosting.recordKind, key: name, removed: true))
                }
                if DefaultAccount.stored(in: journal)?.lowercased() == name {
                    objects.append(ObjectRecord(kind: DefaultAccount.kind, key: DefaultAccount.key, removed: true))
                }
                objects += AccountSeries.removed(name, journal: journal)
                try journal.removeAccount(name, objects: objects)
                return [.output(AccountChangeOutput(key: "account.removed", arguments: ["name": name]))]
            }
        case .postInterest:
            return context.storeChange { journal in
                let events = try InterestPosting.post(journal, today: context.configuration.today,
                                                      defaultCurrency: context.configuration.defaultCurrency,
                                                      note: context.app?.catalog.text("account.interest-note") ?? "")
                return events.isEmpty ? [.notice("account.interest-none")] : events
            }
        }
    }

    /// A defined account, or one only its transactions made (then defined now, as it is).
    func known(_ name: String, _ journal: Journal) -> Account? {
        if let account = journal.accounts.first(where: { $0.name.lowercased() == name }) { return account }
        return journal.holdsTransactions(account: name) ? Account(name: name) : nil
    }

    func add(_ given: Account, _ options: AccountOptions, _ journal: Journal, _ context: CommandContext) throws -> [SessionEvent] {
        var account = given
        let existing = journal.accounts.first { $0.name.lowercased() == account.name }
        // An account that exists keeps its currency and aliases unless new ones are given.
        if let existing {
            account.currency = account.currency ?? existing.currency
            account.aliases = existing.aliases + account.aliases.filter { !existing.aliases.contains($0) }
        }
        let old = AccountBook.profile(journal, account.name)
        var objects: [ObjectRecord] = []
        var profile = old
        if !options.isEmpty {
            let currency = account.currency ?? old?.opening?.currency ?? context.configuration.defaultCurrency
            let updated = try options.applied(to: old ?? AccountProfile(name: account.name), currency: currency,
                                              today: context.configuration.today, isNew: old == nil)
            if updated != old { objects.append(updated.record) }
            profile = updated
        }
        // A loan's payment comes due as a series, in the same change.
        var loan: [SessionEvent] = []
        if !options.isEmpty, let profile {
            let (records, events) = try AccountSeries.loanPayment(profile, options: options, journal: journal, context: context)
            objects += records
            loan = events
        }
        // The account's row as `:accounts` shows it, when it has a profile to show.
        func row() throws -> [SessionEvent] {
            guard profile != nil else { return [] }
            let defaultAccount = context.configuration.defaultAccount(in: journal)
            let rows = try AccountBook.summaries(journal, today: context.configuration.today, defaultAccount: defaultAccount, all: true)
            return [.output(AccountsOutput(rows: rows.filter { $0.account.name == account.name }, defaultAccount: defaultAccount))]
        }
        guard let existing else {
            try journal.defineAccount(account, objects: objects)
            return [.output(AccountChangeOutput(key: "account.added", arguments: ["name": account.name]))] + (try row()) + loan
        }
        guard account != existing || !objects.isEmpty else {
            return [.notice("account.unchanged", ["name": existing.name])]
        }
        try journal.defineAccount(account, objects: objects)
        var changes: [String] = []
        if account.currency != existing.currency {
            changes.append((existing.currency?.code ?? "—") + " → " + (account.currency?.code ?? "—"))
        }
        let added = account.aliases.filter { !existing.aliases.contains($0) }
        if !added.isEmpty { changes.append("+ " + added.joined(separator: ", ")) }
        if changes.isEmpty { return [.output(AccountChangeOutput(key: "account.profile-updated", arguments: ["name": account.name]))] + (try row()) + loan }
        return [.output(AccountChangeOutput(key: "account.updated", arguments: ["name": account.name, "changes": changes.joined(separator: "; ")]))] + (try row()) + loan
    }
}
