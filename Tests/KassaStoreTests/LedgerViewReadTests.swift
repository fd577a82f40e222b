// LedgerViewReadTests: a folder's view read while it is merged (LedgerViewRead) is the view a
// plain read gives — the same file, byte for byte, and the same journal state — on random
// folders of several devices (edits of each other's transactions with groups kept and conflicts,
// deletes, undo and redo, exchanges with targets, imports, accounts, lessons, objects, damaged
// and torn device files, lines that are not UTF-8), handed on in pieces of every size, with the
// parsed bytes given back; and whatever goes wrong (a failed write, a view bigger than the
// buffer, a view that does not read clean) is reported or left to the plain read, never lost.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaTestSupport
import Testing
@testable import KassaStore

@Suite struct LedgerViewReadTests {
    static let names = ["alma", "bota", "chai"]
    static let notes = ["coffee", "кофе", "caf\u{E9}", "a\\tb", "", "taxi home", "obed"]
    static let categories = ["food/coffee", "food", "transport/taxi", "еда", ""]

    /// One random folder whose view reads (every record valid): each device's file as bytes.
    static func folder(seed: UInt64, changesPerDevice: Int) -> [[UInt8]] {
        var random = SeededGenerator(state: seed)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
        var known: [Int] = []
        var files: [[UInt8]] = []
        for (d, name) in names.enumerated() {
            // Spaces smaller than Ledger.spaceSize: a journal state indexes every id up to the
            // highest, and debug builds fill two million slots slowly.
            let base = d * 10_000
            var next = base
            var number = Int64(1_780_000_000_000_000) + Int64.random(in: 1...40, using: &random)
            var own: [Int64] = []
            var out = RecordCodec.header
            func change(_ records: [String]) {
                for (k, record) in records.enumerated() {
                    var body = Array("\(number)\t\(k + 1)/\(records.count)\t".utf8) + Array(record.utf8)
                    // Now and then an input that is not UTF-8 (read with replacement characters; an
                    // exchange's last field is its target's currency, which must stay valid).
                    if chance(40), !record.contains("\twallet\t"), !record.hasPrefix("account") { body.append(0xFF) }
                    out += Array(String(format: "%08x", CRC32.checksum(body)).utf8) + [RecordCodec.tab] + body
                    if chance(20) { out.append(13) }
                    out.append(RecordCodec.newline)
                }
                own.append(number)
                number += Int64.random(in: 1...3, using: &random)
            }
            func transaction(_ id: Int) -> String {
                var fields = [String(id), pick(["expense", "income"]), pick(["1500.00", "99.50", "2000.00"]), pick(["KZT", "USD"]),
                              pick(["2026-03-09", "2026-03-10"]), pick(["", "09:30"]), pick(categories), pick(["cash", "card"]),
                              "", pick(["", "", "monthly"]), pick(notes), pick(notes)]
                if chance(6) {
                    // An exchange: a transfer with what arrives, in another currency.
                    fields[1] = "transfer"
                    fields[8] = "wallet"
                    fields += [pick(["10.00", "3.25"]), fields[3] == "KZT" ? "USD" : "EUR"]
                }
                return fields.joined(separator: "\t")
            }
            change(["object\tdevice\t\(name)\t+\tuid=\(String(format: "%016x", d + 1))\tbase=\(base)"])
            for _ in 0..<changesPerDevice {
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<6:
                    next += 1
                    known.append(next)
                    change(["commit\t" + transaction(next)])
                case 6..<8:
                    change((0..<Int.random(in: 1...4, using: &random)).map { _ in
                        next += 1
                        known.append(next)
                        return "import\t" + transaction(next)
                    })
                case 8..<13:
                    guard let id = known.randomElement(using: &random) else { continue }
                    change(chance(6) ? ["account\tcash\t+\tKZT", "edit\t" + transaction(id)] : ["edit\t" + transaction(id)])
                case 13..<15:
                    guard let id = known.randomElement(using: &random) else { continue }
                    change(["delete\t\(id)"])
                case 15..<18:
                    guard let target = own.dropFirst().randomElement(using: &random) else { continue }
                    change(["\(chance(3) ? "redo" : "undo")\t\(target)"])
                default:
                    change([pick(["account\tcard\t+\tUSD\tвиза", "learn\tkofe\tfood/coffee", "object\tbudget\tfood\t+\tlimit=100"])])
                }
            }
            if chance(4) {
                // A torn tail: the last line cut short.
                out.removeLast(Int.random(in: 1...20, using: &random))
            } else if chance(4), let lf = out.indices.dropFirst(out.count / 2).first(where: { out[$0] == RecordCodec.newline }),
                      lf + 3 < out.count {
                // A damaged line in the middle: the device is read up to it.
                out[lf + 3] ^= 0x01
            }
            files.append(out)
        }
        return files
    }

    static func devices(_ files: [[UInt8]]) throws -> [DeviceFile] {
        try files.enumerated().map { try DeviceFile(name: names[$0], path: "/folder/\(names[$0]).kassa", bytes: $1) }
    }

    /// Everything a read leaves in the state, as text (ReadAheadTests.fingerprint, without
    /// reflection: these states index ids of three devices' spaces, two million slots).
    static func fingerprint(_ state: JournalState) -> String {
        func crc(_ values: [Int32]) -> String { "\(values.count):" + values.withUnsafeBytes { String(CRC32.checksum($0.baseAddress!, count: $0.count)) } }
        let entries = state.entries.map {
            "\($0.offset) \($0.amount) \($0.id) \($0.change) \($0.prev) \($0.days) \($0.category) \($0.account) \($0.toAccount) \($0.op.name) \($0.type.rawValue) \($0.currency)"
        }
        let changes = state.changes.map { "\($0.number) \($0.line) \($0.op.name) \($0.applied) \($0.firstEntry) \($0.entryCount) \($0.firstTarget) \($0.targetCount)" }
        return [entries.joined(separator: ";"), changes.joined(separator: ";"), crc(state.targets), crc(state.head), crc(state.current),
                "\(state.liveCount) \(state.maxID) \(state.redoStack)", "\(state.labels.strings)",
                "\(state.currencies)", "\(state.accountRecords)", "\(state.learnRecords)", "\(state.objectRecords)",
                "\(state.validEnd) \(state.nextLine) \(state.lastLineStart)",
                "\(state.exchanges.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })"].joined(separator: "\n")
    }

    /// A plain read of the view's bytes, as Journal.open reads a view just built: its outcome and state.
    static func plainRead(_ bytes: [UInt8]) -> (IngestOutcome, String) {
        var state = JournalState()
        state.bytes = bytes
        state.validEnd = RecordCodec.header.count
        state.nextLine = 2
        let outcome = state.ingest(trusted: true, readAhead: nil)
        return (outcome, Self.fingerprint(state))
    }

    /// Runs LedgerViewRead on `devices`, the view written to a temporary file: the result and the file's bytes.
    static func run(_ devices: [DeviceFile], shedFrom: Int, pieces: Int, room: Int? = nil,
                    readAhead: (minimum: Int, stretch: Int)? = nil) -> (LedgerViewRead, [UInt8]) {
        let path = TestSupport.makeTemporaryDirectory("viewread").appendingPathComponent("view.kassa").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(fd) }
        let result = LedgerViewRead.run(devices, writingTo: fd, shedFrom: shedFrom, readAhead: readAhead, pieces: pieces, room: room)
        return (result, StoreFixtures.bytes(path))
    }

    /// The prefix hash a journal's first open computes for `bytes`.
    static func prefixHash(_ bytes: [UInt8]) -> UInt64 {
        var shedder = ByteShedder(count: bytes.count)
        return bytes.withUnsafeBufferPointer { shedder.finish($0.baseAddress!) }
    }

    @Test(arguments: 1...30) func theViewReadAsItIsMergedIsThePlainRead(seed: Int) throws {
        let files = Self.folder(seed: UInt64(seed) &* 0x9E37_79B9, changesPerDevice: 30 + seed * 4)
        let devices = try Self.devices(files)
        let plain = LedgerMerge(devices)
        let (outcome, expected) = Self.plainRead(plain.bytes)
        #expect(outcome == .clean)
        var random = SeededGenerator(state: UInt64(seed))
        // Pieces from a few bytes (one change each) to the whole view; bytes given back or not;
        // the reader's helper thread too.
        for (pieces, shedFrom, readAhead) in [(1, 0, false), (Int.random(in: 50...900, using: &random), 0, false),
                                              (Int.random(in: 50...900, using: &random), Int.max, true), (1 << 20, 0, false)] {
            let (result, written) = Self.run(devices, shedFrom: shedFrom, pieces: pieces, readAhead: readAhead ? (0, 300) : nil)
            #expect(written == plain.bytes, "pieces \(pieces)")
            #expect(result.size == plain.bytes.count && result.failure == 0)
            #expect(result.merge.origins == plain.origins && result.merge.conflicts == plain.conflicts)
            #expect(result.merge.raws == plain.raws && result.merge.lastConsumed == plain.lastConsumed)
            guard let read = result.read else {
                Issue.record("not read: pieces \(pieces)")
                continue
            }
            #expect(Self.fingerprint(read.state) == expected, "pieces \(pieces)")
            #expect(read.state.bytes.count == plain.bytes.count)
            // A view this small is never given back (less than a MB): kept whole, as a plain first open keeps it.
            #expect(read.prefixHash == nil && read.state.hole.isEmpty && read.state.bytes == plain.bytes)
        }
        // The histories are not trivial: edits merged with groups kept or in conflict, changes left out.
        #expect(plain.origins.count > 30)
    }

    @Test func aBigViewIsGivenBackAsItIsReadAndOpensAsTheSameJournal() throws {
        let devices = try Self.devices(Self.folder(seed: 2026, changesPerDevice: 5500))
        let plain = LedgerMerge(devices)
        #expect(plain.bytes.count > 1 << 20)
        let (outcome, expected) = Self.plainRead(plain.bytes)
        #expect(outcome == .clean)
        let path = TestSupport.makeTemporaryDirectory("viewread-big").appendingPathComponent("view.kassa").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let result = LedgerViewRead.run(devices, writingTo: fd, shedFrom: 0, pieces: 64 << 10)
        close(fd)
        #expect(StoreFixtures.bytes(path) == plain.bytes)
        guard let read = result.read else {
            Issue.record("not read")
            return
        }
        #expect(Self.fingerprint(read.state) == expected)
        // Given back as a first open does: the prefix hash of the whole view, the parsed records unread.
        #expect(read.prefixHash == Self.prefixHash(plain.bytes))
        #expect(!read.state.hole.isEmpty && read.state.hole.upperBound <= read.state.lastLineStart)
        // The journal opened from that state reads its text back from the file: the journal a plain open gives.
        var info = stat()
        #expect(stat(path, &info) == 0)
        let journal = try Journal.open(view: path, readOnly: true, snapshots: nil,
                                       built: Journal.Built(bytes: [], inode: UInt64(info.st_ino), read: read))
        let reference = try Journal.open(path: path, readOnly: true)
        #expect(signature(journal) == signature(reference))
        #expect(journal.count > 5000)
    }

    @Test func randomFoldersHaveConflictsRewrittenRecordsAndExchanges() throws {
        var conflicts = 0, raws = 0, exchanges = 0, undos = 0
        for seed in 1...30 {
            let devices = try Self.devices(Self.folder(seed: UInt64(seed) &* 0x9E37_79B9, changesPerDevice: 30 + seed * 4))
            let merge = LedgerMerge(devices)
            conflicts += merge.conflicts.count
            raws += merge.raws.count
            let text = String(decoding: merge.bytes, as: UTF8.self)
            exchanges += text.components(separatedBy: "\ttransfer\t").count - 1
            undos += text.components(separatedBy: "\tundo\t").count - 1
        }
        #expect(conflicts > 20 && raws > 5 && exchanges > 20 && undos > 20)
    }

    /// A folder whose devices each hold one big import (as the bench's do: a device of a third of a
    /// million records is one change), with a few small changes around them.
    static func bigImportFolder(records: Int) -> [[UInt8]] {
        func line(_ body: String) -> [UInt8] {
            let bytes = Array(body.utf8)
            return Array(String(format: "%08x", CRC32.checksum(bytes)).utf8) + [RecordCodec.tab] + bytes + [RecordCodec.newline]
        }
        return names.enumerated().map { d, name in
            let base = d * 10_000
            var out = RecordCodec.header + line("\(1_780_000_000_000_000 + d)\t1/1\tobject\tdevice\t\(name)\t+\tuid=\(d + 1)\tbase=\(base)")
            let number = 1_780_000_000_000_100 + d * 7
            for k in 1...records {
                out += line("\(number)\t\(k)/\(records)\timport\t\(base + k)\texpense\t\(k).00\tKZT\t2026-03-09\t\tfood\tcash\t\t\tnote \(k)\tinput")
            }
            out += line("\(number + 50)\t1/1\tdelete\t\(base + 3)")
            out += line("\(number + 60)\t1/1\tcommit\t\(base + records + 1)\texpense\t5.00\tKZT\t2026-03-10\t\tfood\tcash\t\t\tlast\tlast")
            return out
        }
    }

    @Test func aChangeBiggerThanAPieceIsHandedOnAsItIsCopiedAndReadWhole() throws {
        let devices = try Self.devices(Self.bigImportFolder(records: 1500))
        let plain = LedgerMerge(devices)
        let (outcome, expected) = Self.plainRead(plain.bytes)
        #expect(outcome == .clean)
        // Pieces far smaller than a change: the change is handed on in parts and read when whole.
        for pieces in [1, 700, 4096, 1 << 20] {
            let (result, written) = Self.run(devices, shedFrom: 0, pieces: pieces)
            #expect(written == plain.bytes, "pieces \(pieces)")
            #expect(result.failure == 0 && result.size == plain.bytes.count)
            #expect(result.merge.origins == plain.origins && result.merge.conflicts == plain.conflicts)
            #expect(result.read.map { Self.fingerprint($0.state) } == expected, "pieces \(pieces)")
        }
        // The buffer running out in the middle of a big change: the view is still written whole,
        // in order, and left to the plain read.
        for room in [plain.bytes.count / 3, plain.bytes.count / 2 + 123, plain.bytes.count - 1] {
            let (result, written) = Self.run(devices, shedFrom: 0, pieces: 2048, room: room)
            #expect(written == plain.bytes, "room \(room)")
            #expect(result.read == nil && result.failure == 0 && result.size == plain.bytes.count)
        }
    }

    @Test func aFailedWriteIsReportedAndTheViewIsNotUsed() throws {
        let devices = try Self.devices(Self.folder(seed: 7, changesPerDevice: 60))
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        let result = LedgerViewRead.run(devices, writingTo: fd, shedFrom: 0, pieces: 200)
        #expect(result.failure == EBADF)
        #expect(result.read == nil)
        #expect(result.merge.origins == LedgerMerge(devices).origins)
    }

    @Test func aViewBiggerThanTheBufferIsWrittenWholeAndLeftToThePlainRead() throws {
        let devices = try Self.devices(Self.folder(seed: 11, changesPerDevice: 80))
        let plain = LedgerMerge(devices)
        for room in [0, 100, plain.bytes.count / 2, plain.bytes.count - 1] {
            let (result, written) = Self.run(devices, shedFrom: 0, pieces: 300, room: room)
            #expect(written == plain.bytes, "room \(room)")
            #expect(result.read == nil && result.failure == 0 && result.size == plain.bytes.count)
            #expect(result.merge.origins == plain.origins)
        }
        let (exact, _) = Self.run(devices, shedFrom: 0, pieces: 300, room: plain.bytes.count)
        #expect(exact.read.map { Self.fingerprint($0.state) } == Self.plainRead(plain.bytes).1)
    }

    @Test func aViewThatDoesNotReadCleanIsLeftToThePlainRead() throws {
        // The reference folders hold records no journal reads ("+12" as an id, an extra field):
        // their views are merged the same, but the plain read fails on them, and so is this one not used.
        var unread = 0
        for seed in 1...6 {
            let files = LedgerMergeReferenceTests.folder(seed: UInt64(seed) &* 2_654_435_761, changesPerDevice: 40)
            let devices = try Self.devices(files)
            let plain = LedgerMerge(devices)
            let (outcome, expected) = Self.plainRead(plain.bytes)
            let (result, written) = Self.run(devices, shedFrom: 0, pieces: 150)
            #expect(written == plain.bytes)
            if outcome == .clean {
                #expect(result.read.map { Self.fingerprint($0.state) } == expected)
            } else {
                #expect(result.read == nil)
                unread += 1
            }
        }
        #expect(unread > 2)
    }

    @Test func aFolderOpensAsItsViewFileReadPlainly() throws {
        for seed in [3, 8, 21] {
            let directory = TestSupport.makeTemporaryDirectory("viewread-ledger")
            let folder = directory.appendingPathComponent("ledger").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (k, bytes) in Self.folder(seed: UInt64(seed), changesPerDevice: 120).enumerated() {
                StoreFixtures.write(bytes, to: folder + "/" + Self.names[k] + ".kassa")
            }
            let cache = directory.appendingPathComponent("cache").path
            let ledger = try Ledger.open(folder: folder, device: nil, cache: cache, readOnly: true)
            defer { ledger.close() }
            #expect(ledger.route == .rebuilt)
            let plain = try Journal.open(path: ledger.journal.path, readOnly: true)
            #expect(signature(ledger.journal) == signature(plain))
            #expect(ledger.journal.count > 50)
            // The next open finds the view unchanged.
            let again = try Ledger.open(folder: folder, device: nil, cache: cache, readOnly: true)
            defer { again.close() }
            #expect(again.route == .unchanged && signature(again.journal) == signature(plain))
        }
    }

    private func signature(_ journal: Journal) -> String {
        var lines = journal.transactions.map { "\($0)" }
        lines += journal.balance().map { "\($0)" }
        lines += journal.accounts.map { "\($0)" }
        lines.append("changes \(journal.changeCount) next \(journal.nextID) count \(journal.count)")
        return lines.joined(separator: "\n")
    }
}
