// SeriesPhraseTests: a series' new amount said in words ("netflix is 5490 from april") — which
// series it names, which date a month or a day-month means, what stays an ordinary entry, and
// that a refusal changes nothing while a change is one undo.

import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaLedger
@testable import KassaShell
@testable import KassaStore

@Suite struct SeriesPhraseTests {
    static func session(_ path: String, today: CivilDate = Fixtures.today, language: Language = .en) throws -> Session {
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        return Session(configuration: Session.Configuration(today: today, language: language, autoConfirm: true),
                       parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
    }

    static func path() -> String {
        TestSupport.makeTemporaryDirectory("series-phrase").appendingPathComponent("j.kassa").path
    }

    static func errorKey(_ events: [SessionEvent]) -> String? {
        for event in events { if case .error(let error, _, _) = event { return error.messageKey } }
        return nil
    }

    /// "recurring.amount-changed" for a series' amount change, else the first notice's key.
    static func noticeKey(_ events: [SessionEvent]) -> String? {
        for event in events {
            if case .output(let output) = event, output is SeriesAmountOutput { return "recurring.amount-changed" }
            if case .notice(let key, _, _) = event { return key }
        }
        return nil
    }

    static func hasDrafts(_ events: [SessionEvent]) -> Bool {
        events.contains { if case .drafts = $0 { return true } else { return false } }
    }

    /// A journal with "netflix" and "netflix family" (monthly from 10 March) and "нетфликс".
    static func seeded(today: CivilDate = Fixtures.today) throws -> (Session, String) {
        let path = path()
        let s = try session(path)
        for line in ["netflix 4990 every month", "netflix family 7990 every month", "нетфликс 3000 каждый месяц"] {
            _ = s.handle(.line(line))
        }
        return (try session(path, today: today), path)
    }

    static func change(_ s: Session, _ id: Int) -> [AmountChange] {
        SeriesDialog.all(s.journal).first { $0.id == id }?.changes ?? []
    }

    @Test func theExactNameWinsAndTheChangeIsFromTheFirstOfTheMonth() throws {
        let (s, _) = try Self.seeded()
        #expect(Self.noticeKey(s.handle(.line("netflix is 5490 from april"))) == "recurring.amount-changed")
        #expect(Self.change(s, 1) == [AmountChange(from: CivilDate(iso: "2026-04-01")!, amount: Money(minorUnits: 549_000, currency: .kzt))])
        #expect(Self.change(s, 2).isEmpty)
        // Either script, as the series was saved; link and subscription words left out.
        #expect(Self.noticeKey(s.handle(.line("подписка на нетфликс теперь стоит 3500 с 1 апреля"))) == "recurring.amount-changed")
        #expect(Self.change(s, 3).map(\.amount.minorUnits) == [350_000])
        #expect(Self.change(s, 3).map(\.from.iso) == ["2026-04-01"])
        // A word only one series holds names it.
        #expect(Self.noticeKey(s.handle(.line("family now 8990 from may"))) == "recurring.amount-changed")
        #expect(Self.change(s, 2).map(\.from.iso) == ["2026-05-01"])
        // Spoken amounts, with a "с" inside the amount: the last "с" starts the date.
        _ = s.handle(.line("нетфликс теперь две с половиной тысячи с июня"))
        #expect(Self.change(s, 3).map(\.amount.minorUnits) == [350_000, 250_000])
    }

    @Test func oneUndoTakesTheChangeBackAndThePastKeepsItsAmount() throws {
        let (s, _) = try Self.seeded()
        _ = s.handle(.line("netflix is 5490 from april"))
        let series = try #require(SeriesDialog.all(s.journal).first { $0.id == 1 })
        #expect(series.amount(on: CivilDate(iso: "2026-03-31")!).minorUnits == 499_000)
        #expect(series.amount(on: CivilDate(iso: "2026-04-10")!).minorUnits == 549_000)
        _ = s.handle(.line("undo"))
        #expect(Self.change(s, 1).isEmpty)
    }

    @Test func severalMatchingOrAnotherCurrencyChangeNothing() throws {
        let (s, path) = try Self.seeded()
        let before = try Journal.open(path: path).changeCount
        // "netflix" and "netflix family" both hold "netflix" but only one is exactly it; two series
        // that only hold the words said are ambiguous.
        _ = s.handle(.line("spotify family 2990 every month"))
        let seeded = try Journal.open(path: path).changeCount
        #expect(seeded == before + 1)
        #expect(Self.errorKey(s.handle(.line("family is 3000 from april"))) == "recurring.phrase-ambiguous")
        #expect(Self.errorKey(s.handle(.line("netflix is $5 from april"))) == "recurring.phrase-currency")
        #expect(try Journal.open(path: path).changeCount == seeded)
        #expect(SeriesDialog.all(s.journal).allSatisfy { $0.changes.isEmpty })
    }

    @Test func linesOfAnotherShapeStayEntries() throws {
        let (s, _) = try Self.seeded()
        // The last two have the phrase's shape but name no series: entries, never lost.
        for line in ["netflix 5490", "lunch now 3000 from kaspi", "кофе с молоком 900", "is 500 from april", "taxi now 2000",
                     "spotify now 2000 from april", "обед стоит 3000 с понедельника"] {
            let events = s.handle(.line(line))
            #expect(Self.hasDrafts(events), "\(line) should be an entry")
        }
        #expect(SeriesDialog.all(s.journal).allSatisfy { $0.changes.isEmpty })
    }

    @Test(arguments: [
        ("2026-03-20", "from april", "2026-04-01"),
        ("2026-04-01", "from april", "2026-04-01"),
        ("2026-04-15", "from april", "2026-04-01"),
        ("2026-05-20", "from april", "2027-04-01"),
        ("2026-12-20", "from 1 january", "2027-01-01"),
        ("2026-03-20", "from 5 march", "2026-03-05"),
        ("2026-03-20", "с 15 февраля", "2027-02-15"),
        ("2028-01-10", "from feb 29", "2028-02-29"),
        ("2026-03-20", "from 01.05", "2026-05-01"),
        ("2026-03-20", "from tomorrow", "2026-03-21"),
        ("2026-03-20", "from 2025-12-01", "2025-12-01"),
        ("2026-03-20", "from april 2027", "2027-04-01"),
    ])
    func monthsAndDaysWithoutAYearLookAhead(today: String, said: String, expected: String) throws {
        let (s, _) = try Self.seeded(today: CivilDate(iso: today)!)
        #expect(Self.noticeKey(s.handle(.line("netflix is 5490 " + said))) == "recurring.amount-changed")
        #expect(Self.change(s, 1).map(\.from.iso) == [expected])
    }
}
