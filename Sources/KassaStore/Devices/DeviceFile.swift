// DeviceFile: one device's journal in a ledger folder, read for the merge — never written here
// (only its own device appends to it, through Ledger.append). It is an ordinary version-1 journal
// (Journal/Journal.swift) whose change numbers are hybrid-logical-clock values (DeviceClock) and
// whose first change names the device (`object device NAME + uid=… base=…`, Ledger.swift).
//
// Reading is linear and tolerant in the way a synced file needs: a file that is still arriving
// (or whose writer was killed) is read up to its last complete change; a bad line in the middle
// ends the reading there too and is reported (`check` names it), since this device must never
// move or truncate another device's file.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct DeviceFile {
    /// One complete change: its number (a DeviceClock value) and its record lines.
    struct ChangeLines {
        var number: Int64
        /// Each line's fields after the checksum: change, part, op, arguments (escaped, as written).
        var records: [[Substring]]
        var ops: [RecordOp]
    }

    public let name: String
    public let path: String
    /// Random id written at join: two machines with one name are told apart by it.
    public internal(set) var uid: String?
    /// The first transaction number of this device's space (0 for the folder's first device).
    public internal(set) var base: Int?
    var changes: [ChangeLines] = []
    /// Where reading stopped early: the line of an incomplete or damaged change (nil: read to the end).
    public internal(set) var stoppedAt: Int?
    /// A bad line with whole changes after it (damage, not a tail still arriving).
    public internal(set) var damaged = false
    /// Bytes read, and how many of them are whole changes.
    public internal(set) var size = 0
    public internal(set) var validEnd = 0

    /// Line number of the line at `validEnd`, and the last complete change's number.
    public internal(set) var nextLine = 1
    var lastNumber: Int64 = 0

    /// Reads `bytes` (the whole file). Throws only when it is not a journal at all.
    init(name: String, path: String, bytes: [UInt8]) throws {
        self.name = name
        self.path = path
        size = bytes.count
        if let problem = JournalState.checkHeader(bytes) {
            if bytes.isEmpty || RecordCodec.header.starts(with: bytes) { validEnd = bytes.count; return } // still arriving
            throw StoreError(problem, path: path, record: 1)
        }
        validEnd = bytes.firstIndex(of: RecordCodec.newline)! + 1
        nextLine = 2
        bytes.withUnsafeBufferPointer { consume($0, at: 0) }
    }

    /// A device file read before up to `mark.validEnd`, to be read on from there (only its
    /// changes after that are in `changes`).
    init(continuing mark: LedgerState.Mark, path: String) {
        name = mark.name
        self.path = path
        uid = mark.uid
        base = mark.base
        size = mark.size
        validEnd = mark.validEnd
        nextLine = mark.nextLine
        lastNumber = mark.lastNumber
        stoppedAt = mark.stoppedAt
        damaged = mark.damaged
    }

    /// Reads the rest of the file after `validEnd`; false when it cannot be read.
    mutating func readOn() -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) >= validEnd else { return false }
        guard let rest = LedgerState.readRange(fd, validEnd..<Int(info.st_size)) else { return false }
        size = Int(info.st_size)
        stoppedAt = nil
        damaged = false
        let at = validEnd
        rest.withUnsafeBufferPointer { consume($0, at: at) }
        return true
    }

    /// Reads the complete changes in `buffer`, the file's bytes from offset `offset` (= validEnd,
    /// the start of a line numbered `nextLine`) to its end.
    private mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        var lineNumber = nextLine - 1
        var start = validEnd - offset
        var pending: ChangeLines?
        var pendingParts = 0
        guard let base = buffer.baseAddress else { return }
        while start < buffer.count {
            lineNumber += 1
            guard let lf = buffer[start...].firstIndex(of: RecordCodec.newline),
                  let end = RecordLine.verifiedEnd(base, start: start, lf: lf) else {
                stop(at: pending == nil ? lineNumber : lineNumber - pending!.records.count, bad: true, more: hasLineAfter(buffer, start))
                return
            }
            let body = String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + RecordLine.bodyOffset)..<end]), as: UTF8.self)
            let fields = body.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let number = Int64(fields[0]),
                  let slash = fields[1].firstIndex(of: "/"), let part = Int(fields[1][..<slash]),
                  let parts = Int(fields[1][fields[1].index(after: slash)...]),
                  let op = fields[2].utf8.withContiguousStorageIfAvailable({ RecordOp.parse($0.baseAddress!, $0.count) }) ?? nil,
                  parts >= 1, part >= 1, part <= parts else {
                stop(at: lineNumber, bad: true, more: true)
                return
            }
            if part == 1 {
                guard pending == nil, number > lastNumber else {
                    stop(at: lineNumber, bad: true, more: true)
                    return
                }
                pending = ChangeLines(number: number, records: [], ops: [])
                pendingParts = parts
            } else {
                guard pending?.number == number, pendingParts == parts, pending!.records.count == part - 1 else {
                    stop(at: lineNumber, bad: true, more: true)
                    return
                }
            }
            pending!.records.append(Array(fields))
            pending!.ops.append(op)
            start = lf + 1
            if part == parts {
                note(pending!)
                changes.append(pending!)
                lastNumber = number
                pending = nil
                validEnd = offset + start
                nextLine = lineNumber + 1
            }
        }
        if pending != nil { stoppedAt = lineNumber - pending!.records.count + 1 }

        func stop(at line: Int, bad: Bool, more: Bool) {
            stoppedAt = line
            damaged = bad && more
        }
    }

    /// True when a whole line follows the (bad) line starting at `start`: damage, not a torn tail.
    private func hasLineAfter(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        guard let lf = buffer[start...].firstIndex(of: RecordCodec.newline) else { return false }
        return lf + 1 < buffer.count
    }

    /// Picks up the device's identity from its `object device` record.
    private mutating func note(_ change: ChangeLines) {
        for (k, op) in change.ops.enumerated() where op == .object {
            let f = change.records[k]
            guard f.count >= 6, f[3] == "device", f[5] == "+" else { continue }
            for field in f.dropFirst(6) {
                if field.hasPrefix("uid=") { uid = String(field.dropFirst(4)) }
                if field.hasPrefix("base="), let b = Int(field.dropFirst(5)) { base = b }
            }
        }
    }

    /// True when change `c` only says which device this is (it is not part of the ledger's history).
    static func isIdentity(_ c: ChangeLines) -> Bool {
        c.ops.allSatisfy { $0 == .object } && c.records.allSatisfy { $0.count >= 4 && $0[3] == "device" }
    }

    /// The whole file, read without following a symbolic link; nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads the device file at `path`.
    static func read(name: String, path: String) throws -> DeviceFile {
        guard let bytes = DeviceFile.contents(of: path) else { throw StoreError(.unreadable, path: path) }
        return try DeviceFile(name: name, path: path, bytes: bytes)
    }
}
