// Tests for ScratchList: a fixed-capacity list over borrowed memory behaves like an array for
// appending, reading, writing in place and slicing.
import Testing
@testable import KassaCore

@Suite struct ScratchListTests {
    @Test func appendsReadsWritesAndSlices() {
        let memory = UnsafeMutablePointer<Int>.allocate(capacity: 8)
        defer { memory.deallocate() }
        var list = ScratchList(memory, capacity: 8)
        #expect(list.isEmpty)
        for v in [5, 7, 9, 11] { list.append(v) }
        #expect(Array(list) == [5, 7, 9, 11])
        list[1] = 70
        #expect(list[1] == 70 && list.count == 4 && list.last == 11)
        #expect(Array(list[1..<3]) == [70, 9])
        #expect(list.enumerated().map { $0.offset * $0.element } == [0, 70, 18, 33])
        list.removeAll()
        #expect(list.isEmpty)
        list.append(3)
        #expect(Array(list) == [3])
    }

    @Test func aCopySharesTheMemoryButKeepsItsOwnCount() {
        let memory = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        defer { memory.deallocate() }
        var list = ScratchList(memory, capacity: 4)
        list.append(1)
        let copy = list
        list.append(2)
        #expect(copy.count == 1 && list.count == 2)
    }
}
