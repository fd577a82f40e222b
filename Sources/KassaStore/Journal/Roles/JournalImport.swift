// JournalImport: the role of the journal that imports — an import as ONE change, however large, streamed. The store knows no file
// format (KassaInterchange reads them; the shell wires a reader to `importChange`): the caller's
// `produce` runs under the journal's lock and hands transactions one at a time to an ImportSink,
// which checks and encodes each into its spool (ImportSpool); it returns the accounts and lessons to write
// with them (a backup's), or nil to write nothing (bad rows, a refusal). Only then is the count
// known, and the change is built as parts 1/N ... N/N straight into the journal's bytes —
// transactions first (so the change is an import), then the accounts and lessons — and written
// in batches (one write each, one fsync after the last, the same lock held throughout) while
// the state replays it. A kill midway leaves an incomplete change — never counted, moved
// aside as a torn tail by the next writer — and one undo takes the whole import back, accounts
// and lessons included. Memory: the file is never held (the reader streams it), nor the
// transactions (the spool holds their records, ~110 bytes each, given back as the journal's
// lines are built from them, and goes to a file past 256 MB); the journal's bytes and rows grow.
// Ids are kept when they are all new to the journal (restoring into an empty journal gives the
// same transactions); otherwise the import gets fresh ids.

import KassaCore

/// Importing (see the file's header). Journal is the one conformer.
public protocol JournalImport: AnyObject {
    /// Streams an import into one change; `write: false` previews it.
    @discardableResult
    func importChange(skipExisting: Bool, write: Bool, batchSize: Int, progress: ((_ done: Int, _ total: Int) -> Void)?,
                      _ produce: (ImportSink) throws -> ImportExtras?) throws -> ImportResult
    /// Imports transactions as one change (duplicates of what the journal holds skipped unless allowed).
    @discardableResult
    func importTransactions(_ transactions: some Sequence<Transaction>, allowDuplicates: Bool, batchSize: Int,
                            progress: ((_ done: Int, _ total: Int) -> Void)?) throws -> ImportResult
    /// Appends transactions as one change, duplicates included.
    @discardableResult
    func append(transactions: [Transaction], batchSize: Int, progress: ((_ done: Int, _ total: Int) -> Void)?) throws -> ImportResult
}

extension Journal: JournalImport {
    /// Streams an import into one change (see the file's header). `skipExisting`: the sink skips
    /// transactions already present (by id, or an id-less one by fingerprint). `write: false`
    /// runs `produce` against the journal as it is now and writes nothing (a preview): the result
    /// says what would be imported. `progress` gets (written, total) after each batch.
    @discardableResult
    public func importChange(skipExisting: Bool = false, write: Bool = true, batchSize: Int = 50_000,
                             progress: ((_ done: Int, _ total: Int) -> Void)? = nil,
                             _ produce: (ImportSink) throws -> ImportExtras?) throws -> ImportResult {
        guard write else {
            try refresh()
            let sink = ImportSink(journal: self, skipExisting: skipExisting, spool: nil)
            let extras = try produce(sink)
            return ImportResult(imported: sink.count, batches: 0, skipped: sink.skipped,
                                accounts: extras?.accounts.count ?? 0, lessons: extras?.lessons.count ?? 0)
        }
        var result = ImportResult(imported: 0, batches: 0)
        let size = max(1, batchSize)
        var total = 0
        // Each batch's lines are one write; the bar moves as they reach the file.
        let index = try appendParts(inPlace: true, progress: progress.map { report in { done in report(done, total) } }) { lines in
            let sink = ImportSink(journal: self, skipExisting: skipExisting, spool: try ImportSpool(besideJournal: path))
            guard let extras = try produce(sink) else { return }
            for account in extras.accounts {
                guard !account.name.isEmpty else { throw StoreError(.invalid, path: path, detail: "name") }
                guard account.aliases.count <= Journal.maxAliases else { throw StoreError(.invalid, path: path, detail: "aliases") }
            }
            let lessons = extras.lessons.filter { !$0.phrase.isEmpty }
            result.skipped = sink.skipped
            total = sink.count
            let keep = sink.keepsIDs
            let number = state.nextNumber
            let idBase = state.nextFreeID - 1
            if total > 0 {
                result.firstID = keep ? sink.firstID : idBase + 1
                result.lastID = keep ? sink.lastID : idBase + total
                if !keep, sink.firstID > 0, sink.lastID > 0 {
                    result.renumberedFrom = min(sink.firstID, sink.lastID)...max(sink.firstID, sink.lastID)
                    result.renumberedFar = sink.tooFarToKeep
                }
            }
            var objects = extras.objects
            // Fresh ids are one run (a bank's file brings none of its own); kept ones only when
            // the file gave them as one (the k-th row is then the k-th id of the range).
            if total > 0, let made = extras.objectsForIDs {
                if !keep { objects += made((idBase + 1)...(idBase + total)) } else if sink.run { objects += made(sink.firstID...sink.lastID) }
            }
            for object in objects { try check(object) }
            // Edits of transactions the journal holds, each checked as `edit` checks it.
            var edited: [Transaction] = []
            for (id, patch) in extras.edits {
                guard state.exists(id) else { throw StoreError(.noSuchTransaction, path: path, ids: [id]) }
                var t = materialize(state.current[id])
                patch.apply(to: &t)
                t.id = id
                if let problem = RecordBounds.problem(in: t) { throw StoreError(.invalid, path: path, detail: problem) }
                edited.append(t)
            }
            let parts = total + extras.accounts.count + lessons.count + objects.count + edited.count
            guard parts > 0 else { return }
            // Room for the whole import once (fields spooled plus ~40 bytes of CRC, change and
            // parts a line): the journal's bytes are not copied as they grow.
            state.bytes.reserveCapacity(state.bytes.count + sink.spooledBytes + parts * 40 + 4096)
            let builder = ImportLines(change: number, parts: parts, keepIDs: keep, idBase: idBase, batch: size)
            try lines { writer in
                var pieces: [WritePiece] = []
                var part = 0
                var halves = (ImportLines.Half(), ImportLines.Half())
                try sink.forEachBlock { block in
                    part += builder.append(block, first: part + 1, to: &writer, pieces: &pieces, halves: &halves)
                }
                for account in extras.accounts {
                    part += 1
                    writer.begin(change: number, part: part, of: parts, op: .account)
                    Journal.accountFields(account, removed: false, to: &writer)
                    writer.end()
                }
                Journal.write(lessons, change: number, firstPart: part + 1, of: parts, to: &writer)
                part += lessons.count
                Journal.write(objects, change: number, firstPart: part + 1, of: parts, to: &writer)
                part += objects.count
                for t in edited {
                    part += 1
                    writer.begin(change: number, part: part, of: parts, op: .edit)
                    RecordCodec.appendTransaction(t, to: &writer.out)
                    writer.end()
                }
                if pieces.last?.end != writer.out.count { pieces.append(WritePiece(end: writer.out.count, done: total)) }
                result.batches = pieces.count
                return pieces
            }
            result.imported = total
            result.accounts = extras.accounts.count
            result.lessons = lessons.count
        }
        if let index { ownChanges.append(index) }
        return result
    }

    /// Imports decoded transactions as one change, skipping those already present unless
    /// `allowDuplicates` (by id, or for id-less ones by fingerprint).
    @discardableResult
    public func importTransactions(_ transactions: some Sequence<Transaction>, allowDuplicates: Bool = false,
                                   batchSize: Int = 50_000,
                                   progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        try importChange(skipExisting: !allowDuplicates, batchSize: batchSize, progress: progress) { sink in
            for t in transactions { try sink.add(t) }
            return ImportExtras()
        }
    }

    /// Bulk append of whole transactions as one change (the benchmark's path): no duplicate check.
    @discardableResult
    public func append(transactions: [Transaction], batchSize: Int = 50_000,
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ImportResult {
        try importTransactions(transactions, allowDuplicates: true, batchSize: batchSize, progress: progress)
    }
}
