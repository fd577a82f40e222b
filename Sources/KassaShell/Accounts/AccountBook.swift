// AccountBook: what the account commands read from the journal — the accounts' profiles, their
// opening balances for `balance`, and the rows of `:accounts` (kind, currency, balance today,
// planned) — in one place, so `:accounts`, `:balance` and the session agree.

import KassaCore
import KassaLedger
import KassaStore

enum AccountBook {
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

    /// Every account's profile, keyed by the lower-cased account name.
    static func profiles(_ journal: Journal) -> [String: AccountProfile] {
        var map: [String: AccountProfile] = [:]
        for record in journal.objects(AccountProfile.recordKind) {
            if let profile = AccountProfile(record: record) { map[record.key] = profile }
        }
        return map
    }

    /// The accounts as the parser knows them: a deposit or a loan that is the only one of its
    /// kind also answers to the kind's name ("deposit", "loan"), so «пополнил депозит» finds
    /// the deposit called "dep" instead of making an account "deposit".
    static func parserAccounts(_ journal: Journal) -> [Account] {
        var accounts = journal.accounts
        let profiles = profiles(journal).values.filter { !$0.archived }
        for kind in [AccountKind.deposit, .loan] {
            let ofKind = profiles.filter { $0.kind == kind }
            guard ofKind.count == 1, let only = ofKind.first,
                  !accounts.contains(where: { $0.name.lowercased() == kind.rawValue || $0.aliases.contains { $0.lowercased() == kind.rawValue } }),
                  let index = accounts.firstIndex(where: { $0.name.lowercased() == only.name.lowercased() }) else { continue }
            accounts[index].aliases.append(kind.rawValue)
        }
        return accounts
    }

    static func profile(_ journal: Journal, _ name: String) -> AccountProfile? {
        journal.object(AccountProfile.recordKind, key: AccountProfile.key(name)).flatMap(AccountProfile.init(record:))
    }

    /// The opening balances `balance` adds: only for a whole-journal balance (no span, --from,
    /// --category, --text or --type: those make it a partial sum), of the --account asked for,
    /// dated on or before --to.
    static func openings(_ journal: Journal, filter: ListFilter) -> [OpeningBalance] {
        guard filter.span == .all, filter.from == nil, filter.categoryName == nil, filter.text == nil, filter.type == nil else { return [] }
        return profiles(journal).values.compactMap { profile in
            guard let amount = profile.opening else { return nil }
            if let account = filter.account, account.lowercased() != AccountProfile.key(profile.name) { return nil }
            if let to = filter.to, let date = profile.openingDate, date > to { return nil }
            return OpeningBalance(account: profile.name, amount: amount, date: profile.openingDate)
        }.sorted { $0.account < $1.account }
    }

    /// The rows of `:accounts`: the default account first, then the defined accounts, then the
    /// others that hold transactions; archived ones only with `all`.
    static func summaries(_ journal: Journal, today: CivilDate, defaultAccount: String, all: Bool) throws(MoneyError) -> [AccountSummary] {
        let profiles = profiles(journal)
        let openings = profiles.values.compactMap { profile in
            profile.opening.map { OpeningBalance(account: profile.name, amount: $0, date: profile.openingDate) }
        }
        let lines = try Balances.compute(journal.source(), today: today, openings: openings)
        var accounts = AccountBook.all(journal)
        if let index = accounts.firstIndex(where: { $0.name.lowercased() == defaultAccount.lowercased() }) {
            accounts.insert(accounts.remove(at: index), at: 0)
        } else {
            accounts.insert(Account(name: defaultAccount), at: 0)
        }
        return accounts.compactMap { account in
            let key = AccountProfile.key(account.name)
            let profile = profiles[key]
            if profile?.archived == true && !all { return nil }
            return AccountSummary(account: account, profile: profile, balances: lines.filter { $0.account?.lowercased() == key })
        }
    }

    /// Names of archived accounts (lower-cased): entries to them are refused.
    static func archived(_ journal: Journal) -> Set<String> {
        Set(profiles(journal).filter { $0.value.archived }.keys)
    }
}
