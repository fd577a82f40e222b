// Transcript: runs whole sessions through the session layer (no process, no terminal) with a
// fixed "today" and a fresh journal, and renders them as text: "> line" for each input, then
// what kassa answered. Golden files store these; KASSA_RECORD_GOLDEN=1 re-records them.

import Foundation
import KassaCore
import KassaShell
import KassaStore

public struct Transcript {
    public let language: Language
    public let autoConfirm: Bool
    public let json: Bool

    public init(language: Language, autoConfirm: Bool = false, json: Bool = false) {
        self.language = language
        self.autoConfirm = autoConfirm
        self.json = json
    }

    /// Runs `inputs` as one session against a fresh journal and returns the transcript text.
    public func run(_ inputs: [String], journalPath: String? = nil) throws -> String {
        let path = journalPath ?? TestSupport.makeTemporaryDirectory("transcript").appendingPathComponent("journal.kassa").path
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        let session = Session(
            configuration: Session.Configuration(today: Fixtures.today, language: language, autoConfirm: autoConfirm),
            parser: Parser(grammar: grammar), words: resources.commandWords, journal: try Journal.open(path: path))
        var text = TextRenderer(catalog: resources.catalog(language), grammar: grammar, style: TextStyle(enabled: false))
        text.categoryNames = CategoryNames(sources: resources.grammarSources)
        let renderer: any SessionRenderer = json ? JSONRenderer(text: text) : text
        var out = ""
        for input in inputs where !session.finished {
            out += "> " + input + "\n"
            for line in session.handle(.line(input)).flatMap(renderer.render) {
                out += (line.stream == .error ? "! " : "") + line.text + "\n"
            }
        }
        if !session.finished {
            out += "> ^D\n"
            for line in session.handle(.end).flatMap(renderer.render) {
                out += (line.stream == .error ? "! " : "") + line.text + "\n"
            }
        }
        return out
    }

    /// The inputs of a golden transcript: its "> " lines (a "> ^D" ends the session).
    public static func inputs(of golden: String) -> [String] {
        golden.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("> ") && $0 != "> ^D" }
            .map { String($0.dropFirst(2)) }
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["KASSA_RECORD_GOLDEN"] == "1" }
}
