// ImportSpoolTests: records go through the spool unchanged and in order — held in memory, cut
// across chunks at record ends, one record larger than a chunk, and moved to the file when
// memory would pass its limit (at once, or midway).
import KassaTestSupport
import Testing
@testable import KassaStore

@Suite struct ImportSpoolTests {
    /// Records of varied lengths (one of `huge` bytes when asked), as the spool takes them.
    private func records(_ count: Int, huge: Int = 0) -> [[UInt8]] {
        (0..<count).map { k in
            let length = k == count / 2 && huge > 0 ? huge : 20 + (k * 7919) % 300
            return [9] + (0..<length).map { UInt8(65 + ($0 + k) % 26) }
        }
    }

    /// Feeds `all` in runs of `run` records (1: one at a time through `append(_:)`), then reads back.
    private func roundTrip(_ all: [[UInt8]], run: Int, memoryLimit: Int) throws -> [[UInt8]] {
        let spool = try ImportSpool(besideJournal: StoreFixtures.journalPath("spool"), memoryLimit: memoryLimit)
        var k = 0
        while k < all.count {
            if run == 1 {
                var body = all[k]
                try spool.append(&body)
                k += 1
            } else {
                var joined: [UInt8] = []
                for record in all[k..<min(all.count, k + run)] { joined += record + [10] }
                try joined.withUnsafeBufferPointer { try spool.append(records: $0) }
                k += run
            }
        }
        #expect(spool.count == all.reduce(0) { $0 + $1.count + 1 })
        var out: [[UInt8]] = []
        try spool.forEachBlock { block in try ImportSpool.forEachLine(in: block) { out.append(Array($0)) } }
        return out
    }

    @Test(arguments: [(1, ImportSpool.memoryLimit), (37, ImportSpool.memoryLimit), (5_000, ImportSpool.memoryLimit),
                      (1, 0), (37, 100_000), (5_000, 3_000_000)])
    func recordsComeBackUnchangedAndInOrder(run: Int, memoryLimit: Int) throws {
        let all = records(40_000)
        #expect(try roundTrip(all, run: run, memoryLimit: memoryLimit) == all)
    }

    @Test(arguments: [ImportSpool.memoryLimit, 6 << 20])
    func aRecordLargerThanAChunkComesBackWhole(memoryLimit: Int) throws {
        let all = records(3_000, huge: ImportSpool.chunkSize + 12_345)
        #expect(try roundTrip(all, run: 100, memoryLimit: memoryLimit) == all)
    }
}
