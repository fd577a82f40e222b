// SessionAgainTests: one more of what was bought before (BoughtAgain). "another coffee" and
// «ещё кофе» with no amount take the amount (and the account, when none is said) of the latest
// saved transaction like it and say which; "same again", «то же самое» repeat the last saved
// transaction dated today; without history, with an amount said, or while drafts wait they do
// what they did before.

import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct SessionAgainTests {
    static func session(_ name: String) throws -> (Session, String) {
        let path = TestSupport.makeTemporaryDirectory(name).appendingPathComponent("j.kassa").path
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        let session = Session(configuration: Session.Configuration(today: Fixtures.today, language: .en, autoConfirm: false),
                              parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
        return (session, path)
    }

    static func drafts(_ events: [SessionEvent]) -> [Draft] {
        for event in events { if case .drafts(let drafts, _, _) = event { return drafts } }
        return []
    }

    static func notices(_ events: [SessionEvent]) -> [String] {
        events.compactMap { if case .notice(let key, _, _) = $0 { key } else { nil } }
    }

    static func save(_ session: Session, _ lines: String...) {
        for line in lines {
            _ = session.handle(.line(line))
            _ = session.handle(.line("yes"))
        }
    }

    @Test func anotherCoffeeTakesTheLatestCoffeesAmountAndAccount() throws {
        let (session, _) = try Self.session("again-coffee")
        Self.save(session, "coffee 1200", "latte 1500 from kaspi", "taxi 2000")
        // The latest of the draft's category that shares a word of its note; with no word
        // shared («кофе» is not "coffee"), the latest of the category.
        for (line, amount, account) in [("another coffee", 1200, "cash"), ("coffee again", 1200, "cash"),
                                        ("one more latte", 1500, "kaspi"), ("ещё кофе", 1500, "kaspi"),
                                        ("ещё один кофе", 1500, "kaspi")] {
            let events = session.handle(.line(line))
            let draft = try #require(Self.drafts(events).first, "\(line)")
            #expect(draft.amount == Money(major: Int64(amount), currency: .kzt), "\(line)")
            #expect(draft.account == account, "\(line)")
            #expect(!draft.has(.amountMissing), "\(line)")
            #expect(["coffee", "latte", "кофе"].contains(draft.note), "\(line): \(draft.note)")
            #expect(Self.notices(events) == ["draft.amount-as-before"], "\(line)")
            _ = session.handle(.line("no"))
        }
        // An account said wins over the earlier one's.
        let paid = try #require(Self.drafts(session.handle(.line("another latte from halyk"))).first)
        #expect(paid.amount == Money(major: 1500, currency: .kzt) && paid.account == "halyk")
        _ = session.handle(.line("no"))
    }

    @Test func withoutHistoryOrWithAnAmountNothingIsTaken() throws {
        let (session, _) = try Self.session("again-none")
        Self.save(session, "coffee 1200")
        // Nothing like it was saved: the amount is asked for.
        let taxi = session.handle(.line("another taxi"))
        #expect(Self.drafts(taxi).first?.amount == nil)
        #expect(taxi.contains { if case .amountNeeded = $0 { true } else { false } })
        _ = session.handle(.line("no"))
        // An amount said wins; the words change nothing.
        let said = try #require(Self.drafts(session.handle(.line("another coffee 900"))).first)
        #expect(said.amount == Money(major: 900, currency: .kzt))
        _ = session.handle(.line("no"))
        // With no category, only a note said the same way is one more of it.
        Self.save(session, "sergey 5000")
        #expect(Self.drafts(session.handle(.line("sergey again"))).first?.amount == Money(major: 5000, currency: .kzt))
        _ = session.handle(.line("no"))
        #expect(Self.drafts(session.handle(.line("another thing for sergey"))).first?.amount == nil)
        _ = session.handle(.line("no"))
        // Without the words, a draft with no amount still asks.
        #expect(Self.drafts(session.handle(.line("coffee"))).first?.amount == nil)
    }

    @Test func sameAgainRepeatsTheLastSavedTransactionDatedToday() throws {
        let (session, path) = try Self.session("again-repeat")
        #expect(session.handle(.line("same again")).contains { if case .error = $0 { true } else { false } })
        Self.save(session, "lunch 3500 yesterday from halyk")
        for line in ["same again", "то же самое", "and another one, please", "ещё раз"] {
            let events = session.handle(.line(line))
            let draft = try #require(Self.drafts(events).first, "\(line)")
            #expect(draft.amount == Money(major: 3500, currency: .kzt) && draft.account == "halyk" && draft.note == "lunch", "\(line)")
            #expect(draft.date == Fixtures.today && draft.has(.dateAssumed), "\(line)")
            #expect(Self.notices(events) == ["draft.repeated"], "\(line)")
            _ = session.handle(.line("no"))
        }
        // While a draft waits the words are not a new entry.
        _ = session.handle(.line("taxi 2000"))
        _ = session.handle(.line("same again"))
        _ = session.handle(.line("yes"))
        #expect(try Journal.open(path: path).transactions.map(\.note) == ["lunch", "taxi"])
    }
}
