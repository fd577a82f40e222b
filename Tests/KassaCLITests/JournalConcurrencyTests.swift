// JournalConcurrencyTests: four real `kassa` processes committing 250 entries each to one
// journal at the same time end with exactly 1,000 transactions, distinct ids 1...1000, every
// acknowledged commit present, and a file `Journal.check` finds intact.

import Foundation
import KassaStore
import KassaTestSupport
import Testing

@Suite struct JournalConcurrencyTests {
    @Test func fourWritersTimes250CommitsGiveExactly1000() throws {
        let home = TestSupport.makeTemporaryDirectory("concurrent")
        let journal = home.appendingPathComponent("journal.kassa").path
        let environment = KassaBinary.environment(home: home)
        var children: [ChildProcess] = []
        var sent: [[Int]] = []
        for writer in 0..<4 {
            let amounts = (1...250).map { 10_000 * (writer + 1) + $0 }
            sent.append(amounts)
            children.append(try ChildProcess(KassaBinary.path,
                                             ["--json", "--yes", "--file", journal, "--today", JournalCLI.today],
                                             environment: environment))
        }
        // All four are running before any input arrives, so their commits interleave.
        for (child, amounts) in zip(children, sent) {
            child.write(amounts.map { "taxi \($0)\n" }.joined())
            child.closeInput()
        }
        for (child, amounts) in zip(children, sent) {
            let result = child.wait()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(JournalCLI.savedAmounts(result.stdout).sorted() == amounts)
        }
        let listed = try JournalCLI.list(journal, environment: environment)
        #expect(listed.result.status == 0 && listed.result.stderr.isEmpty)
        #expect(listed.ids.count == 1000)
        #expect(listed.ids == (1...1000).map(String.init))
        #expect(listed.amounts.sorted() == sent.flatMap { $0 }.sorted())
        let report = try Journal.check(path: journal)
        #expect(report.isClean && report.transactions == 1000 && report.changes == 1000)
    }
}
