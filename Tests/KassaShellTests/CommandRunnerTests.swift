// CommandRunnerTests: what CommandRegistry.run does around every command — in a session it
// refreshes the journal before a command that declares it reads it (so another process's save is
// seen by `:list`, `:accounts`, `:history`, `:lessons` …) and only then (the list of commands
// itself: CommandListTests).

import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct CommandRunnerTests {
    static func session(_ path: String) throws -> Session {
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        return Session(configuration: Session.Configuration(today: Fixtures.today, language: .en, autoConfirm: true),
                       parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
    }

    static func path(_ name: String) -> String {
        TestSupport.makeTemporaryDirectory(name).appendingPathComponent("j.kassa").path
    }

    /// The notes of the transactions a `:list` shows.
    static func listed(_ events: [SessionEvent]) -> [String]? {
        for event in events { if case .listing(let listing) = event { return listing.map { $0.note ?? "" } } }
        return nil
    }

    @Test func aReadingCommandInASessionSeesAnotherProcesssSave() throws {
        let path = Self.path("runner-refresh")
        let a = try Self.session(path), b = try Self.session(path)
        _ = a.handle(.line("coffee 1500"))
        #expect(Self.listed(a.handle(.line(":list all"))) == ["coffee"])
        // B (another process on the same file) saves: A's next reading command sees it, though
        // A itself wrote nothing since.
        _ = b.handle(.line("taxi 2000"))
        #expect(Self.listed(a.handle(.line(":list all")))?.sorted() == ["coffee", "taxi"])
        _ = b.handle(.line(":account add kaspi"))
        let accounts = a.handle(.line(":accounts")).compactMap { event -> [String]? in
            if case .output(let output) = event, let accounts = output as? AccountsOutput { return accounts.rows.map(\.account.name) } else { return nil }
        }.first
        #expect(accounts?.contains("kaspi") == true)
        let history = a.handle(.line(":history")).compactMap { event -> History? in
            if case .output(let output) = event, let history = output as? HistoryOutput { return history.history } else { return nil }
        }.first
        #expect(history?.entries.count == 3)
    }

    @Test func onlyACommandThatReadsTheJournalRefreshesIt() throws {
        let path = Self.path("runner-no-refresh")
        let a = try Self.session(path), b = try Self.session(path)
        _ = b.handle(.line("taxi 2000"))
        // `:help` declares it never reads the journal: A's journal is not caught up by it.
        #expect(!HelpCommand.readsJournal)
        _ = a.handle(.line(":help"))
        #expect(a.journal.history(limit: 1).total == 0)
        // `:list` declares it does (the default): the runner catches A up before it runs.
        #expect(ListCommand.readsJournal)
        _ = a.handle(.line(":list all"))
        #expect(a.journal.history(limit: 1).total == 1)
    }

    @Test func aUsageMistakeRunsNothingAndRefreshesNothing() throws {
        let path = Self.path("runner-usage")
        let a = try Self.session(path), b = try Self.session(path)
        _ = b.handle(.line("taxi 2000"))
        let events = a.handle(.line(":list --nope"))
        #expect(events.contains { if case .error(let error as UsageError, _, _) = $0 { error.key == "usage.unknown-option" } else { false } })
        #expect(a.journal.history(limit: 1).total == 0)
    }
}
