// FaultInjectionTests: failed writes through the JournalIO seam (disk full, I/O error, a short
// write, a failed fsync) leave no partial record, throw, and change nothing in memory.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

/// Writes at most `budget` bytes in total, then fails with `error`; fsync can fail too.
final class FailingIO: JournalIO, @unchecked Sendable {
    private let lock = NSLock()
    private var budget: Int
    private let error: Int32
    private let failSync: Bool

    init(budget: Int, error: Int32, failSync: Bool = false) {
        self.budget = budget
        self.error = error
        self.failSync = failSync
    }

    func write(fd: Int32, bytes: UnsafeRawBufferPointer) -> Int {
        lock.lock(); defer { lock.unlock() }
        guard budget > 0 else { return -Int(error) }
        let n = min(budget, bytes.count)
        budget -= n
        return SystemJournalIO().write(fd: fd, bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<n]))
    }

    func sync(fd: Int32) -> Int32 {
        failSync ? -error : SystemJournalIO().sync(fd: fd)
    }
}

@Suite struct FaultInjectionTests {
    private func journalWithOne(io: JournalIO) throws -> (Journal, [UInt8]) {
        let path = StoreFixtures.journalPath("fault")
        try Journal.open(path: path).commit([StoreFixtures.draft(100)], input: "")
        return (try Journal.open(path: path, io: io), StoreFixtures.bytes(path))
    }

    @Test(arguments: [(ENOSPC, StoreError.Kind.noSpace), (EIO, .unwritable), (EFBIG, .tooLarge), (EROFS, .readOnly)])
    func failedWriteLeavesNoPartialRecord(error: Int32, kind: StoreError.Kind) throws {
        // 30 bytes get through before the failure: a partial line reaches the file, then is cut.
        let (journal, before) = try journalWithOne(io: FailingIO(budget: 30, error: error))
        let thrown = #expect(throws: StoreError.self) {
            try journal.commit([StoreFixtures.draft(200), StoreFixtures.draft(300)], input: "two")
        }
        #expect(thrown?.kind == kind && thrown?.errno == error)
        #expect(StoreFixtures.bytes(journal.path) == before)
        #expect(journal.count == 1 && journal.nextID == 2)
        let reopened = try Journal.open(path: journal.path)
        #expect(reopened.warnings.isEmpty && reopened.count == 1)
        // Retrying with a working disk saves the same draft under the next id.
        #expect(try reopened.commit([StoreFixtures.draft(200)], input: "")[0].id == 2)
    }

    @Test func failedFsyncIsAFailedWrite() throws {
        let (journal, before) = try journalWithOne(io: FailingIO(budget: 1 << 20, error: EIO, failSync: true))
        #expect(throws: StoreError.self) { try journal.commit([StoreFixtures.draft(200)], input: "") }
        #expect(StoreFixtures.bytes(journal.path) == before)
        #expect(throws: StoreError.self) { try journal.undo() }
        #expect(journal.count == 1)
        #expect(StoreFixtures.bytes(journal.path) == before)
    }

    /// An import large enough to be written on a second thread while the state replays it: a
    /// write failing midway, or the fsync after the last piece, leaves the file and the state as
    /// they were — this instance's own earlier change still its own to undo.
    @Test(arguments: [(600_000, false), (1 << 30, true)])
    func failedBulkImportChangesNothing(budget: Int, failSync: Bool) throws {
        let path = StoreFixtures.journalPath("fault-bulk")
        try Journal.open(path: path).commit([StoreFixtures.draft(100)], input: "")
        let journal = try Journal.open(path: path, io: FailingIO(budget: budget, error: ENOSPC, failSync: failSync))
        let rows = (1...30_000).map { ImportTests.row(Int64($0) * 100, note: "a note long enough to pass a megabyte \($0)") }
        let before = StoreFixtures.bytes(path)
        let thrown = #expect(throws: StoreError.self) { try journal.importTransactions(rows, allowDuplicates: true) }
        #expect(thrown?.kind == .noSpace)
        #expect(StoreFixtures.bytes(path) == before)
        #expect(journal.count == 1 && journal.nextID == 2 && journal.changeCount == 1)
        #expect(journal.transactions.map(\.amount.minorUnits) == [10_000])
        let reopened = try Journal.open(path: path)
        #expect(reopened.warnings.isEmpty && reopened.count == 1)
    }

    @Test func failedUndoAndEditChangeNothing() throws {
        let (journal, before) = try journalWithOne(io: FailingIO(budget: 5, error: ENOSPC))
        #expect(throws: StoreError.self) { try journal.undo() }
        #expect(throws: StoreError.self) { try journal.edit(id: 1, TransactionPatch(note: "x")) }
        #expect(throws: StoreError.self) { try journal.delete(ids: [1]) }
        #expect(journal.count == 1 && journal.transaction(id: 1)?.note == "coffee")
        #expect(journal.history().nextUndo == 1)
        #expect(StoreFixtures.bytes(journal.path) == before)
    }
}
