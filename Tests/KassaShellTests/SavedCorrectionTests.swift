// SavedCorrectionTests: a correction said right after a save (SavedCorrection) edits the
// batch just saved as one undoable change, in both languages; the window closes at any other
// line, so a later "no, 1600" or an entry is never an edit of an old save; an entry after a save
// stays an entry; a category said teaches as `:edit` does, one that cannot fit is refused.

import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct SavedCorrectionTests {
    static func session(_ name: String, language: Language = .en) throws -> (Session, String) {
        let path = TestSupport.makeTemporaryDirectory(name).appendingPathComponent("j.kassa").path
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        let session = Session(configuration: Session.Configuration(today: Fixtures.today, language: language, autoConfirm: true),
                              parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
        return (session, path)
    }

    static func edited(_ events: [SessionEvent]) -> Bool {
        events.contains { if case .changed = $0 { true } else { false } }
    }

    @Test func aCorrectionRightAfterTheSaveEditsWhatWasSaved() throws {
        let (session, path) = try Self.session("saved-fix")
        _ = session.handle(.line("coffee 900 and a croissant 1200"))
        #expect(Self.edited(session.handle(.line("actually the croissant was 1300"))))
        // Still the same batch: a second correction goes on.
        #expect(Self.edited(session.handle(.line("oops, that was from kaspi"))))
        let saved = try Journal.open(path: path).transactions
        #expect(saved.count == 2)
        #expect(saved.map(\.amount.minorUnits) == [90_000, 130_000])
        #expect(saved.map(\.account) == ["kaspi", "kaspi"])
        // One undo takes back one correction.
        _ = session.handle(.line("undo"))
        #expect(try Journal.open(path: path).transactions.map(\.account) == ["cash", "cash"])
    }

    @Test func russianCorrectionsAfterTheSave() throws {
        let (session, path) = try Self.session("saved-fix-ru", language: .ru)
        _ = session.handle(.line("кофе 900"))
        #expect(Self.edited(session.handle(.line("ой, это было вчера"))))
        #expect(Self.edited(session.handle(.line("с каспи"))))
        let t = try #require(try Journal.open(path: path).transactions.first)
        #expect(t.date == Fixtures.today.adding(days: -1))
        #expect(t.account == "kaspi")
    }

    @Test func theWindowClosesAtAnyOtherLine() throws {
        let (session, path) = try Self.session("saved-window")
        _ = session.handle(.line("coffee 900"))
        _ = session.handle(.line("taxi 2000"))  // an entry after a save stays an entry
        _ = session.handle(.line(":list"))       // a command closes the window
        let events = session.handle(.line("no, 1600"))
        #expect(!Self.edited(events))
        // What was saved stays as it was (the line itself is read as whatever it is without a batch).
        #expect(Array(try Journal.open(path: path).transactions.map(\.amount.minorUnits).prefix(2)) == [90_000, 200_000])
    }

    @Test func aCategoryTeachesAndOneThatCannotFitIsRefused() throws {
        let (session, path) = try Self.session("saved-category")
        _ = session.handle(.line("coffee 900"))
        let events = session.handle(.line("wait, it was groceries"))
        #expect(events.contains { if case .lesson = $0 { true } else { false } })
        #expect(try Journal.open(path: path).transactions.first?.category == "food/groceries")
        let refused = session.handle(.line("no, it was salary"))
        #expect(refused.contains { if case .error = $0 { true } else { false } })
        #expect(try Journal.open(path: path).transactions.first?.category == "food/groceries")
    }
}
