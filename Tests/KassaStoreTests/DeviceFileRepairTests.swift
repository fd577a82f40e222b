// DeviceFileRepairTests: how repair sorts one device file's lines (DeviceFile+Repair.swift) — by
// structure and by what the journal reads, never by replay: every whole change kept in order
// wherever the damage is (an edit of another device's transaction included: this file alone
// could not replay it), and aside a damaged line, a change with a part missing, a change whose
// number does not rise, a change the journal refuses (a currency it does not know), and a torn
// tail (one problem). What repair keeps is exactly what DeviceFile reads of the damaged file.

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

    /// A whole edit record of transaction `id` (`currency`: as written, known to the journal or not).
    static func edit(_ number: Int, _ part: String, _ id: Int, note: String, currency: String = "KZT") -> [UInt8] {
        line("\(number)\t\(part)\tedit\t\(id)\texpense\t1500.00\t\(currency)\t2026-03-10\t\tfood\tcash\t\t\t\(note)\t")
    }

    @Test func wholeChangesAreKeptAndTheRestMovedAside() throws {
        let identity = DeviceFileRepairTests.line("10\t1/1\tobject\tdevice\tlaptop\t+\tuid=0123456789abcdef\tbase=0")
        let edit1 = DeviceFileRepairTests.edit(20, "1/2", 1000001, note: "from the laptop")
        let edit2 = DeviceFileRepairTests.edit(20, "2/2", 1000002, note: "from the laptop")
        let lonely = DeviceFileRepairTests.edit(30, "1/2", 1000003, note: "part two never written")
        let forty = DeviceFileRepairTests.line("40\t1/1\tdelete\t1000004")
        var bad = DeviceFileRepairTests.line("45\t1/1\tdelete\t1000005")
        bad[bad.count - 2] = UInt8(ascii: "9")  // the checksum no longer matches
        let backwards = DeviceFileRepairTests.line("35\t1/1\tdelete\t1000006")
        let fifty = DeviceFileRepairTests.line("50\t1/1\tdelete\t1000007")
        let unknown = DeviceFileRepairTests.edit(55, "1/1", 1000009, note: "a currency this kassa does not know", currency: "XQZ")
        let tornPart = DeviceFileRepairTests.line("60\t1/2\tdelete\t1000008")
        let cut = Array("0badc0de\t60\t2/".utf8)
        let bytes = RecordCodec.header + identity + edit1 + edit2 + lonely + forty + bad + backwards + fifty + unknown + tornPart + cut

        let sorted = DeviceFile.sortLines(bytes)
        #expect(sorted.kept == RecordCodec.header + identity + edit1 + edit2 + forty + fifty)
        #expect(sorted.damaged == lonely + bad + backwards + unknown + tornPart + cut)
        #expect(sorted.problems.map(\.kind) == [.incomplete, .checksum, .refused, .refused, .incomplete])
        #expect(sorted.problems.map(\.line) == [5, 7, 8, 10, 11])
        #expect(sorted.problems[2].detail == "change-number")
        #expect(sorted.problems[3].detail == "edit")
        #expect(sorted.problems[4].bytes == tornPart.count + cut.count, "the torn tail is one problem")
        #expect(sorted.moved == 6)
        #expect(sorted.lines == 12)
        // What is kept reads whole, as the merge reads it.
        let read = try DeviceFile(name: "laptop", path: "laptop.kassa", bytes: sorted.kept)
        #expect(read.stoppedAt == nil && !read.damaged)
        #expect(read.changes.map(\.number) == [10, 20, 40, 50])
        // The damaged file reads as repair sorts it: every whole change, past the damage, and the
        // rest left out by line (the torn tail still arriving).
        var damaged = try DeviceFile(name: "laptop", path: "laptop.kassa", bytes: bytes)
        damaged.leaveOutRefused()
        #expect(damaged.changes.map(\.number) == [10, 20, 40, 50])
        #expect(damaged.damage.map(\.line) == [5, 7, 8, 10])
        #expect(damaged.damage.map(\.kind) == [.incomplete, .checksum, .order, .refused])
        #expect(damaged.stoppedAt == 11)
    }

    @Test func anIntactFileIsKeptAsItIs() throws {
        let bytes = RecordCodec.header + DeviceFileRepairTests.line("10\t1/1\tobject\tdevice\tphone\t+\tuid=00\tbase=1000000")
            + DeviceFileRepairTests.line("11\t1/1\tdelete\t1")
        let sorted = DeviceFile.sortLines(bytes)
        #expect(sorted.kept == bytes)
        #expect(sorted.problems.isEmpty && sorted.damaged.isEmpty)
    }
}
