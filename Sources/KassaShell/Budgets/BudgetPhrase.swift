// BudgetPhrase: a budget said in words — "budget groceries 100k a month", "бюджет на кафе 50
// тысяч в месяц", "budget coffee 20000 weekly" — is the same `budget set` as the command. The rest
// of the line is read by the parser as a draft would be: its amount is the limit, its category the
// budget's, its recurrence (a month / в месяц / weekly) the period (monthly when none is said).

import KassaCore
import KassaLedger
import KassaStore

enum BudgetPhrase: LinePhrase {
    /// The events of a budget said in words; nil when the line does not start with a budget word.
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        guard let rest = Self.rest(of: line, words: session.words) else { return nil }
        let book = session.budgets
        var context = session.parseContext
        context.defaultCurrency = book.base
        let result = session.parser.parse(rest, context: context)
        guard result.error == nil, result.drafts.count == 1, let draft = result.drafts.first, draft.type == .expense,
              let amount = draft.amount, amount.minorUnits > 0, amount.isWithinEntryBound,
              let category = Self.category(draft, words: rest, grammar: session.parser.grammar) else {
            return session.reject(SessionError("budget.phrase-incomplete"), input: line, span: nil)
        }
        var request = BudgetCommand.Request(category: category, amount: amount.decimalString)
        switch draft.recurrence {
        case .weekly: request.frequency = .weekly
        case .monthly: request.frequency = .monthly
        case .yearly: request.frequency = .yearly
        case nil: break
        case .daily, .quarterly:
            return session.reject(SessionError("budget.phrase-period"), input: line, span: nil)
        }
        do {
            return [try book.set(category, limit: amount, request: request)]
        } catch let error as any LocalizableError {
            if error is UsageError { session.hadInputError = true } else { session.hadStoreError = true }
            return [.error(error)]
        } catch {
            session.hadStoreError = true
            return [.error(SessionError("store.failed"))]
        }
    }

    /// The words of a budget phrase after its budget word (`phrase.budget`, session.rules): "budget
    /// food 50000 a month", or with a verb of `phrase.set` first and the budget word among the next
    /// few ("set a food budget of 100k a month", «поставь бюджет на еду 100 тысяч в месяц»).
    private static func rest(of line: String, words: CommandWords) -> String? {
        if let (name, rest) = PhraseWords.parts(line, words: words), name != "set" { return name == "budget" ? rest : nil }
        let said = PhraseWords.split(line)
        guard said.count > 2, words.name(in: "phrase", for: said[0]) == "set",
              let at = said[1..<min(said.count, 5)].firstIndex(where: { words.name(in: "phrase", for: $0) == "budget" }) else { return nil }
        let rest = said[1..<at] + said[(at + 1)...]
        return rest.isEmpty ? nil : rest.joined(separator: " ")
    }

    /// The category a budget phrase names: a word that is a category's name or slug ("food",
    /// "еда" — parents the entry parser does not file purchases under) before the parser's
    /// guess; else the parser's category.
    private static func category(_ draft: Draft, words: String, grammar: Grammar) -> String? {
        if let category = draft.category, !draft.has(.categoryGuessed) { return category }
        for word in words.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let text = String(word).lowercased()
            if grammar.categories.contains(where: { $0.slug == text }) { return text }
            if let slug = grammar.categorySlug(named: text) { return slug }
        }
        return draft.category
    }
}
