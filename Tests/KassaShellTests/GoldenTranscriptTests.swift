// Golden transcripts of whole sessions, English and Russian, through the session layer with a
// fixed clock. Each file under Golden/ holds the inputs ("> ...") and the expected answers.
// Re-record after an intended change with KASSA_RECORD_GOLDEN=1 swift test, then read the diff.

import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore

@Suite struct GoldenTranscriptTests {
    static let directory = TestSupport.packageRoot.appendingPathComponent("Tests/KassaShellTests/Golden")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test(arguments: files)
    func transcriptMatches(file: String) throws {
        let url = Self.directory.appendingPathComponent(file)
        let golden = try String(contentsOf: url, encoding: .utf8)
        let language: Language = file.hasPrefix("ru-") ? .ru : .en
        let transcript = Transcript(language: language, autoConfirm: file.contains("-yes"), json: file.contains("-json"))
        let actual = try transcript.run(Transcript.inputs(of: golden))
        if Transcript.recording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(actual == golden, "transcript \(file) differs; re-record with KASSA_RECORD_GOLDEN=1 if intended")
        }
    }

    @Test func thereAreTranscriptsInBothLanguages() {
        #expect(Self.files.contains { $0.hasPrefix("en-") })
        #expect(Self.files.contains { $0.hasPrefix("ru-") })
    }
}
