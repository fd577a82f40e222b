// Tests for MemoryArena: buffers keep what was written to them and are counted by the arena
// that frees them; the grammar's tables and a line's scratch memory are made this way.
import Testing
@testable import KassaCore

@Suite struct MemoryArenaTests {
    @Test func copiesAndFilledBuffersHoldTheirValues() {
        let arena = MemoryArena()
        let copy = arena.copy([3, 1, 4, 1, 5])
        #expect(Array(copy) == [3, 1, 4, 1, 5])
        let zeros = arena.filled(UInt64(0), count: 4)
        zeros[2] = 7
        #expect(Array(zeros) == [0, 0, 7, 0])
        #expect(arena.copy([Int]()).isEmpty)  // an empty table still gets a buffer to point at
        #expect(arena.count == 3)
    }

    @Test func aScratchThatGrowsKeepsWorking() {
        let scratch = LineScratch(capacity: 4)
        scratch.buffers.noteTokens[3] = 42
        scratch.reserve(scalars: 100)
        scratch.buffers.noteTokens[99] = 1  // the new buffers have room for 100
        #expect(scratch.scalarCapacity >= 100)
    }
}
