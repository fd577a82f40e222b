// CommandInWordsTests: whole lines that ask for a command in words (Grammars/*/replies.rules
// `show`/`do`): they run the command instead of becoming drafts, in both languages, with polite
// words around them; "delete the last one" undoes only while no draft waits (then it is the
// drafts' reply); a command's word before "#N" runs it ("delete #3"); and a budget said with a verb first ("set a food budget of 100k a month").

import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaLedger
@testable import KassaShell
@testable import KassaStore

@Suite struct CommandInWordsTests {
    static func session(_ path: String, autoConfirm: Bool = true) throws -> Session {
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        return Session(configuration: Session.Configuration(today: Fixtures.today, language: .en, autoConfirm: autoConfirm),
                       parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
    }

    static func path(_ name: String) -> String {
        TestSupport.makeTemporaryDirectory(name).appendingPathComponent("j.kassa").path
    }

    static func drafted(_ events: [SessionEvent]) -> Bool {
        events.contains { if case .drafts = $0 { true } else { false } }
    }

    @Test func showingLinesRunTheirCommandAndDraftNothing() throws {
        let path = Self.path("words-show")
        let session = try Self.session(path)
        _ = session.handle(.line("coffee 900"))
        for line in ["show my accounts", "please list my accounts", "Мои счета", "покажи мои счета, пожалуйста",
                     "show recurring payments", "покажи последние траты", "show my budgets", "what can you do",
                     // A command's own noun alone asks for it too: such a line holds nothing to draft.
                     "accounts", "list", "Transactions.", "history", "categories", "счета", "список", "операции"] {
            let events = session.handle(.line(line))
            #expect(!Self.drafted(events), "\(line) was drafted")
            #expect(events.contains { if case .error = $0 { false } else { true } }, "\(line): \(events)")
        }
        #expect(try Journal.open(path: path).transactions.map(\.note) == ["coffee"])
    }

    @Test func aCommandWordBeforeATransactionNumberRunsIt() throws {
        let path = Self.path("words-reference")
        let session = try Self.session(path)
        _ = session.handle(.line("dinner 30 usd"))
        _ = session.handle(.line("taxi 2000"))
        // Typed without ":" — never drafts such as "₸1 delete #" or "₸1,800 edit #1 amount".
        for line in ["edit #1 amount 1800", "изменить #2 сумма 2500", "delete #2"] {
            let events = session.handle(.line(line))
            #expect(!Self.drafted(events), "\(line) was drafted")
        }
        let journal = try Journal.open(path: path)
        // "amount 1800" names no currency: the transaction keeps its dollars.
        #expect(journal.transactions.map(\.amount) == [Money(major: 1800, currency: Currency(code: "USD")!)!])
        // Without a number after it the word is an entry's ("edit video 5000").
        #expect(Self.drafted(session.handle(.line("edit video 5000"))))
    }

    @Test func aCommandInWordsCarriesItsWords() throws {
        let session = try Self.session(Self.path("words-args"))
        _ = session.handle(.line("coffee 900 yesterday"))
        _ = session.handle(.line("taxi 2000"))
        for (line, notes) in [("what did I buy yesterday?", ["coffee"]), ("что я купил сегодня", ["taxi"])] {
            let events = session.handle(.line(line))
            #expect(!Self.drafted(events), "\(line) was drafted")
            guard case .listing(let listing)? = events.first(where: { if case .listing = $0 { true } else { false } }) else {
                Issue.record("\(line): no listing in \(events)"); continue
            }
            #expect(listing.map(\.note) == notes, "\(line)")
        }
    }

    @Test func aLineWithMoreWordsIsStillAnEntry() throws {
        let session = try Self.session(Self.path("words-entry"))
        // Not wholly a phrase: the entry grammar reads it.
        #expect(Self.drafted(session.handle(.line("my accounts fee 500"))))
        #expect(Self.drafted(session.handle(.line("история книги 3000"))))
    }

    @Test func deleteTheLastOneUndoesOnlyWhenNothingWaits() throws {
        let path = Self.path("words-do")
        let session = try Self.session(path, autoConfirm: false)
        _ = session.handle(.line("coffee 900"))
        _ = session.handle(.line("yes"))
        _ = session.handle(.line("taxi 2000"))
        _ = session.handle(.line("yes"))
        // Drafts wait: the words drop the last draft, the journal is untouched.
        _ = session.handle(.line("lunch 3000 and tea 500"))
        let dropped = session.handle(.line("delete the last one"))
        #expect(!dropped.contains { if case .undone = $0 { true } else { false } })
        _ = session.handle(.line("yes"))
        #expect(try Journal.open(path: path).transactions.map(\.note) == ["coffee", "taxi", "lunch"])
        // Nothing waits: the transaction saved last is deleted (not whatever change came last).
        let deleted = session.handle(.line("delete the last one"))
        #expect(deleted.contains { if case .changed = $0 { true } else { false } })
        #expect(try Journal.open(path: path).transactions.map(\.note) == ["coffee", "taxi"])
    }

    @Test func aBudgetSaidWithAVerbFirstIsSet() throws {
        let path = Self.path("words-budget")
        let session = try Self.session(path)
        for line in ["set a food budget of 100k a month", "поставь бюджет на такси 20 тысяч в месяц"] {
            #expect(!Self.drafted(session.handle(.line(line))), "\(line) was drafted")
        }
        let book = BudgetBook(journal: try Journal.open(path: path), today: Fixtures.today, base: .kzt, weekStart: 1)
        #expect(try book.current().statuses().map(\.budget.category).sorted() == ["food", "transport/taxi"])
        // A verb without a budget word is an entry as before.
        #expect(Self.drafted(session.handle(.line("set alarm 5000"))))
    }
}
