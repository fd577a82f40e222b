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

    /// A line "=== session YYYY-MM-DD" in a transcript ends the session (as Ctrl-D) and starts
    /// another on the same journal with that day as today (series falling due between sessions).
    public static let sessionMarker = "=== session "

    /// Runs `inputs` as one session against a fresh journal and returns the transcript text;
    /// session markers among the inputs start new sessions on the same journal.
    public func run(_ inputs: [String], journalPath: String? = nil) throws -> String {
        let path = journalPath ?? TestSupport.makeTemporaryDirectory("transcript").appendingPathComponent("journal.kassa").path
        let resources = Fixtures.resources
        let (grammar, _) = Grammar.load(resources.grammarSources)
        let parser = Parser(grammar: grammar)
        func open(_ today: CivilDate) throws -> Session {
            Session(configuration: Session.Configuration(today: today, language: language, autoConfirm: autoConfirm),
                    parser: parser, words: resources.commandWords, journal: try Journal.open(path: path))
        }
        var text = TextRenderer(catalog: resources.catalog(language), grammar: grammar, style: TextStyle(enabled: false))
        text.categoryNames = CategoryNames(sources: resources.grammarSources)
        let renderer: any SessionRenderer = json ? JSONRenderer(text: text) : text
        var out = ""
        var session = try open(Fixtures.today)
        func say(_ events: [SessionEvent]) {
            for line in events.flatMap(renderer.render) { out += (line.stream == .error ? "! " : "") + line.text + "\n" }
        }
        var used = false
        for input in inputs {
            if input.hasPrefix(Transcript.sessionMarker), let today = CivilDate(iso: String(input.dropFirst(Transcript.sessionMarker.count))) {
                if !session.finished && used {
                    out += "> ^D\n"
                    say(session.handle(.end))
                }
                out += input + "\n"
                session = try open(today)
                say(session.start())
                continue
            }
            if session.finished { continue }
            used = true
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
            .filter { ($0.hasPrefix("> ") && $0 != "> ^D") || $0.hasPrefix(sessionMarker) }
            .map { $0.hasPrefix(sessionMarker) ? String($0) : String($0.dropFirst(2)) }
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["KASSA_RECORD_GOLDEN"] == "1" }
}
