// QueryAnswerer: answers a Query over a TransactionSource in one pass — totals, counts, averages,
// top categories or transactions, comparisons, the latest match — and from what the ledger
// already computes for the rest: balances (Balances), budgets (BudgetStatus from BudgetTracker),
// due dates, payments to come and subscriptions (RecurringOverview). Nothing is re-implemented here.
//
// Amounts are in the base currency (the caller wraps the source in a ConvertingSource when rates
// exist); a transaction still in another currency is counted in `skipped`, never added as if it
// were the base one. Expenses are positive. A category includes its subcategories. Checked sums:
// a total too large is MoneyError.overflow, never a wrapped number. Pure: no I/O, no clock.

import KassaCore

public struct QueryAnswerer {
    /// What the ledger computed elsewhere that some kinds need.
    public struct Facts {
        public var openings: [OpeningBalance]
        public var budgets: [BudgetStatus]
        public var recurring: RecurringOverview?
        /// Transactions dated after today in the asked window ("rent 180000 on december 10"):
        /// payments to come beside the series' (key: the note, with the date).
        public var planned: [QueryAnswer.Item]

        public init(openings: [OpeningBalance] = [], budgets: [BudgetStatus] = [], recurring: RecurringOverview? = nil,
                    planned: [QueryAnswer.Item] = []) {
            self.openings = openings
            self.budgets = budgets
            self.recurring = recurring
            self.planned = planned
        }
    }

    public let today: CivilDate
    public let base: Currency

    public init(today: CivilDate, base: Currency) {
        self.today = today
        self.base = base
    }

    public func answer(_ query: Query, source: some TransactionSource, facts: Facts = Facts()) throws(MoneyError) -> QueryAnswer {
        switch query.kind {
        case .total, .count, .average, .top, .compare, .last, .net:
            return try scan(query, source: source)
        case .balance:
            return try balance(query, source: source, openings: facts.openings)
        case .budget:
            return try budget(query, statuses: facts.budgets)
        case .due:
            return due(query, overview: facts.recurring)
        case .upcoming:
            return try upcoming(query, overview: facts.recurring, planned: facts.planned)
        case .subscriptions:
            return subscriptions(facts.recurring)
        case .unknown:
            return QueryAnswer()
        }
    }

    // MARK: - One pass over the transactions

    private func scan(_ query: Query, source: some TransactionSource) throws(MoneyError) -> QueryAnswer {
        var filter = LabelFilter(query: query, source: source)
        let period = query.period
        let previous = query.kind == .compare ? query.previous : nil
        var total = CheckedSum(), before = CheckedSum()
        // `net`: what came in and what went out, apart.
        var earned = CheckedSum(), spent = CheckedSum()
        var count = 0, skipped = 0
        var byCategory: [UInt32: Int64] = [:]
        var biggest: [LedgerEntry] = []
        var latest: LedgerEntry?
        var latestFew: [LedgerEntry] = []
        var overflow = false
        let wantsTopTransactions = query.kind == .top && query.topBy == .transaction
        source.forEachEntry { e in
            let inPeriod = period.map { $0.contains(day: e.days) } ?? true
            let inPrevious = previous?.contains(day: e.days) ?? false
            guard inPeriod || inPrevious else { return }
            if let type = query.type, e.type != type { return }
            guard filter.matches(e) else { return }
            guard e.currency == base else { skipped += 1; return }
            if inPrevious { before.add(e.amount) }
            guard inPeriod else { return }
            if query.kind == .net {
                guard e.type != .transfer else { return }
                if e.type == .income { earned.add(e.amount) } else { spent.add(e.amount) }
            }
            total.add(e.amount)
            count += 1
            if query.kind == .top {
                if wantsTopTransactions {
                    QueryAnswerer.keep(e, in: &biggest, limit: query.topCount)
                } else {
                    let (sum, over) = byCategory[e.category, default: 0].addingReportingOverflow(e.amount)
                    byCategory[e.category] = sum
                    overflow = overflow || over
                }
            }
            if query.kind == .last, latest.map({ (e.days, e.id) > ($0.days, $0.id) }) ?? true { latest = e }
            if query.kind == .last, let limit = query.lastCount { QueryAnswerer.keepLatest(e, in: &latestFew, limit: limit) }
        }
        if total.overflowed || before.overflowed || overflow || earned.overflowed || spent.overflowed {
            throw MoneyError(.overflow, currency: base)
        }
        var answer = QueryAnswer()
        answer.skipped = skipped
        let money = { (units: Int64) in Money(minorUnits: units, currency: self.base) }
        switch query.kind {
        case .total:
            answer.amount = money(total.value)
            answer.count = count
        case .count:
            answer.count = count
            answer.amount = money(total.value)
        case .average:
            let divisor: Int
            switch query.unit ?? .day {
            case .day: divisor = period?.dayCount ?? 1
            case .month: divisor = period.map { $0.months.count } ?? 1
            case .transaction: divisor = count
            }
            answer.amount = money(QueryAnswerer.divide(total.value, by: divisor))
            answer.count = count
        case .compare:
            answer.amount = money(total.value)
            answer.previous = money(before.value)
            answer.count = count
        case .top:
            answer.amount = money(total.value)
            answer.count = count
            if wantsTopTransactions {
                answer.items = biggest.map { QueryAnswer.Item(key: "#\($0.id)", amount: money($0.amount), date: CivilDate(daysSinceEpoch: $0.days), id: $0.id) }
            } else {
                answer.items = try topCategories(byCategory, query: query, source: source)
            }
        case .net:
            let (net, over) = earned.value.subtractingReportingOverflow(spent.value)
            if over { throw MoneyError(.overflow, currency: base) }
            answer.amount = money(net)
            answer.count = count
            answer.items = [QueryAnswer.Item(key: TransactionType.income.rawValue, amount: money(earned.value)),
                            QueryAnswer.Item(key: TransactionType.expense.rawValue, amount: money(spent.value))]
        case .last:
            if let latest {
                answer.amount = money(latest.amount)
                answer.date = CivilDate(daysSinceEpoch: latest.days)
                answer.id = latest.id
            }
            answer.count = count
            if query.lastCount != nil {
                answer.items = latestFew.map { QueryAnswer.Item(key: "#\($0.id)", amount: money($0.amount), date: CivilDate(daysSinceEpoch: $0.days), id: $0.id) }
            }
        default:
            break
        }
        return answer
    }

    /// Keeps the `limit` largest entries, largest first (ties: the later date, then the higher id).
    static func keep(_ e: LedgerEntry, in list: inout [LedgerEntry], limit: Int) {
        func before(_ a: LedgerEntry, _ b: LedgerEntry) -> Bool {
            (a.amount, a.days, a.id) > (b.amount, b.days, b.id)
        }
        if list.count == limit, let last = list.last, !before(e, last) { return }
        let at = list.firstIndex { before(e, $0) } ?? list.count
        list.insert(e, at: at)
        if list.count > limit { list.removeLast() }
    }

    /// Keeps the `limit` latest entries, latest first (by date, then id: the order they were said).
    static func keepLatest(_ e: LedgerEntry, in list: inout [LedgerEntry], limit: Int) {
        func after(_ a: LedgerEntry, _ b: LedgerEntry) -> Bool { (a.days, a.id) > (b.days, b.id) }
        if list.count == limit, let last = list.last, !after(e, last) { return }
        let at = list.firstIndex { after(e, $0) } ?? list.count
        list.insert(e, at: at)
        if list.count > limit { list.removeLast() }
    }

    /// Sums by category one level below the asked one (top level when none was asked), largest first.
    private func topCategories(_ sums: [UInt32: Int64], query: Query, source: some TransactionSource) throws(MoneyError) -> [QueryAnswer.Item] {
        let depth = query.category.map { $0.split(separator: "/").count + 1 } ?? 1
        var grouped: [String: CheckedSum] = [:]
        for (label, amount) in sums {
            let slug = source.label(label) ?? "-"
            let key = slug == "-" ? slug : slug.split(separator: "/").prefix(depth).joined(separator: "/")
            grouped[key, default: CheckedSum()].add(amount)
            if grouped[key]!.overflowed { throw MoneyError(.overflow, currency: base) }
        }
        return grouped.map { QueryAnswer.Item(key: $0.key, amount: Money(minorUnits: $0.value.value, currency: base)) }
            .sorted { ($0.amount.minorUnits, $1.key) > ($1.amount.minorUnits, $0.key) }
            .prefix(query.topCount).map { $0 }
    }

    /// `total / divisor`, rounded half up (amounts here are never negative).
    static func divide(_ total: Int64, by divisor: Int) -> Int64 {
        guard divisor > 1 else { return total }
        let d = Int64(divisor)
        return total / d + (total % d * 2 >= d ? 1 : 0)
    }

    // MARK: - From the ledger's other computations

    private func balance(_ query: Query, source: some TransactionSource, openings: [OpeningBalance]) throws(MoneyError) -> QueryAnswer {
        let lines = try Balances.compute(source, today: today, openings: openings).filter { $0.account != nil }
        var answer = QueryAnswer()
        if let account = query.account {
            let mine = lines.filter { $0.account?.lowercased() == account.lowercased() }
            // The account's base-currency balance, or its own currency when it holds only one.
            guard let line = mine.first(where: { $0.amount.currency == base }) ?? (mine.count == 1 ? mine.first : nil) else {
                if mine.isEmpty { answer.amount = Money(minorUnits: 0, currency: base); answer.count = 0 }
                answer.items = mine.map { QueryAnswer.Item(key: account, amount: $0.amount) }
                return answer
            }
            answer.amount = line.amount
            answer.count = line.count
            answer.subject = line.account
            return answer
        }
        var total = CheckedSum()
        var items: [QueryAnswer.Item] = []
        for line in lines where line.isCurrent {
            items.append(QueryAnswer.Item(key: line.account ?? "-", amount: line.amount))
            if line.amount.currency == base { total.add(line.amount.minorUnits) } else { answer.skipped += 1 }
        }
        if total.overflowed { throw MoneyError(.overflow, currency: base) }
        answer.amount = Money(minorUnits: total.value, currency: base)
        answer.items = items
        return answer
    }

    private func budget(_ query: Query, statuses: [BudgetStatus]) throws(MoneyError) -> QueryAnswer {
        var answer = QueryAnswer()
        var chosen = statuses
        if let category = query.category {
            // The budget on that category, else the one on the nearest parent that covers it.
            let exact = statuses.filter { $0.budget.category == category }
            let covering = statuses.filter { $0.budget.covers(category) }
                .sorted { $0.budget.category.count > $1.budget.category.count }
            chosen = exact.isEmpty ? Array(covering.prefix(1)) : exact
        }
        guard !chosen.isEmpty else { return answer }
        var total = CheckedSum()
        for status in chosen where status.remaining.currency == base { total.add(status.remaining.minorUnits) }
        if total.overflowed { throw MoneyError(.overflow, currency: base) }
        answer.amount = Money(minorUnits: total.value, currency: chosen.count == 1 ? chosen[0].remaining.currency : base)
        if chosen.count == 1 {
            answer.amount = chosen[0].remaining
            answer.subject = chosen[0].budget.category
            answer.period = Period(kind: .range, from: chosen[0].period.start, to: chosen[0].period.end)
        }
        answer.items = chosen.map { QueryAnswer.Item(key: $0.budget.category, amount: $0.remaining) }
        return answer
    }

    private func due(_ query: Query, overview: RecurringOverview?) -> QueryAnswer {
        var answer = QueryAnswer()
        let active = (overview?.lines ?? []).filter { $0.next != nil }
        // By name first ("netflix"), then by category ("rent"), then by account; nothing asked: all.
        var lines = active.filter { QueryAnswerer.series($0.series, named: query.searchText) }
        if lines.isEmpty, let category = query.category {
            lines = active.filter { $0.series.category.map { $0 == category || $0.hasPrefix(category + "/") } ?? false }
        }
        if lines.isEmpty, query.category == nil, let account = query.account?.lowercased() {
            lines = active.filter { $0.series.account?.lowercased() == account }
        }
        if lines.isEmpty, query.category == nil, query.account == nil, (query.text ?? "").isEmpty { lines = active }
        guard let line = lines.min(by: { ($0.next!, $0.series.id) < ($1.next!, $1.series.id) }) else { return answer }
        answer.date = line.next
        answer.amount = line.amount
        answer.id = line.series.id
        answer.subject = line.series.note
        return answer
    }

    /// The payments to come in the query's period: every unpaid date of each active series that
    /// takes money out (expenses and transfers; income is not a payment), in date order, with
    /// their total in the base currency (others are `skipped`). When the period starts today, a
    /// payment overdue and still unpaid comes first: it is still to be paid.
    private func upcoming(_ query: Query, overview: RecurringOverview?, planned: [QueryAnswer.Item]) throws(MoneyError) -> QueryAnswer {
        var answer = QueryAnswer()
        guard let window = query.period else { return answer }
        answer.period = window
        var found: [(date: CivilDate, id: Int, item: QueryAnswer.Item)] = []
        for line in overview?.lines ?? [] where line.series.status == .active && line.series.type != .income {
            guard let first = line.next, first <= window.to else { continue }
            let from = window.from == today && first < today ? first : max(first, window.from)
            for date in line.series.schedule.dates(from: from, through: window.to) where date >= first && !line.settled.contains(date) {
                found.append((date, line.series.id, QueryAnswer.Item(key: line.series.note, amount: line.series.amount(on: date),
                                                                     date: date, id: line.series.id)))
            }
        }
        for item in planned {
            guard let date = item.date, date > today, date >= window.from, date <= window.to else { continue }
            found.append((date, Int.max, item))
        }
        found.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        var total = CheckedSum()
        for entry in found {
            guard entry.item.amount.currency == base else { answer.skipped += 1; continue }
            total.add(entry.item.amount.minorUnits)
            if total.overflowed { throw MoneyError(.overflow, currency: base) }
        }
        answer.items = found.map(\.item)
        answer.count = found.count
        answer.amount = Money(minorUnits: total.value, currency: base)
        return answer
    }

    /// The series' note holds the asked words (all of them in order, or one of four letters or more).
    static func series(_ s: Series, named text: String?) -> Bool {
        let asked = QuestionWords.words(text ?? "")
        guard !asked.isEmpty else { return false }
        let note = QuestionWords.words(s.note).joined(separator: " ")
        if note.contains(asked.joined(separator: " ")) { return true }
        return asked.contains { $0.count >= 4 && note.contains($0) }
    }

    private func subscriptions(_ overview: RecurringOverview?) -> QueryAnswer {
        var answer = QueryAnswer()
        let lines = (overview?.lines ?? []).filter { $0.series.status == .active && $0.series.kind == .subscription }
        answer.amount = overview?.subscriptionTotals.first { $0.currency == base } ?? Money(minorUnits: 0, currency: base)
        answer.count = lines.count
        answer.items = lines.sorted { ($0.monthly.minorUnits, $1.series.note) > ($1.monthly.minorUnits, $0.series.note) }
            .map { QueryAnswer.Item(key: $0.series.note, amount: $0.monthly, date: $0.next, id: $0.series.id) }
        answer.skipped = (overview?.subscriptionTotals ?? []).filter { $0.currency != base }.count
        return answer
    }
}
