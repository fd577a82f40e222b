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

    /// Reads `bytes` (the whole file). Throws only when it is not a journal at all.
    init(name: String, path: String, bytes: [UInt8]) throws {
        self.name = name
        self.path = path
        size = bytes.count
        if let problem = JournalState.checkHeader(bytes) {
            if bytes.isEmpty || RecordCodec.header.starts(with: bytes) { validEnd = bytes.count; return } // still arriving
            throw StoreError(problem, path: path, record: 1)
        }
        var lineNumber = 1
        var start = bytes.firstIndex(of: RecordCodec.newline)! + 1
        validEnd = start
        var pending: ChangeLines?
        var pendingParts = 0
        var lastNumber: Int64 = 0
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
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
                    validEnd = start
                }
            }
            if pending != nil { stoppedAt = lineNumber - pending!.records.count + 1 }
        }

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
