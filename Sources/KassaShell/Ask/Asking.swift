// Asking: a line to an answer — read it with the questions grammar (QuestionReader), gather what
// the ledger already computes for the kind (balances' openings, budget states, recurring series),
// answer it over the journal (QueryAnswerer), and fetch the notes the sentence names. The session
// and `kassa ask` both come here, so a question gets the same answer in both.

import KassaBuiltinData
import KassaCore
import KassaLedger
import KassaStore
import Synchronization

enum Asking {
    /// The questions grammar: the `ask` rules of the data directory's or the person's rule files when kassa runs
    /// as a program, else the built-in ones (a session in a test).
    static func grammar(_ app: AppContext?) -> QuestionGrammar {
        if let app { return app.questionGrammar }
        return builtIn
    }

    static let builtIn: QuestionGrammar = {
        let sources = BuiltinData.files.filter { $0.path.hasSuffix(".rules") }.map { file in
            GrammarSource(path: file.path, language: nil, contents: file.contents)
        }
        return QuestionGrammar.load(sources).0
    }()

    /// A balance question is answered in one figure, every currency converted (all the money
    /// there is, "net worth"), except one account that holds a single currency: "how much is on
    /// my dollar card" is said in dollars.
    static func convertsBalance(_ query: Query, journal: Journal, today: CivilDate) -> Bool {
        guard let account = query.account?.lowercased() else { return true }
        let lines = (try? Balances.compute(journal.source(), today: today)) ?? []
        return Set(lines.filter { $0.account?.lowercased() == account }.map(\.amount.currency)).count > 1
    }

    /// Answers `query` (read from `question`) over `journal` as of the configuration's today.
    static func answer(_ query: Query, question: String, journal: Journal, configuration: Session.Configuration,
                       app: AppContext?, budgets: BudgetBook?) throws -> AskResult {
        let today = configuration.today
        let base = configuration.baseCurrency
        // What kassa did not understand is said, not answered over a guessed period or kind.
        if query.kind == .unknown || query.unknownPeriod != nil {
            return AskResult(question: question, query: query, answer: QueryAnswer())
        }
        var facts = QueryAnswerer.Facts()
        switch query.kind {
        case .balance:
            facts.openings = AccountBook.profiles(journal).values.compactMap { profile in
                profile.opening.map { OpeningBalance(account: profile.name, amount: $0, date: profile.openingDate) }
            }.sorted { $0.account < $1.account }
        case .budget:
            let book = budgets ?? BudgetBook(journal: journal, configuration: configuration, app: app)
            facts.budgets = try book.current().statuses()
        case .due, .upcoming, .subscriptions:
            let series = journal.objects(Series.kind).compactMap(Series.init(record:))
            let settled = DueOccurrences.settled(journal.objects(Occurrence.kind))
            facts.recurring = try RecurringOverview.compute(series, settled: settled, today: today)
            // Payments planned by date ("rent 180000 on december 10"): money to go out, not income.
            if query.kind == .upcoming, let window = query.period, window.to > today {
                let from = max(window.from, today.adding(days: 1))
                facts.planned = journal.query(TransactionFilter(from: from, to: window.to)).compactMap { t in
                    guard t.type != .income else { return nil }
                    return QueryAnswer.Item(key: t.note.isEmpty ? "#\(t.id)" : t.note, amount: t.amount, date: t.date)
                }
            }
        default:
            break
        }
        // The journal narrows by date (and by words in notes) on its compact rows first.
        var filter = TransactionFilter()
        if [.total, .count, .average, .top, .compare, .last, .net].contains(query.kind) {
            let spans = [query.period, query.kind == .compare ? query.previous : nil].compactMap { $0 }
            if !spans.isEmpty, query.period != nil {
                filter.from = spans.map(\.from).min()
                filter.to = spans.map(\.to).max()
            }
            if query.category == nil, query.account == nil, let text = query.searchText, !text.isEmpty { filter.text = text }
        }
        let answerer = QueryAnswerer(today: today, base: base)
        let rates = journal.rateTable(base: base)
        let answer: QueryAnswer
        if rates.rates.isEmpty || (query.kind == .balance && !convertsBalance(query, journal: journal, today: today)) {
            answer = try answerer.answer(query, source: journal.source(filter), facts: facts)
        } else {
            if query.kind == .balance {
                // Openings in another currency at their date's rate, like the transactions; one
                // with no rate stays as it is and the answer says it was left out.
                facts.openings = facts.openings.map { opening in
                    var moved = opening
                    if let amount = try? rates.convert(opening.amount, to: base, on: opening.date ?? today) { moved.amount = amount }
                    return moved
                }
            }
            answer = try answerer.answer(query, source: ConvertingSource(journal.source(filter), rates: rates, to: base), facts: facts)
        }
        var result = AskResult(question: question, query: query, answer: answer)
        // Words no rule read were looked for in the notes; found in none, they are words kassa
        // does not know — said so, with no number for a question it did not understand.
        let searched: Set<QueryKind> = [.total, .count, .average, .top, .compare, .last, .net]
        if searched.contains(query.kind), query.category == nil, query.account == nil, let words = query.text, !words.isEmpty,
           (answer.count ?? 0) == 0, (answer.items ?? []).isEmpty {
            result = AskResult(question: question, query: query, answer: QueryAnswer())
            result.unread = words.split(separator: " ").map(String.init)
        } else if !query.unreadWords.isEmpty {
            // Words beside what was read that no rule knows: what was understood is said, no number.
            result = AskResult(question: question, query: query, answer: QueryAnswer())
            result.unread = query.unreadWords
        }

        let ids = (answer.items ?? []).compactMap(\.id) + [answer.id].compactMap { $0 }
        if query.kind == .top || query.kind == .last {
            for id in ids {
                guard let transaction = journal.transaction(id: id) else { continue }
                result.notes[id] = transaction.note
                if transaction.type == .transfer {
                    result.routes[id] = (transaction.account ?? "—") + " → " + (transaction.toAccount ?? "—")
                }
            }
        }
        return result
    }
}
