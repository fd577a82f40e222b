// PingCommandTests: `:ping` says how many changes the journal holds, in text and in JSON.

import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
@testable import KassaStore

@Suite struct PingCommandTests {
    @Test func pingCountsTheJournalsChanges() throws {
        let path = TestSupport.makeTemporaryDirectory("ping").appendingPathComponent("j.kassa").path
        let (grammar, _) = Grammar.load(Fixtures.resources.grammarSources)
        let session = Session(configuration: Session.Configuration(today: Fixtures.today, language: .en, autoConfirm: true),
                              parser: Parser(grammar: grammar), words: Fixtures.resources.commandWords,
                              journal: try Journal.open(path: path))
        _ = session.handle(.line("coffee 1500"))
        let output = session.handle(.line(":ping")).compactMap { event -> PingCommand.Output? in
            if case .output(let output as PingCommand.Output) = event { return output } else { return nil }
        }.first
        #expect(output?.changes == 1)
        let renderer = TextRenderer(catalog: Fixtures.catalog(.en), grammar: grammar, style: TextStyle(enabled: false))
        #expect(output?.textLines(renderer) == ["kassa is here: 1 change in the journal"])
        let json = output?.jsonObjects(renderer).map { object -> String in
            var object = object, bytes: [UInt8] = []
            object.finish(into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(json == [#"{"event": "ping", "changes": 1}"#])
        #expect(session.handle(.line(":ping now")).contains { if case .error = $0 { true } else { false } })
    }
}
