// DeviceFileRepairTests: how repair sorts one device file's lines (DeviceFile+Repair.swift) — by
// structure only: every whole change kept in order wherever the damage is (an edit of another
// device's transaction included: this file alone could not replay it), and aside a damaged line,
// a change with a part missing, a change whose number does not rise, and a torn tail (one problem).

import KassaCore
import KassaTestSupport
@testable import KassaStore
import Testing

@Suite struct DeviceFileRepairTests {
    static func line(_ body: String) -> [UInt8] {
        var out: [UInt8] = []
        Ledger.appendLine(body, to: &out)
        return out
    }

    @Test func wholeChangesAreKeptAndTheRestMovedAside() throws {
        let identity = DeviceFileRepairTests.line("10\t1/1\tobject\tdevice\tlaptop\t+\tuid=0123456789abcdef\tbase=0")
        let edit1 = DeviceFileRepairTests.line("20\t1/2\tedit\t1000001\tnote\tfrom the laptop")
        let edit2 = DeviceFileRepairTests.line("20\t2/2\tedit\t1000002\tnote\tfrom the laptop")
        let lonely = DeviceFileRepairTests.line("30\t1/2\tedit\t1000003\tnote\tpart two never written")
        let forty = DeviceFileRepairTests.line("40\t1/1\tdelete\t1000004")
        var bad = DeviceFileRepairTests.line("45\t1/1\tdelete\t1000005")
        bad[bad.count - 2] = UInt8(ascii: "9")  // the checksum no longer matches
        let backwards = DeviceFileRepairTests.line("35\t1/1\tdelete\t1000006")
        let fifty = DeviceFileRepairTests.line("50\t1/1\tdelete\t1000007")
        let tornPart = DeviceFileRepairTests.line("60\t1/2\tdelete\t1000008")
        let cut = Array("0badc0de\t60\t2/".utf8)
        let bytes = RecordCodec.header + identity + edit1 + edit2 + lonely + forty + bad + backwards + fifty + tornPart + cut

        let sorted = DeviceFile.sortLines(bytes)
        #expect(sorted.kept == RecordCodec.header + identity + edit1 + edit2 + forty + fifty)
        #expect(sorted.damaged == lonely + bad + backwards + tornPart + cut)
        #expect(sorted.problems.map(\.kind) == [.incomplete, .checksum, .refused, .incomplete])
        #expect(sorted.problems.map(\.line) == [5, 7, 8, 10])
        #expect(sorted.problems[2].detail == "change-number")
        #expect(sorted.problems[3].bytes == tornPart.count + cut.count, "the torn tail is one problem")
        #expect(sorted.moved == 5)
        #expect(sorted.lines == 11)
        // What is kept reads whole, as the merge reads it.
        let read = try DeviceFile(name: "laptop", path: "laptop.kassa", bytes: sorted.kept)
        #expect(read.stoppedAt == nil && !read.damaged)
        #expect(read.changes.map(\.number) == [10, 20, 40, 50])
    }

    @Test func anIntactFileIsKeptAsItIs() throws {
        let bytes = RecordCodec.header + DeviceFileRepairTests.line("10\t1/1\tobject\tdevice\tphone\t+\tuid=00\tbase=1000000")
            + DeviceFileRepairTests.line("11\t1/1\tdelete\t1")
        let sorted = DeviceFile.sortLines(bytes)
        #expect(sorted.kept == bytes)
        #expect(sorted.problems.isEmpty && sorted.damaged.isEmpty)
    }
}
