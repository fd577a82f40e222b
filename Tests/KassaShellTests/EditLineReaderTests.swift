// EditLineReaderTests: what can be checked of the libedit reader without a terminal. The
// editing itself runs in a pseudo-terminal in KassaCLITests/PseudoTerminalTests, the pure text
// work in EditLineTextTests.
import Glibc
import Testing
@testable import KassaShell

@Suite struct EditLineReaderTests {
    @Test func refusesWhenNotATerminal() {
        // Test runners have no terminal on stdin or stdout (and if one does, skip the check).
        if isatty(0) == 1 && isatty(1) == 1 { return }
        #expect(throws: EditLineReader.InitError.notATerminal) {
            _ = try EditLineReader(programName: "kassa", historyPath: nil)
        }
    }
}
