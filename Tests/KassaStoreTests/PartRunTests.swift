// PartRunTests: an import's record heads written from a PartRun are byte for byte what
// LineWriter.begin(change:part:of:op:) writes, across every carry of the part's digits.
import Testing
@testable import KassaStore

@Suite struct PartRunTests {
    @Test(arguments: [(Int64(1), 1, 12), (Int64(7), 1, 1_234), (Int64(1_000_000), 95, 10_001), (Int64(42), 9_990, 100_000)])
    func runWritesWhatBeginWrites(change: Int64, first: Int, parts: Int) {
        var run = PartRun(change: change, first: first, of: parts, op: .importBatch)
        let last = min(parts, first + 1_200)
        for part in first...last {
            var expected = LineWriter()
            expected.begin(change: change, part: part, of: parts, op: .importBatch)
            expected.field(Int64(part))
            expected.end()
            var actual = LineWriter()
            run.begin(&actual)
            actual.field(Int64(part))
            actual.end()
            #expect(actual.out == expected.out, "part \(part) of \(parts)")
            if actual.out != expected.out { return }
        }
    }
}
