// Terminal safety through the real binary: escape sequences, control characters and bidi
// overrides in what a person saved never reach the terminal raw, and they are not words or
// numbers for the parser.

import Foundation
import Testing
import KassaTestSupport

@Suite struct TerminalSafetyCLITests {
    let home = TestSupport.makeTemporaryDirectory("safety")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    @Test func aNoteFullOfEscapeSequencesPrintsNoControlByte() throws {
        let hostile = "кофе \u{1B}[31m1500\u{1B}]0;owned\u{07} \u{1B}[2J\u{08}\u{0D}\u{9B}1m \u{202E}abc\n"
        let saved = try KassaBinary.run(["--file", journal, "--today", "2026-03-10", "--yes"], stdin: hostile, environment: env)
        #expect(saved.status == 0, "\(saved.error)")
        let list = try KassaBinary.run(["list", "--file", journal], environment: env)
        let text = try KassaBinary.run(["list", "--json", "--file", journal], environment: env)
        #expect(text.lines.count == 1)
        #expect(text.output.contains("\"1500.00\""), "the escape sequence must not change the amount: \(text.output)")
        for output in [saved.output, list.output, try KassaBinary.run(["history", "--file", journal], environment: env).output] {
            let bytes = Array(output.utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x08) && !bytes.contains(0x0D))
            #expect(!output.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        }
    }
}
