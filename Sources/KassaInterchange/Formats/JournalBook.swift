// JournalBook: a parsed journal (JournalParse) made into kassa's records, with the same
// balances. Entries are taken in date order (the file's order within a day, as hledger checks
// assertions). In each entry an elided amount is filled (the negated sum of the others, costs
// counted in their price's currency) and balance assignments get their amount. Then, per
// currency, money is followed from posting to posting:
// 1. each category (or equity) posting is paired with the account postings of the other sign,
//    in the order written: into an expense category, an expense from the account (into an income
//    category, an income taken back: a negative income); out of an income category, an income
//    into it (out of an expense category, a refund: a negative expense); opening-balances equity
//    is the account's opening balance (its first; one in another currency, and other equity,
//    an uncategorized income or expense);
// 2. what is left of those goes through the entry's first account (a paycheck: the salary in,
//    the taxes and insurance out of the same account);
// 3. accounts that give pay accounts that take: transfers;
// 4. what is left (money into stocks, a many-sided exchange) is an uncategorized income or expense
//    of that account, so every account's balance stays the tool's.
// A year-end closing entry and the opening entry that brings its amounts back are moves through
// equity, neither spending nor income (JournalClosings).
// Before all that, an entry of exactly two account postings in two currencies, one giving and
// one taking (`-100.00 USD @@ 52000.00 KZT`), is a currency exchange: one transfer with a target.
// Postings kassa cannot hold — another commodity than an ISO currency, virtual postings — are
// skipped and listed with their line; so is a pair of two categories (no account moves).
// An amount written without a commodity has none, as hledger reads it (`Assets:Farm  2` beside
// `$-600` is two sheep bought for $600: the dollars still leave the account), unless the file
// names no commodity anywhere: then every amount is in the import's currency, and the summary
// says so.

import KassaCore

public struct JournalBook {
    let map: AccountNameMap
    let vocabulary: ImportVocabulary
    /// The currency of amounts without a commodity in a file that names none.
    let bareCurrency: Currency?
    /// `bareCurrency` once the file being made is known to name no commodity.
    private var bare: Currency?
    /// Each commodity the file names → its currency (nil: none), looked up once per file: a sign
    /// the grammar knows ("£") is tokenized, which a million postings should not each pay for.
    private var known: [String: Currency?] = [:]

    public init(vocabulary: ImportVocabulary, bareCurrency: Currency? = nil) {
        self.vocabulary = vocabulary
        self.bareCurrency = bareCurrency
        map = AccountNameMap(vocabulary: vocabulary)
    }

    /// The currency a commodity is ("$", "USD", "₸"); nil for anything else (stocks, "hours").
    public func currency(_ commodity: String) -> Currency? {
        guard !commodity.isEmpty else { return bare }
        if let found = known[commodity] { return found }
        return lookUp(commodity)
    }

    private func lookUp(_ commodity: String) -> Currency? {
        if let code = Currency(code: commodity), commodity.uppercased() == commodity { return code }
        return vocabulary.currency(commodity)
    }

    /// One side of a pairing: what a posting moves in one currency.
    struct Leg {
        var target: AccountNameMap.Target
        var account: String
        var money: Money
        var line: Int
    }

    public func make(_ parse: JournalParse) throws -> ImportRecords {
        var book = self
        let named = parse.entries.contains { entry in
            entry.postings.contains { !($0.amount?.commodity.isEmpty ?? true) || !($0.assertion?.commodity.isEmpty ?? true) }
        } || parse.checks.contains { !$0.amount.commodity.isEmpty }
        book.bare = named ? nil : bareCurrency
        func learn(_ commodity: String?) {
            if let commodity, !commodity.isEmpty, book.known[commodity] == nil { book.known[commodity] = book.lookUp(commodity) }
        }
        for entry in parse.entries {
            for posting in entry.postings {
                learn(posting.amount?.commodity)
                learn(posting.price?.commodity)
                learn(posting.assertion?.commodity)
            }
        }
        return try book.records(parse)
    }

    private func records(_ parse: JournalParse) throws -> ImportRecords {
        // Each name is resolved once (a category's name may go through the parser).
        var resolved: [String: AccountNameMap.Target] = [:]
        func resolve(_ name: String) -> AccountNameMap.Target {
            if let known = resolved[name] { return known }
            let target = map.resolve(name)
            resolved[name] = target
            return target
        }
        var closingNames: [String: Bool] = [:]
        func closes(_ name: String) -> Bool {
            if let known = closingNames[name] { return known }
            let found = map.closes(name)
            closingNames[name] = found
            return found
        }
        var records = ImportRecords()
        var notes = JournalNotes()
        if bare != nil, !parse.entries.isEmpty { notes.bareCurrency = bare }
        records.problems = parse.problems
        notes.skips = parse.skips

        // Every asset and liability name → kassa's account name, decided from the whole file.
        var assetNames: Set<String> = []
        for name in parse.declared where isAccount(resolve(name)) { assetNames.insert(name) }
        for entry in parse.entries {
            for posting in entry.postings where !posting.virtual && isAccount(resolve(posting.account)) {
                assetNames.insert(posting.account)
            }
        }
        var names = AccountNameMap.accountNames(assetNames)
        // kassa's own export says an account's name where the journal's could not keep it.
        for (source, own) in parse.kassaNames where names[source] != nil { names[source] = own }
        var accounts: [String: JournalAccount] = [:]
        var accountCurrencies: [String: Set<Currency>] = [:]
        for source in assetNames.sorted() {
            guard case .account(_, let kind) = resolve(source), let name = names[source] else { continue }
            if accounts[name] == nil { accounts[name] = JournalAccount(name: name, source: source, kind: kind) }
        }
        var ownCategories: [String: String] = [:]
        var mapped: [String: String] = [:]
        var objects: [String: ObjectRecord] = [:]

        // Date order, the file's order within a day (a stable sort).
        let order = parse.entries.indices.sorted { (parse.entries[$0].date, $0) < (parse.entries[$1].date, $1) }
        let checks = parse.checks.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var nextCheck = 0
        var running: [String: [Currency: Int64]] = [:]
        // The accounts whose balance with their subaccounts is asked (balance directives, pads,
        // inclusive assertions) are kept as postings come: each check is one lookup.
        var subtotals = SubaccountBalances()
        for c in parse.checks { subtotals.watch(c.account) }
        for p in parse.pads { subtotals.watch(p.account) }
        for entry in parse.entries {
            for posting in entry.postings where posting.assertion != nil && posting.assertionInclusive { subtotals.watch(posting.account) }
        }
        /// An account's balance per currency so far (with its subaccounts when `inclusive`).
        func balances(_ account: String, inclusive: Bool) -> [Currency: Int64] {
            inclusive ? subtotals.balance(account) : running[account] ?? [:]
        }

        func check(_ account: String, _ expected: JournalAmount, inclusive: Bool, line: Int, file: String) {
            guard let currency = currency(expected.commodity), let money = expected.number.money(currency) else { return }
            notes.assertionsChecked += 1
            let actual = balances(account, inclusive: inclusive)[currency] ?? 0
            if actual != money.minorUnits {
                notes.assertionFailures.append(JournalAssertionFailure(file: file, line: line, account: account, expected: money,
                                                                       actual: Money(minorUnits: actual, currency: currency)))
            }
        }

        // pad directives, the latest before each balance directive of its account used once per currency.
        var pads: [String: [JournalPad]] = [:]
        for p in parse.pads.enumerated().sorted(by: { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }).map(\.element) {
            pads[p.account, default: []].append(p)
        }
        var padsUsed: [String: Int] = [:]
        /// Accounts (with the currency) a pad has already filled.
        var padded: Set<String> = []
        var closings = JournalClosings()
        func leg(_ account: String, _ money: Money, line: Int) -> Leg {
            let target = resolve(account)
            if case .account = target, let name = names[account] {
                accountCurrencies[name, default: []].insert(money.currency)
                return Leg(target: target, account: name, money: money, line: line)
            }
            return Leg(target: target, account: account, money: money, line: line)
        }
        /// Before a balance directive: a pad of its account since the last one gives the difference.
        func pad(_ c: JournalBalanceCheck) {
            guard let list = pads[c.account], let currency = currency(c.amount.commodity),
                  let expected = c.amount.number.money(currency) else { return }
            // Each currency's first balance after a pad is filled by it (a pad before a CAD and a
            // USD balance fills both, as beancount does).
            let key = c.account + " " + currency.code
            var used = padsUsed[key] ?? 0
            var latest: JournalPad?
            while used < list.count, list[used].date < c.date { latest = list[used]; used += 1 }
            padsUsed[key] = used
            guard let p = latest else { return }
            let actual = subtotals.balance(c.account)[currency] ?? 0
            let (difference, overflow) = expected.minorUnits.subtractingReportingOverflow(actual)
            guard !overflow, difference != 0 else { return }
            running[p.account, default: [:]][currency, default: 0] &+= difference
            running[p.source, default: [:]][currency, default: 0] &-= difference
            subtotals.add(p.account, currency, difference)
            subtotals.add(p.source, currency, 0 &- difference)
            let entry = JournalEntry(date: p.date, description: "", line: p.line, file: p.file)
            // Only an account's first pad (per currency) is its opening balance; each later one is
            // its own entry on its own date, as beancount makes it, never folded into the opening.
            var source = leg(p.source, Money(minorUnits: -difference, currency: currency), line: p.line)
            if padded.contains(key), case .equity = source.target { source.target = .equity(opening: false) }
            padded.insert(key)
            pair([leg(p.account, Money(minorUnits: difference, currency: currency), line: p.line), source],
                 entry: entry, accounts: &accounts, records: &records, notes: &notes, own: &ownCategories, objects: &objects,
                 mapped: &mapped)
        }

        for index in order {
            let entry = parse.entries[index]
            while nextCheck < checks.count, checks[nextCheck].date <= entry.date {
                let c = checks[nextCheck]
                pad(c)
                check(c.account, c.amount, inclusive: true, line: c.line, file: c.file)
                nextCheck += 1
            }
            var legs: [Leg] = []
            var weights: [String: Int64] = [:]   // commodity → sum of weights (ISO minor units only)
            // A sum that does not fit in 64 bits makes the entry a bad line, never a wrapped number.
            var overflowed = false
            func weigh(_ code: String, _ value: Int64) {
                let (sum, overflow) = (weights[code] ?? 0).addingReportingOverflow(value)
                overflowed = overflowed || overflow
                weights[code] = sum
            }
            var nonISO: Set<String> = []
            var elided: JournalPosting?
            var real: [(JournalPosting, Money?)] = []
            for posting in entry.postings {
                if posting.virtual {
                    notes.skips.append(JournalSkip(file: entry.file, line: posting.line, reason: "virtual", detail: posting.account))
                    continue
                }
                guard let amount = posting.amount else {
                    if let assertion = posting.assertion {
                        // A balance assignment: the amount that makes the balance what it says (a
                        // bare 0: every currency's balance to zero, as hledger's closing entries write it).
                        let current = balances(posting.account, inclusive: posting.assertionInclusive)
                        var targets: [Money] = []
                        if assertion.commodity.isEmpty && assertion.number.isZero {
                            targets = current.keys.sorted { $0.code < $1.code }.map { Money(minorUnits: 0, currency: $0) }
                        } else if let c = currency(assertion.commodity), let target = assertion.number.money(c) {
                            targets = [target]
                        }
                        for target in targets {
                            let (value, overflow) = target.minorUnits.subtractingReportingOverflow(current[target.currency] ?? 0)
                            guard !overflow else { throw ImportProblem(line: posting.line, reason: "amount", detail: posting.account, file: entry.file) }
                            real.append((posting, Money(minorUnits: value, currency: target.currency)))
                            weigh(target.currency.code, value)
                        }
                        continue
                    }
                    if elided != nil {
                        records.problems.append(ImportProblem(line: posting.line, reason: "journal-two-elided", detail: posting.account, file: entry.file))
                    }
                    elided = posting
                    continue
                }
                let own = currency(amount.commodity)
                let money = own.flatMap { amount.number.money($0) }
                if own != nil && money == nil {
                    records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account, file: entry.file))
                    continue
                }
                // The weight that balances the entry: the cost when there is one, else the amount.
                if let price = posting.price, let priceCurrency = currency(price.commodity) {
                    let cost = posting.priceIsTotal
                        ? price.number.money(priceCurrency).map { amount.number.value < 0 ? Money(minorUnits: -abs($0.minorUnits), currency: priceCurrency) : $0 }
                        : amount.number.times(price.number, in: priceCurrency)
                    guard let cost, cost.isWithinEntryBound else {
                        records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account, file: entry.file))
                        continue
                    }
                    weigh(priceCurrency.code, cost.minorUnits)
                } else if let money {
                    weigh(money.currency.code, money.minorUnits)
                } else {
                    nonISO.insert(amount.commodity)
                }
                if money == nil {
                    notes.skips.append(JournalSkip(file: entry.file, line: posting.line, reason: "commodity",
                                                   detail: posting.account + " " + amount.commodity))
                }
                real.append((posting, money))
            }
            if overflowed {
                records.problems.append(ImportProblem(line: entry.line, reason: "amount", detail: entry.description, file: entry.file))
                continue
            }
            if let elided {
                // The elided posting takes what balances the entry, in each currency that needs it.
                for (code, sum) in weights.sorted(by: { $0.key < $1.key }) where sum != 0 {
                    guard let c = Currency(code: code) else { continue }
                    real.append((elided, Money(minorUnits: -sum, currency: c)))
                }
                if !nonISO.isEmpty {
                    notes.skips.append(JournalSkip(file: entry.file, line: elided.line, reason: "commodity", detail: elided.account))
                }
            } else if weights.values.contains(where: { $0 != 0 }), nonISO.isEmpty,
                      !entry.postings.contains(where: { $0.price != nil }) {
                // Without costs an entry must balance in each currency (with costs, rounding may leave a cent).
                records.problems.append(ImportProblem(line: entry.line, reason: "journal-unbalanced", detail: entry.description, file: entry.file))
                continue
            }
            for (posting, money) in real {
                guard let money, money.minorUnits != 0 else { continue }
                guard money.isWithinEntryBound else {
                    records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account, file: entry.file))
                    continue
                }
                var sums = running[posting.account] ?? [:]
                let (sum, overflow) = (sums[money.currency] ?? 0).addingReportingOverflow(money.minorUnits)
                guard !overflow else { throw ImportProblem(line: posting.line, reason: "amount", detail: posting.account, file: entry.file) }
                sums[money.currency] = sum
                running[posting.account] = sums
                subtotals.add(posting.account, money.currency, money.minorUnits)
                let target = resolve(posting.account)
                if case .unsupported = target {
                    notes.skips.append(JournalSkip(file: entry.file, line: posting.line, reason: "account", detail: posting.account))
                    continue
                }
                if case .account = target, let name = names[posting.account] {
                    accountCurrencies[name, default: []].insert(money.currency)
                    legs.append(Leg(target: target, account: name, money: money, line: posting.line))
                } else {
                    legs.append(Leg(target: target, account: posting.account, money: money, line: posting.line))
                }
            }
            for (posting, _) in real where posting.amount != nil {
                if let assertion = posting.assertion {
                    check(posting.account, assertion, inclusive: posting.assertionInclusive, line: posting.line, file: entry.file)
                }
            }
            // A year-end closing entry is held; an opening entry gives back what one held (JournalClosings).
            let equityPosting = entry.postings.first { !$0.virtual && isEquity(resolve($0.account)) }
            let closing = equityPosting != nil && entry.postings.contains { !$0.virtual && closes($0.account) }
            let zeroed = closing && real.allSatisfy { posting, money in
                guard let money, !isEquity(resolve(posting.account)) else { return true }
                return (running[posting.account]?[money.currency] ?? 0) == 0
            }
            if closings.close(entry, legs, closingEquity: closing, zeroed: zeroed) { continue }
            if let equityPosting {
                let template = Leg(target: resolve(equityPosting.account), account: equityPosting.account,
                                   money: Money(minorUnits: 0, currency: legs.first?.money.currency ?? .kzt), line: equityPosting.line)
                if let rest = closings.reopen(legs, equity: template) {
                    if rest.isEmpty { continue }
                    legs = rest
                }
            }
            // A currency exchange (one account gives one currency, one takes another, `@@`/`@`
            // between them): one transfer with its target, not an expense and an income.
            let first = records.transactions.count
            defer { if entry.cleared { records.cleared.formUnion(first..<records.transactions.count) } }
            if let (out, into) = JournalBook.exchange(legs) {
                records.transactions.append(Transaction(id: 0, type: .transfer, amount: out.money.negated, date: entry.date,
                                                        account: out.account, toAccount: into.account, note: entry.description,
                                                        toAmount: into.money))
                continue
            }
            pair(legs, entry: entry, accounts: &accounts, records: &records, notes: &notes, own: &ownCategories, objects: &objects,
                 mapped: &mapped)
        }
        while nextCheck < checks.count {
            let c = checks[nextCheck]
            pad(c)
            check(c.account, c.amount, inclusive: true, line: c.line, file: c.file)
            nextCheck += 1
        }
        for (legs, entry) in closings.unreturned() {
            pair(legs, entry: entry, accounts: &accounts, records: &records, notes: &notes, own: &ownCategories, objects: &objects,
                 mapped: &mapped)
        }
        notes.equityMoves = closings.entries
        for price in parse.prices {
            guard let c = currency(price.commodity), let base = currency(price.price.commodity), c != base,
                  price.price.number.value > 0,
                  let micros = ExchangeRate.micros(from: decimalText(price.price.number)) else {
                notes.skips.append(JournalSkip(file: price.file, line: price.line, reason: "price",
                                               detail: price.commodity + " " + price.price.commodity))
                continue
            }
            let rate = ExchangeRate(currency: c, base: base, micros: micros, date: price.date)
            objects[rate.record.kind + " " + rate.record.key] = rate.record
            notes.rates += 1
        }
        for (name, account) in accounts.sorted(by: { $0.key < $1.key }) {
            // An account that only ever held stocks (or nothing) is no account of kassa's.
            let currencies = accountCurrencies[name] ?? []
            guard !currencies.isEmpty || account.opening != nil else { continue }
            notes.accounts.append(account)
            records.accounts.append(Account(name: name, currency: currencies.count == 1 ? currencies.first : nil))
        }
        notes.categoryMap = mapped.sorted { $0.key < $1.key }.map { (source: $0.key, slug: $0.value) }
        notes.categories = ownCategories.sorted { $0.key < $1.key }.map { (slug: $0.key, name: $0.value) }
        records.objects = objects.sorted { $0.key < $1.key }.map(\.value)
        notes.skips.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        records.journal = notes
        return records
    }

    private func isAccount(_ target: AccountNameMap.Target) -> Bool {
        if case .account = target { return true }
        return false
    }

    private func isEquity(_ target: AccountNameMap.Target) -> Bool {
        if case .equity = target { return true }
        return false
    }

    private func decimalText(_ n: JournalNumber) -> String {
        var digits = String(n.value.magnitude)
        guard n.scale > 0 else { return digits }
        while digits.count <= n.scale { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -n.scale))
        return digits
    }

    /// Where money coming back out of an expense category goes (kassa's refunds).
    static let refundSlug = "income/refund"

    /// The two legs of a currency exchange — two account postings, the one that gives in one
    /// currency and the one that takes in another — or nil for any other entry.
    private static func exchange(_ legs: [Leg]) -> (out: Leg, into: Leg)? {
        guard legs.count == 2, legs[0].money.currency != legs[1].money.currency else { return nil }
        guard case .account = legs[0].target, case .account = legs[1].target else { return nil }
        let (a, b) = (legs[0], legs[1])
        if a.money.minorUnits < 0, b.money.minorUnits > 0 { return (a, b) }
        if b.money.minorUnits < 0, a.money.minorUnits > 0 { return (b, a) }
        return nil
    }

    /// Pairs an entry's legs currency by currency into kassa transactions.
    private func pair(_ legs: [Leg], entry: JournalEntry, accounts: inout [String: JournalAccount], records: inout ImportRecords,
                      notes: inout JournalNotes, own: inout [String: String], objects: inout [String: ObjectRecord],
                      mapped: inout [String: String]) {
        var currencies: [Currency] = []
        for leg in legs where !currencies.contains(leg.money.currency) { currencies.append(leg.money.currency) }
        func add(_ type: TransactionType, _ minor: Int64, _ currency: Currency, category: String?, account: String?, to: String? = nil) {
            // kassa's amounts are never negative (the journal refuses them): money that comes
            // back out of an expense category is a refund, an income taken back an expense, a
            // transfer the other way round.
            var (type, minor, category, account, to) = (type, minor, category, account, to)
            if minor < 0 {
                guard minor != .min else { return }
                minor = -minor
                switch type {
                case .expense: type = .income; category = JournalBook.refundSlug
                case .income: type = .expense; category = nil
                case .transfer: (account, to) = (to, account)
                }
            }
            // "" is kassa's own export's uncategorized account: no category.
            records.transactions.append(Transaction(id: 0, type: type, amount: Money(minorUnits: minor, currency: currency),
                                                    date: entry.date, category: category == "" ? nil : category, account: account, toAccount: to,
                                                    note: entry.description))
        }
        func slug(_ leg: Leg) -> String? {
            let made = slug(leg.target)
            if let made, !made.isEmpty { mapped[leg.account] = made }
            return made
        }
        func slug(_ target: AccountNameMap.Target) -> String? {
            guard case .category(let known, let name, let type) = target else { return nil }
            if let known { return known }
            guard let part = AccountNameMap.ownSlug(name) else { return nil }
            let made = type == .income ? "income/" + part : part
            if own[made] == nil {
                own[made] = name
                let definition = CategoryDefinition(slug: made, name: name, parent: type == .income ? "income" : nil, type: type, own: true)
                objects[CategoryDefinition.kind + " " + made] = definition.record
            }
            return made
        }
        // A purchase (or an income) charged in its account's own currency — the category's leg in
        // the purchase's currency at its total cost, the account's in the charge's (`10.99 USD @@
        // 5200 KZT`, as kassa writes it): one transaction that keeps both amounts.
        if legs.count == 2, legs[0].money.currency != legs[1].money.currency,
           let c = legs.firstIndex(where: { if case .category = $0.target { return true } else { return false } }),
           isAccount(legs[1 - c].target), case .category(_, _, let type) = legs[c].target,
           (legs[c].money.minorUnits > 0) == (type == .expense), (legs[1 - c].money.minorUnits > 0) == (type == .income),
           legs[c].money.minorUnits != .min, legs[1 - c].money.minorUnits != .min {
            add(type, abs(legs[c].money.minorUnits), legs[c].money.currency, category: slug(legs[c]), account: legs[1 - c].account)
            records.transactions[records.transactions.count - 1].chargedAmount =
                Money(minorUnits: abs(legs[1 - c].money.minorUnits), currency: legs[1 - c].money.currency)
            return
        }
        for currency in currencies {
            // Remaining (signed) amounts, account legs and the others (categories, equity) apart.
            var accountLegs = legs.filter { $0.money.currency == currency && isAccount($0.target) }.map { ($0, $0.money.minorUnits) }
            var otherLegs = legs.filter { $0.money.currency == currency && !isAccount($0.target) }.map { ($0, $0.money.minorUnits) }
            /// Money moves between a category or equity leg and an account: `taken` > 0 when the
            /// category takes it from the account (an expense), < 0 when it gives it (an income).
            func flow(_ other: Leg, _ account: Leg, _ taken: Int64) {
                let m = abs(taken)
                switch other.target {
                case .category(_, _, let type):
                    let positive = (taken > 0) == (type == .expense)
                    add(type, positive ? m : -m, currency, category: slug(other), account: account.account)
                case .equity(let opening):
                    if !(opening && setOpening(&accounts[account.account], -taken, currency, entry.date)) {
                        add(taken > 0 ? .expense : .income, m, currency, category: nil, account: account.account)
                    }
                default:
                    notes.skips.append(JournalSkip(file: entry.file, line: other.line, reason: "unpaired", detail: other.account))
                }
            }
            // 1. Each category (or equity) leg with the accounts of the other sign, in the order
            //    written: one pointer over the accounts that give and one over those that take, each
            //    only moving forward (an entry of many postings costs their number, not its square).
            var giving = 0, taking = 0
            for o in otherLegs.indices {
                while otherLegs[o].1 != 0 {
                    let takes = otherLegs[o].1 > 0
                    var a = takes ? giving : taking
                    while a < accountLegs.count && (accountLegs[a].1 == 0 || (accountLegs[a].1 > 0) == takes) { a += 1 }
                    if takes { giving = a } else { taking = a }
                    guard a < accountLegs.count else { break }
                    let m = min(abs(otherLegs[o].1), abs(accountLegs[a].1))
                    let taken = takes ? m : -m
                    flow(otherLegs[o].0, accountLegs[a].0, taken)
                    otherLegs[o].1 -= taken
                    accountLegs[a].1 += taken
                }
            }
            // 2. What is left of them goes through the entry's first account (a paycheck: the
            //    salary in, the taxes out of the same account).
            for o in otherLegs.indices where otherLegs[o].1 != 0 {
                guard !accountLegs.isEmpty else {
                    notes.skips.append(JournalSkip(file: entry.file, line: otherLegs[o].0.line, reason: "unpaired", detail: otherLegs[o].0.account))
                    continue
                }
                flow(otherLegs[o].0, accountLegs[0].0, otherLegs[o].1)
                accountLegs[0].1 += otherLegs[o].1
                otherLegs[o].1 = 0
            }
            // 3. Accounts with accounts: transfers, from those that give to those that take.
            var t = 0, g = 0
            func next(_ i: inout Int, _ positive: Bool) {
                while i < accountLegs.count && (accountLegs[i].1 == 0 || (accountLegs[i].1 > 0) != positive) { i += 1 }
            }
            next(&t, true)
            next(&g, false)
            while t < accountLegs.count, g < accountLegs.count {
                let m = min(accountLegs[t].1, -accountLegs[g].1)
                let to = accountLegs[t].0, from = accountLegs[g].0
                if from.account != to.account { add(.transfer, m, currency, category: nil, account: from.account, to: to.account) }
                accountLegs[t].1 -= m
                accountLegs[g].1 += m
                next(&t, true)
                next(&g, false)
            }
            // 4. What is still left (a currency exchange, money into stocks): the account moves by itself.
            for (leg, rest) in accountLegs where rest != 0 {
                add(rest > 0 ? .income : .expense, abs(rest), currency, category: nil, account: leg.account)
            }
        }
    }

    /// Adds `minor` to the account's opening balance; false when it has one in another currency.
    private func setOpening(_ account: inout JournalAccount?, _ minor: Int64, _ currency: Currency, _ date: CivilDate) -> Bool {
        guard var known = account else { return false }
        if let opening = known.opening {
            guard opening.currency == currency else { return false }
            let (sum, overflow) = opening.minorUnits.addingReportingOverflow(minor)
            guard !overflow else { return false }
            known.opening = Money(minorUnits: sum, currency: currency)
            // The earliest date: kassa counts the whole opening from it (the tool's balance after
            // the last of them is the same).
        } else {
            known.opening = Money(minorUnits: minor, currency: currency)
            known.openingDate = date
        }
        account = known
        return true
    }
}
