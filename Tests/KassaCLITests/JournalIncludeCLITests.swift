// JournalIncludeCLITests: `include` in an imported journal through the real binary — a file in the
// folder (or below it) is read; `../`, an absolute path elsewhere, a symbolic link leading out, a
// pattern and a cycle are bad lines named with their line, and nothing is written unless
// --skip-bad, which then imports what the folder's own files hold.

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalIncludeCLITests {
    let home = TestSupport.makeTemporaryDirectory("journal-include")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    @Test func includesStayInTheFolder() throws {
        try FileManager.default.createDirectory(atPath: path("books/sub"), withIntermediateDirectories: true)
        try write("outside.journal", "2026-01-09 outside\n    assets:cash  $500\n    income:gift\n")
        try write("books/sub/part.journal", "include ../main.journal\n2026-01-02 part\n    assets:cash  $2\n    income:gift\n")
        try FileManager.default.createSymbolicLink(atPath: path("books/link.journal"), withDestinationPath: path("outside.journal"))
        try write("books/main.journal", """
            include sub/part.journal
            include ../outside.journal
            include \(path("outside.journal"))
            include link.journal
            include *.journal
            2026-01-01 main
                assets:cash  $1
                income:gift

            """)
        let journal = path("j.kassa")
        let refused = try KassaBinary.run(["import", path("books/main.journal"), "--file", journal, "--lang", "en"], environment: env)
        #expect(refused.status != 0)
        let said = refused.output + refused.error
        #expect(said.contains("line sub/part.journal:1: an include that leads back to a file being read: \"../main.journal\""), "\(said)")
        #expect(said.contains("line 2: an include outside the imported file's folder"), "\(said)")
        #expect(said.contains("line 3: an include outside the imported file's folder"), "\(said)")
        #expect(said.contains("line 4: an include outside the imported file's folder"), "\(said)")
        #expect(said.contains("line 5: an include with a pattern"), "\(said)")
        let list = try KassaBinary.run(["list", "all", "--file", journal], environment: env)
        #expect(!list.output.contains("main"))

        let kept = try KassaBinary.run(["import", path("books/main.journal"), "--file", journal, "--lang", "en", "--skip-bad", "--yes"],
                                       environment: env)
        #expect(kept.status == 0, "\(kept.output)\(kept.error)")
        let balance = try KassaBinary.run(["balance", "--json", "--file", journal], environment: env)
        #expect(balance.output.contains("\"account\": \"cash\", \"amount\": \"3.00\", \"currency\": \"USD\""), "\(balance.output)")
    }
}
