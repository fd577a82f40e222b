// CSVStream: CSVReader's encoded reading of a table's data rows — stretches of a few megabytes
// in two CSVBlocks in turn: while one is read on both threads, this thread first hands the one
// before on (runs, careful rows, problems with their line numbers, in the file's order), then
// joins the reading. A piece that started inside a row (a quoted line break across a cut) is
// read again here, the careful way, from where the rows before it really ended.

import KassaCore

struct CSVStream {
    private let table: CSVTable
    private let base: UnsafePointer<UInt8>
    /// Where the next stretch is cut from.
    private var at: Int
    /// Where the next row starts, as the rows handed on so far say, and its line number.
    private var expected: Int
    private var line: Int
    /// The reader of rows read here (and the one a run copies to read its first rows again).
    private var careful: CSVRowReader
    private let works: (CSVBlock, CSVBlock)
    private let rows: (CSVRun) throws -> Void
    private let counts: (RowCounts) -> Void
    private let transaction: (Transaction) throws -> Void
    /// About this many bytes a stretch (as a rule): the pieces' buffers of two stretches are
    /// held at once, and each stretch starts the other thread anew.
    static let defaultStretch = 1 << 20
    private let stretch: Int

    init(table: CSVTable, base: UnsafePointer<UInt8>, from start: Int, line: Int, stretch: Int, reader: () -> CSVRowReader,
         encode: @escaping BackupReader.Encode, rows: @escaping (CSVRun) throws -> Void,
         counts: @escaping (RowCounts) -> Void, transaction: @escaping (Transaction) throws -> Void) {
        self.table = table
        self.base = base
        at = start
        expected = start
        self.line = line
        self.stretch = max(1, stretch)
        careful = reader()
        works = (CSVBlock(base: base, count: table.bytes.count, encode: encode, reader: reader),
                 CSVBlock(base: base, count: table.bytes.count, encode: encode, reader: reader))
        self.rows = rows
        self.counts = counts
        self.transaction = transaction
    }

    mutating func run(split: BackupReader.Split, records: inout ImportRecords) throws {
        let end = table.bytes.count, table = table
        var pending: CSVBlock?
        var flip = false
        while at < end {
            let target = at + stretch
            let stop = target < end ? min(BackupBlock.lineEnd(base, target, end) + 1, end) : end
            let work = flip ? works.1 : works.0
            flip.toggle()
            work.start(at..<stop)
            at = stop
            var failure: (any Error)?
            split({
                if let before = pending {
                    do { try handOn(before, records: &records) } catch { failure = error }
                }
                work.decode(lane: 0, table: table)
            }, {
                work.decode(lane: 1, table: table)
            })
            if let failure { throw failure }
            pending = work
        }
        if let pending { try handOn(pending, records: &records) }
        for (name, n) in careful.unknown { records.unknownCategories[name, default: 0] += n }
    }

    /// Hands a read block on, in order.
    private mutating func handOn(_ work: CSVBlock, records: inout ImportRecords) throws {
        for piece in work.pieces[..<work.used] {
            guard piece.start == expected else {
                // The rows before ran past its start (or past all of it).
                if expected < piece.end { try carefully(upTo: piece.end, records: &records) }
                continue
            }
            for item in piece.items {
                switch item {
                case let .run(ids, bytes, start):
                    try piece.ids.withUnsafeBufferPointer { all in
                        try rows(CSVRun(ids: UnsafeBufferPointer(rebasing: all[ids]), records: piece.records.bytes(bytes),
                                        reader: careful, start: start))
                    }
                case .transaction(let t):
                    try transaction(t)
                case let .problem(at, problem):
                    records.add(ImportProblem(line: line + at, reason: problem.reason, detail: problem.detail))
                }
            }
            counts(piece.counts)
            for (name, n) in piece.unknown { records.unknownCategories[name, default: 0] += n }
            line += piece.lines
            expected = piece.reached
        }
    }

    /// The rows from `expected` that start before `end`, read here the careful way.
    private mutating func carefully(upTo end: Int, records: inout ImportRecords) throws {
        var cursor = CSVTable.Cursor(table, at: expected, line: line, limit: end)
        while let number = cursor.next() {
            switch careful.transaction(cursor.cells) {
            case .success(let t): try transaction(t)
            case .failure(let problem): records.add(ImportProblem(line: number, reason: problem.reason, detail: problem.detail))
            }
        }
        expected = cursor.offset
        line = cursor.line
    }
}
