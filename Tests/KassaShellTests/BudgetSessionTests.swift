// BudgetSessionTests: the budgets' state a session keeps for the line under "Saved" — added to
// by its own saves, rebuilt when the journal moved otherwise (undo, another session's save or
// budget), so the line always equals a fresh full pass.

import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaLedger
@testable import KassaShell
@testable import KassaStore

@Suite struct BudgetSessionTests {
    static func session(_ path: String) throws -> Session {
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        return Session(configuration: Session.Configuration(today: Fixtures.today, language: .en, autoConfirm: true),
                       parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
    }

    /// The budget states of the saved event among `events`.
    static func savedBudgets(_ events: [SessionEvent]) -> [BudgetStatus]? {
        for event in events { if case .saved(_, let budgets) = event { return budgets } }
        return nil
    }

    /// What a fresh pass over the journal file says for every budget.
    static func fresh(_ path: String) throws -> [BudgetStatus] {
        let book = BudgetBook(journal: try Journal.open(path: path), today: Fixtures.today, base: .kzt, weekStart: 1)
        return try book.current().statuses()
    }

    @Test func ownSavesOtherSessionsAndUndoAllAgreeWithAFreshPass() throws {
        let path = TestSupport.makeTemporaryDirectory("budget-session").appendingPathComponent("j.kassa").path
        let a = try Self.session(path), b = try Self.session(path)
        _ = a.handle(.line(":budget set food 100000"))
        a.primeBudgets()
        var state = try #require(Self.savedBudgets(a.handle(.line("coffee 1500"))))
        #expect(state.map(\.spent.minorUnits) == [150_000])
        // Another session saves under food and sets a second budget: A's next save sees both.
        _ = b.handle(.line("groceries 20000"))
        _ = b.handle(.line("budget coffee 10000 weekly"))
        state = try #require(Self.savedBudgets(a.handle(.line("coffee 500"))))
        #expect(state.map(\.budget.category) == ["food", "food/coffee"])
        #expect(state == (try Self.fresh(path)))
        #expect(state[0].spent.minorUnits == 2_200_000)
        // An undo in A (its own save taken back), then a save: rebuilt, still equal to a fresh pass.
        _ = a.handle(.line("undo"))
        state = try #require(Self.savedBudgets(a.handle(.line("taxi 700"))))
        #expect(state.isEmpty)
        state = try #require(Self.savedBudgets(a.handle(.line("coffee 100"))))
        #expect(state == (try Self.fresh(path)))
        #expect(state[0].spent.minorUnits == 2_160_000)
        // Many saves in a row take the incremental path and stay equal to a fresh pass.
        // (Prices of ₸100 and more: a smaller one is asked about, not saved by --yes.)
        for amount in 1...20 { _ = a.handle(.line("coffee \(100 + amount * 10)")) }
        state = try #require(Self.savedBudgets(a.handle(.line("groceries 100"))))
        #expect(state == [try Self.fresh(path)[0]])
    }

    @Test func aPhraseNamesAParentOrAGuessedCategory() throws {
        let path = TestSupport.makeTemporaryDirectory("budget-phrase").appendingPathComponent("j.kassa").path
        let session = try Self.session(path)
        func said(_ line: String) -> Budget? {
            for event in session.handle(.line(line)) { if case .output(let output) = event, let change = output as? BudgetChange, !change.removed { return change.budget } }
            return nil
        }
        #expect(said("budget food 300k a month").map { [$0.category, $0.limit.decimalString, $0.frequency.rawValue] }
                == ["food", "300000.00", "monthly"])
        #expect(said("бюджет на транспорт 50 тысяч в неделю").map { [$0.category, $0.frequency.rawValue] } == ["transport", "weekly"])
        #expect(said("budget for taxi 20000 a week")?.category == "transport/taxi")
        // A parent named in another case ("на еду": the accusative of "Еда"), as "на кафе" is a keyword.
        #expect(said("бюджет на еду 50 тысяч в месяц").map { [$0.category, $0.limit.decimalString, $0.frequency.rawValue] }
                == ["food", "50000.00", "monthly"])
        #expect(said("бюджет на кафе 50 тысяч в месяц")?.category == "food/restaurants")
        #expect(said("бюджет на одежду 20 тысяч")?.category == "shopping/clothes")
        #expect(said("budget coffee 5 every year").map { [$0.category, $0.frequency.rawValue] } == ["food/coffee", "yearly"])
        // Said first, then the error looked at: #expect may read its operands in any order.
        let incomplete = said("budget groceries")
        let rejected = session.hadInputError
        #expect(incomplete == nil)
        #expect(rejected)
        // "budget" alone is the listing, not a phrase.
        #expect(session.handle(.line("budget")).contains { if case .output(let output) = $0 { output is BudgetListing } else { false } })
    }
}
