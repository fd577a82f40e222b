// Journal+Create: writes a whole new journal file from transactions in one go — atomically
// (temporary file, fsync, rename, fsync of the directory) — for migrations, compaction of
// imported data and the benchmark's lifetime-sized journals. Refuses to replace an existing file.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

extension Journal {
    /// Creates `path` holding `transactions` (ids kept, must be increasing), `changeSize` per
    /// commit change (1 makes every transaction its own undoable commit, like a lifetime of use).
    public static func create(path: String, transactions: [Transaction], changeSize: Int = 1) throws {
        guard !JournalFile.exists(path) else { throw StoreError(.unwritable, path: path, errno: EEXIST) }
        var writer = LineWriter()
        writer.out = RecordCodec.header
        writer.out.reserveCapacity(transactions.count * 128)
        var previous = 0
        var number: Int64 = 0
        var start = 0
        let size = max(1, changeSize)
        while start < transactions.count {
            let end = min(start + size, transactions.count)
            number += 1
            for k in start..<end {
                let t = transactions[k]
                guard t.id > previous, t.id < JournalState.maxIDAllowed else {
                    throw StoreError(.invalid, path: path, detail: "id")
                }
                previous = t.id
                if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: path, detail: problem) }
                writer.begin(change: number, part: k - start + 1, of: end - start, op: .commit)
                RecordCodec.appendTransaction(t, to: &writer.out)
                writer.end()
            }
            start = end
        }
        try JournalFile.replaceAtomically(path, with: writer.out, stem: "creating")
    }
}
