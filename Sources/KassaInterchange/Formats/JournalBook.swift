// JournalBook: a parsed journal (JournalParse) made into kassa's records, with the same
// balances. Entries are taken in date order (the file's order within a day, as hledger checks
// assertions). In each entry an elided amount is filled (the negated sum of the others, costs
// counted in their price's currency), balance assignments get their amount, and then, per
// currency, the postings that take money (positive) are paired with those that give it
// (negative) in the order written:
// - account → account: a transfer; account → expense category: an expense (into an income
//   category: an income taken back, a negative income); income category → account: an income
//   (from an expense category: a refund, a negative expense);
// - opening-balances equity ↔ account: the account's opening balance (its first; a second one in
//   another currency, and any other equity, becomes an uncategorized income or expense);
// - what is left once a currency's postings are paired (a currency exchange, money into stocks)
//   becomes an uncategorized income or expense of that account, so its balance stays the tool's.
// Postings kassa cannot hold — another commodity than an ISO currency, virtual postings — are
// skipped and listed with their line; so is a pair of two categories (no account moves).

import KassaCore

public struct JournalBook {
    let map: AccountNameMap
    let vocabulary: ImportVocabulary

    public init(vocabulary: ImportVocabulary) {
        self.vocabulary = vocabulary
        map = AccountNameMap(vocabulary: vocabulary)
    }

    /// The currency a commodity is ("$", "USD", "₸"); nil for anything else (stocks, "hours").
    public func currency(_ commodity: String) -> Currency? {
        guard !commodity.isEmpty else { return nil }
        if let code = Currency(code: commodity), commodity.uppercased() == commodity { return code }
        return vocabulary.currency(commodity)
    }

    /// One side of a pairing: what a posting moves in one currency.
    private struct Leg {
        var target: AccountNameMap.Target
        var account: String
        var money: Money
        var line: Int
    }

    public func make(_ parse: JournalParse) throws -> ImportRecords {
        var records = ImportRecords()
        var notes = JournalNotes()
        records.problems = parse.problems
        notes.skips = parse.skips

        // Every asset and liability name → kassa's account name, decided from the whole file.
        var assetNames: Set<String> = []
        for name in parse.declared where isAccount(map.resolve(name)) { assetNames.insert(name) }
        for entry in parse.entries {
            for posting in entry.postings where !posting.virtual && isAccount(map.resolve(posting.account)) {
                assetNames.insert(posting.account)
            }
        }
        let names = AccountNameMap.accountNames(assetNames)
        var accounts: [String: JournalAccount] = [:]
        var accountCurrencies: [String: Set<Currency>] = [:]
        for source in assetNames.sorted() {
            guard case .account(_, let kind) = map.resolve(source), let name = names[source] else { continue }
            if accounts[name] == nil { accounts[name] = JournalAccount(name: name, source: source, kind: kind) }
        }
        var ownCategories: [String: String] = [:]
        var objects: [String: ObjectRecord] = [:]

        // Date order, the file's order within a day (a stable sort).
        let order = parse.entries.indices.sorted { (parse.entries[$0].date, $0) < (parse.entries[$1].date, $1) }
        let checks = parse.checks.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var nextCheck = 0
        var running: [String: [Currency: Int64]] = [:]

        func check(_ account: String, _ expected: JournalAmount, inclusive: Bool, line: Int, file: String) {
            guard let currency = currency(expected.commodity), let money = expected.number.money(currency) else { return }
            notes.assertionsChecked += 1
            var actual: Int64 = 0
            if inclusive {
                for (name, sums) in running where name == account || name.hasPrefix(account + ":") { actual &+= sums[currency] ?? 0 }
            } else {
                actual = running[account]?[currency] ?? 0
            }
            if actual != money.minorUnits {
                notes.assertionFailures.append(JournalAssertionFailure(file: file, line: line, account: account, expected: money,
                                                                       actual: Money(minorUnits: actual, currency: currency)))
            }
        }

        for index in order {
            let entry = parse.entries[index]
            while nextCheck < checks.count, checks[nextCheck].date <= entry.date {
                let c = checks[nextCheck]
                check(c.account, c.amount, inclusive: true, line: c.line, file: c.file)
                nextCheck += 1
            }
            var legs: [Leg] = []
            var weights: [String: Int64] = [:]   // commodity → sum of weights (ISO minor units only)
            var nonISO: Set<String> = []
            var elided: JournalPosting?
            var real: [(JournalPosting, Money?)] = []
            for posting in entry.postings {
                if posting.virtual {
                    notes.skips.append(JournalSkip(file: entry.file, line: posting.line, reason: "virtual", detail: posting.account))
                    continue
                }
                guard var amount = posting.amount else {
                    if let assertion = posting.assertion, let c = currency(assertion.commodity), let target = assertion.number.money(c) {
                        // A balance assignment: the amount that makes the balance what it says.
                        let (value, overflow) = target.minorUnits.subtractingReportingOverflow(running[posting.account]?[c] ?? 0)
                        guard !overflow else { throw ImportProblem(line: posting.line, reason: "amount", detail: entry.file) }
                        real.append((posting, Money(minorUnits: value, currency: c)))
                        weights[c.code, default: 0] &+= value
                        continue
                    }
                    if elided != nil {
                        records.problems.append(ImportProblem(line: posting.line, reason: "journal-two-elided", detail: posting.account))
                    }
                    elided = posting
                    continue
                }
                if amount.commodity.isEmpty, let only = defaultCommodity(entry) { amount.commodity = only }
                let own = currency(amount.commodity)
                let money = own.flatMap { amount.number.money($0) }
                if own != nil && money == nil {
                    records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account))
                    continue
                }
                // The weight that balances the entry: the cost when there is one, else the amount.
                if let price = posting.price, let priceCurrency = currency(price.commodity) {
                    let cost = posting.priceIsTotal
                        ? price.number.money(priceCurrency).map { amount.number.value < 0 ? Money(minorUnits: -abs($0.minorUnits), currency: priceCurrency) : $0 }
                        : amount.number.times(price.number, in: priceCurrency)
                    guard let cost, cost.isWithinEntryBound else {
                        records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account))
                        continue
                    }
                    weights[priceCurrency.code, default: 0] &+= cost.minorUnits
                } else if let money {
                    weights[money.currency.code, default: 0] &+= money.minorUnits
                } else {
                    nonISO.insert(amount.commodity)
                }
                if money == nil {
                    notes.skips.append(JournalSkip(file: entry.file, line: posting.line, reason: "commodity",
                                                   detail: posting.account + " " + amount.commodity))
                }
                real.append((posting, money))
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
                records.problems.append(ImportProblem(line: entry.line, reason: "journal-unbalanced", detail: entry.description))
                continue
            }
            for (posting, money) in real {
                guard let money, money.minorUnits != 0 else { continue }
                guard money.isWithinEntryBound else {
                    records.problems.append(ImportProblem(line: posting.line, reason: "amount", detail: posting.account))
                    continue
                }
                var sums = running[posting.account] ?? [:]
                let (sum, overflow) = (sums[money.currency] ?? 0).addingReportingOverflow(money.minorUnits)
                guard !overflow else { throw ImportProblem(line: posting.line, reason: "amount", detail: posting.account) }
                sums[money.currency] = sum
                running[posting.account] = sums
                let target = map.resolve(posting.account)
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
            pair(legs, entry: entry, accounts: &accounts, records: &records, notes: &notes, own: &ownCategories, objects: &objects)
        }
        while nextCheck < checks.count {
            let c = checks[nextCheck]
            check(c.account, c.amount, inclusive: true, line: c.line, file: c.file)
            nextCheck += 1
        }
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
            notes.accounts.append(account)
            let currencies = accountCurrencies[name] ?? []
            records.accounts.append(Account(name: name, currency: currencies.count == 1 ? currencies.first : nil))
        }
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

    /// An amount written without a commodity takes the entry's only one, if it has one.
    private func defaultCommodity(_ entry: JournalEntry) -> String? {
        let named = Set(entry.postings.compactMap { $0.amount?.commodity }.filter { !$0.isEmpty })
        return named.count == 1 ? named.first : nil
    }

    private func decimalText(_ n: JournalNumber) -> String {
        var digits = String(n.value.magnitude)
        guard n.scale > 0 else { return digits }
        while digits.count <= n.scale { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -n.scale))
        return digits
    }

    /// Pairs an entry's legs currency by currency into kassa transactions.
    private func pair(_ legs: [Leg], entry: JournalEntry, accounts: inout [String: JournalAccount], records: inout ImportRecords,
                      notes: inout JournalNotes, own: inout [String: String], objects: inout [String: ObjectRecord]) {
        var currencies: [Currency] = []
        for leg in legs where !currencies.contains(leg.money.currency) { currencies.append(leg.money.currency) }
        func add(_ type: TransactionType, _ minor: Int64, _ currency: Currency, category: String?, account: String?, to: String? = nil) {
            records.transactions.append(Transaction(id: 0, type: type, amount: Money(minorUnits: minor, currency: currency),
                                                    date: entry.date, category: category, account: account, toAccount: to,
                                                    note: entry.description))
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
        /// What is left on one leg with nothing to pair it with: an account moves by itself.
        func alone(_ leg: Leg, _ minor: Int64) {
            switch leg.target {
            case .account:
                add(minor > 0 ? .income : .expense, abs(minor), leg.money.currency, category: nil, account: leg.account)
            default:
                notes.skips.append(JournalSkip(file: entry.file, line: leg.line, reason: "unpaired", detail: leg.account))
            }
        }
        for currency in currencies {
            var takes = legs.filter { $0.money.currency == currency && $0.money.minorUnits > 0 }.map { ($0, $0.money.minorUnits) }
            var gives = legs.filter { $0.money.currency == currency && $0.money.minorUnits < 0 }.map { ($0, -$0.money.minorUnits) }
            var t = 0, g = 0
            while t < takes.count, g < gives.count {
                let amount = min(takes[t].1, gives[g].1)
                let to = takes[t].0, from = gives[g].0
                switch (from.target, to.target) {
                case (.account, .account):
                    if from.account != to.account { add(.transfer, amount, currency, category: nil, account: from.account, to: to.account) }
                case (.account, .category(_, _, let type)):
                    add(type, type == .expense ? amount : -amount, currency, category: slug(to.target), account: from.account)
                case (.category(_, _, let type), .account):
                    add(type, type == .income ? amount : -amount, currency, category: slug(from.target), account: to.account)
                case (.equity(let opening), .account):
                    if !(opening && setOpening(&accounts[to.account], amount, currency, entry.date)) {
                        add(.income, amount, currency, category: nil, account: to.account)
                    }
                case (.account, .equity(let opening)):
                    if !(opening && setOpening(&accounts[from.account], -amount, currency, entry.date)) {
                        add(.expense, amount, currency, category: nil, account: from.account)
                    }
                default:
                    notes.skips.append(JournalSkip(file: entry.file, line: from.line, reason: "unpaired", detail: from.account + " → " + to.account))
                }
                takes[t].1 -= amount
                gives[g].1 -= amount
                if takes[t].1 == 0 { t += 1 }
                if gives[g].1 == 0 { g += 1 }
            }
            while t < takes.count { alone(takes[t].0, takes[t].1); t += 1 }
            while g < gives.count { alone(gives[g].0, -gives[g].1); g += 1 }
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
