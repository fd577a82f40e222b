// DeviceFile: one device's journal in a ledger folder, read for the merge — never written here
// (only its own device appends to it, through Ledger.forward, under DeviceLock). It is an ordinary version-1 journal
// (Journal/Journal.swift) whose change numbers are hybrid-logical-clock values (DeviceClock) and
// whose first change names the device (`object device NAME + uid=… base=…`, Ledger.swift).
//
// Reading is linear and tolerant in the way a synced file needs: a file that is still arriving
// (or whose writer was killed) is read up to its last complete change; damage in the middle (a
// line whose checksum fails, a change missing a part or numbered out of order) is skipped and
// kept by line (DeviceDamage), and every whole change after it is still read — exactly what
// `kassa repair` keeps (DeviceFile+Repair.swift) — since this device must never move or truncate
// another device's file, and one bad line must not hide the rest of a device's history. A
// change the journal would refuse is left out too (DeviceFile+Refusal.swift).
//
// Reading is byte-level, because a first open of a folder reads a million lines: each line's
// checksum is verified and the few fields the merge decides on (change number, part, op, the
// first argument) are read from the bytes, the line kept as a byte range into the file's buffer
// (Line). Nothing becomes a String until something needs a line's fields (an edit, an undo, an
// identity record: `fields(_:)`, which splits them exactly as the journal text would read), and
// the merge writes a line it takes as it is by copying its bytes (LedgerMerge).

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct DeviceFile {
    /// One record line of a whole change, as a byte range of `buffer`.
    struct Line {
        /// Where the body (after `CRC<TAB>`) starts and how long it is (without a CR before the LF).
        var start: Int
        var length: Int32
        /// Length of the change number, the body's first field.
        var numberLength: Int32
        /// The first argument (field 3), relative to `start`: -1 when the line has no field 3.
        var argumentFrom: Int32
        var argumentTo: Int32
        /// Field 3 read as an integer the way `Int(String)` reads it (hasID false: it does not read).
        var id: Int
        var op: RecordOp
        var hasID: Bool
        /// The body is valid UTF-8, so its bytes are what decoding and re-encoding its fields gives.
        var plain: Bool
        /// The line's number in the file.
        var number: Int32
    }

    /// One complete change: its number (a DeviceClock value) and its lines (indices into `lines`).
    struct ChangeLines {
        var number: Int64
        var lines: Range<Int>
    }

    public let name: String
    public let path: String
    /// Random id written at join: two machines with one name are told apart by it.
    public internal(set) var uid: String?
    /// The first transaction number of this device's space (0 for the folder's first device).
    public internal(set) var base: Int?
    /// The device its identity change names: a file under another name (`backup-laptop.kassa`
    /// holding laptop's journal) is a copy, never read as a device (Ledger.rebuild).
    public internal(set) var identityName: String?
    /// When this device took its space: the clock value of the change that says which device
    /// this is, or of its move to another space (`moved=`, DeviceSpaces).
    public internal(set) var joinedAt: Int64?
    /// The bytes the lines are ranges of (the whole file, or the part read on from a mark).
    var buffer: [UInt8] = []
    var lines: [Line] = []
    var changes: [ChangeLines] = []
    /// Where reading stopped early: the first line of a change still arriving at the end (nil:
    /// read to the end).
    public internal(set) var stoppedAt: Int?
    /// What reading left out before `validEnd` (damage, not a tail still arriving), by line.
    public internal(set) var damage: [DeviceDamage] = []
    /// Some of the file was left out as damage.
    public var damaged: Bool { !damage.isEmpty }
    /// Bytes read, and how far reading went: to the end of the last whole change or damage,
    /// where reading on starts.
    public internal(set) var size = 0
    public internal(set) var validEnd = 0

    /// Line number of the line at `validEnd`, and the last complete change's number.
    public internal(set) var nextLine = 1
    var lastNumber: Int64 = 0
    /// The highest transaction id a commit or import line of the file names (any line whose
    /// checksum holds, read or left out): this device never gives an id out twice.
    var topID = 0
    /// The file as it was opened for reading (inode, size, mtime), when read from a path.
    var stamp: LedgerState.FileStamp?

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
        buffer = bytes
        consume(at: 0)
    }

    /// The file as read, or as a copy when its identity names another device.
    var unlessCopy: DeviceFile { identityName.map { $0 != name } ?? false ? asCopy() : self }

    /// A copy of another device's journal under this file's name: nothing of it is read, and its
    /// marks follow the real file so an unchanged folder still opens from the cache.
    func asCopy() -> DeviceFile {
        var copy = DeviceFile(badHeader: name, path: path, size: size)
        copy.damage = []
        copy.stoppedAt = nil
        copy.validEnd = validEnd
        copy.nextLine = nextLine
        copy.stamp = stamp
        copy.identityName = identityName
        return copy
    }

    /// A device file whose first line is not a journal header this version reads (damaged, or
    /// written by a newer kassa): nothing of it is merged, and it reads as damaged at line 1 —
    /// `check` names it, and the folder opens with the other devices.
    init(badHeader name: String, path: String, size: Int) {
        self.name = name
        self.path = path
        self.size = size
        stoppedAt = 1
        damage = [DeviceDamage(line: 1, count: 1, kind: .header)]
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
        topID = mark.topID
        stoppedAt = mark.stoppedAt
        damage = mark.damage
    }

    /// Reads the rest of the file after `validEnd`; false when it cannot be read.
    mutating func readOn() -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= validEnd else { return false }
        guard let rest = LedgerState.readRange(fd, validEnd..<Int(info.st_size)) else { return false }
        size = Int(info.st_size)
        stamp = LedgerState.FileStamp(info)
        stoppedAt = nil
        buffer = rest
        consume(at: validEnd)
        return true
    }

    /// Lets go of what was read (the buffer, lines and changes), keeping where reading stopped:
    /// a ledger keeps its device files for that, and a million lines need not stay in memory.
    mutating func forgetChanges() {
        buffer = []
        lines = []
        changes = []
    }

    /// Reads the complete changes in `buffer`, the file's bytes from offset `offset` (= validEnd,
    /// the start of a line numbered `nextLine`) to its end.
    private mutating func consume(at offset: Int) {
        // Lines are rarely shorter than 64 bytes: room for all of them at once, rather than
        // regrowing (and briefly doubling, in fresh pages) arrays of a few hundred thousand lines.
        // Room reserved and not used is never touched, and costs nothing.
        lines.reserveCapacity(lines.count + buffer.count / 64)
        changes.reserveCapacity(changes.count + buffer.count / 64)
        let data = buffer
        data.withUnsafeBufferPointer { consume($0, at: offset) }
    }

    private mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
        var lineNumber = nextLine - 1
        var start = validEnd - offset
        // The change being read: its number, parts, first line (index) and first line's number.
        var pending = false
        var pendingNumber: Int64 = 0, pendingParts = 0, pendingFirst = lines.count, pendingLine = 0
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        /// The change being read never becomes whole (a part is missing or damaged): left out.
        func dropPending() {
            guard pending else { return }
            damage.append(DeviceDamage(line: pendingLine, count: lines.count - pendingFirst, kind: .incomplete))
            lines.removeLast(lines.count - pendingFirst)
            pending = false
        }
        /// Reading ends before the change being read (or this line): it is still arriving.
        func arriving() {
            stoppedAt = pending ? pendingLine : lineNumber
            if pending { lines.removeLast(lines.count - pendingFirst) }
        }
        /// Everything before `start` is read or left out: reading on starts there.
        func consumed() {
            guard !pending else { return }
            validEnd = offset + start
            nextLine = lineNumber + 1
        }
        while start < count {
            lineNumber += 1
            guard let lfPointer = memchrLF(base + start, count - start), case let lf = lfPointer - base else {
                // The last line, unterminated: a save still being written (or cut short).
                arriving()
                return
            }
            let verified = RecordLine.verifiedEnd(base, start: start, lf: lf)
            let body = start + RecordLine.bodyOffset
            var partField = (0, 0)
            var parsed: (line: Line, number: Int64, part: Int, parts: Int)?
            if let end = verified, var line = DeviceFile.line(base, body: body, end: end, part: &partField),
               let number = DeviceFile.integer(base, body, body + Int(line.numberLength)),
               number >= 1, number <= DeviceClock.limit,
               let (part, parts) = DeviceFile.part(base, partField.0, partField.1) {
                line.number = Int32(truncatingIfNeeded: lineNumber)
                parsed = (line, number, part, parts)
            }
            guard let (line, number, part, parts) = parsed else {
                // A bad last line is a tail still being written; with anything after it, damage.
                if lf + 1 >= count {
                    arriving()
                    return
                }
                dropPending()
                damage.append(DeviceDamage(line: lineNumber, count: 1, kind: verified == nil ? .checksum : .refused,
                                           detail: verified == nil ? "" : "record"))
                start = lf + 1
                consumed()
                continue
            }
            if line.hasID, line.op == .commit || line.op == .importBatch { topID = max(topID, line.id) }
            if part == 1 {
                dropPending()
                pending = true
                pendingNumber = number
                pendingParts = parts
                pendingFirst = lines.count
                pendingLine = lineNumber
            } else if !pending || pendingNumber != number || pendingParts != parts || lines.count - pendingFirst != part - 1 {
                // A part with no change before it to belong to.
                dropPending()
                damage.append(DeviceDamage(line: lineNumber, count: 1, kind: .incomplete))
                start = lf + 1
                consumed()
                continue
            }
            lines.append(line)
            start = lf + 1
            guard part == parts else { continue }
            pending = false
            if number <= lastNumber {
                // Numbered out of order: a device's clock never goes back.
                damage.append(DeviceDamage(line: pendingLine, count: lines.count - pendingFirst, kind: .order))
                lines.removeLast(lines.count - pendingFirst)
            } else {
                let change = ChangeLines(number: number, lines: pendingFirst..<lines.count)
                note(change)
                changes.append(change)
                lastNumber = number
            }
            consumed()
        }
        // Lines all read, the last change not whole: its other parts are still arriving.
        if pending { arriving() }
    }

    /// The line whose verified body is `base[body..<end]`; nil when it has fewer than 3 fields or
    /// its op is not one. `part`: where its second field (PART/PARTS) is.
    @inline(__always)
    private static func line(_ base: UnsafePointer<UInt8>, body: Int, end: Int, part: inout (Int, Int)) -> Line? {
        // The first four tabs: they end the number, part, op and first argument.
        var tabs = (-1, -1, -1, -1)
        var found = 0
        @inline(__always) func tab(at i: Int) {
            switch found {
            case 0: tabs.0 = i
            case 1: tabs.1 = i
            case 2: tabs.2 = i
            default: tabs.3 = i
            }
            found += 1
        }
        var i = body
        // Eight bytes at a time: a byte is a tab exactly where `x` (the word xor tabs) has a zero
        // byte, which `(x & 7F…) + 7F…) | x` shows as a clear high bit (no carry crosses a byte).
        while found < 4, i + 8 <= end {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian ^ 0x0909_0909_0909_0909
            var zeros = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
            while zeros != 0, found < 4 {
                tab(at: i + zeros.trailingZeroBitCount / 8)
                zeros &= zeros &- 1
            }
            i += 8
        }
        while found < 4, i < end {
            if base[i] == RecordCodec.tab { tab(at: i) }
            i += 1
        }
        guard found >= 2 else { return nil }
        part = (tabs.0 + 1, tabs.1)
        let opFrom = tabs.1 + 1, opTo = found >= 3 ? tabs.2 : end
        guard let op = RecordOp.parse(base + opFrom, opTo - opFrom) else { return nil }
        var line = Line(start: body, length: Int32(end - body), numberLength: Int32(tabs.0 - body),
                        argumentFrom: -1, argumentTo: -1, id: 0, op: op, hasID: false,
                        plain: DeviceFile.isValidUTF8(base + body, end - body), number: 0)
        if found >= 3 {
            let from = tabs.2 + 1, to = found >= 4 ? tabs.3 : end
            line.argumentFrom = Int32(from - body)
            line.argumentTo = Int32(to - body)
            if let id = integer(base, from, to) {
                line.id = Int(id)
                line.hasID = true
            }
        }
        return line
    }

    /// PART/PARTS, the field `base[from..<to]`, read as the journal text's `Int` parsing reads
    /// them; nil unless 1 ≤ part ≤ parts.
    @inline(__always)
    private static func part(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> (Int, Int)? {
        var slash = from
        while slash < to, base[slash] != UInt8(ascii: "/") { slash += 1 }
        guard slash < to, let part = integer(base, from, slash), let parts = integer(base, slash + 1, to),
              parts >= 1, part >= 1, part <= parts else { return nil }
        return (Int(part), Int(parts))
    }

    /// `base[from..<to]` read as `Int64(String)` reads text: an optional sign, then ASCII digits,
    /// nil on anything else or overflow.
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int64? {
        var i = from
        var negative = false
        if i < to, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < to else { return nil }
        var value: Int64 = 0
        while i < to {
            let digit = base[i] &- 48
            guard digit < 10 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// True when `p[0..<count]` is well-formed UTF-8 (what String(decoding:) keeps byte for byte).
    @inline(__always)
    static func isValidUTF8(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        // ASCII eight bytes at a time: the common case.
        while i + 8 <= count {
            if UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < count {
            let b = p[i]
            if b < 0x80 { i += 1; continue }
            @inline(__always) func tail(_ k: Int) -> UInt8? { i + k < count && p[i + k] & 0xC0 == 0x80 ? p[i + k] : nil }
            switch b {
            case 0xC2...0xDF:
                guard tail(1) != nil else { return false }
                i += 2
            case 0xE0...0xEF:
                guard let b1 = tail(1), tail(2) != nil else { return false }
                if b == 0xE0, b1 < 0xA0 { return false }   // overlong
                if b == 0xED, b1 >= 0xA0 { return false }  // a surrogate
                i += 3
            case 0xF0...0xF4:
                guard let b1 = tail(1), tail(2) != nil, tail(3) != nil else { return false }
                if b == 0xF0, b1 < 0x90 { return false }   // overlong
                if b == 0xF4, b1 >= 0x90 { return false }  // above U+10FFFF
                i += 4
            default: return false
            }
        }
        return true
    }

    // MARK: fields

    /// Line `k`'s fields after the checksum: change, part, op, arguments (escaped, as written),
    /// split from its text as a journal line reads.
    func fields(_ k: Int) -> [Substring] {
        let line = lines[k]
        return buffer.withUnsafeBufferPointer { b in
            String(decoding: UnsafeBufferPointer(rebasing: b[line.start..<(line.start + Int(line.length))]), as: UTF8.self)
                .split(separator: "\t", omittingEmptySubsequences: false)
        }
    }

    /// The fields of every line of `change`.
    func records(_ change: ChangeLines) -> [[Substring]] { change.lines.map { fields($0) } }

    /// True when line `k`'s field 3 is exactly `text`.
    func argument(_ k: Int, is text: StaticString) -> Bool {
        let line = lines[k]
        guard line.argumentFrom >= 0, Int(line.argumentTo - line.argumentFrom) == text.utf8CodeUnitCount else { return false }
        return buffer.withUnsafeBufferPointer { b in
            memcmp(b.baseAddress! + line.start + Int(line.argumentFrom), text.utf8Start, text.utf8CodeUnitCount) == 0
        }
    }

    /// Picks up the device's identity from its `object device` record.
    private mutating func note(_ change: ChangeLines) {
        for k in change.lines where lines[k].op == .object {
            let f = fields(k)
            guard f.count >= 6, f[3] == "device", f[5] == "+" else { continue }
            if joinedAt == nil { joinedAt = change.number }
            if identityName == nil { identityName = String(f[4]) }
            for field in f.dropFirst(6) {
                if field.hasPrefix("uid=") { uid = String(field.dropFirst(4)) }
                if field.hasPrefix("base="), let b = Int(field.dropFirst(5)) { base = b }
                // A device that moved its space (DeviceSpaces) took it at the move.
                if field.hasPrefix("moved="), let clock = Int64(field.dropFirst(6)) { joinedAt = clock }
            }
        }
    }

    /// True when change `c` only says which device this is (it is not part of the ledger's history).
    func isIdentity(_ c: ChangeLines) -> Bool {
        c.lines.allSatisfy { lines[$0].op == .object && argument($0, is: "device") }
    }

    /// The ops of `change`'s lines.
    func ops(_ change: ChangeLines) -> [RecordOp] { change.lines.map { lines[$0].op } }

    /// The whole file, read without following a symbolic link; nil when it cannot be read
    /// (errno says why). Only a regular file is read: opening never waits (a FIFO put in the
    /// file's place is refused as one, not waited on).
    static func contents(of path: String) -> [UInt8]? {
        contentsAndStamp(of: path)?.bytes
    }

    /// `contents(of:)`, with the file's stamp as it was opened (before it was read).
    static func contentsAndStamp(of path: String) -> (bytes: [UInt8], stamp: LedgerState.FileStamp)? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            errno = (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EINVAL
            return nil
        }
        let stamp = LedgerState.FileStamp(info)
        guard let bytes = readAll(fd, info) else { return nil }
        return (bytes, stamp)
    }

    /// The bytes of the open regular file `fd` (`info`: its fstat), to its end; nil when a read fails.
    private static func readAll(_ fd: Int32, _ info: stat) -> [UInt8]? {
        var info = info
        // Read straight into a buffer of the file's size; a file still growing is read on in chunks.
        var out: [UInt8] = []
        if fstat(fd, &info) == 0, info.st_size > 0 {
            let size = Int(info.st_size)
            var failed = false
            out = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                while initialized < size {
                    let n = Glibc.read(fd, buffer.baseAddress! + initialized, size - initialized)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failed = true; break }
                    if n == 0 { break }
                    initialized += n
                }
            }
            if failed { return nil }
            if out.count < size { return out }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads the device files at `paths` (named `names`) at once, each on a thread of its own
    /// (the first on this one): a first open of a folder checks every line's checksum, the most
    /// of its reading, and the machine's other cores share it. Fails as reading them one by
    /// one would: with the first file, in order, that cannot be read.
    static func read(names: [String], paths: [String]) throws -> [DeviceFile] {
        final class Slot: @unchecked Sendable {
            var result: Result<DeviceFile, Error>?
        }
        let slots = names.map { _ in Slot() }
        // A few threads at a time: a folder of many devices does not start as many threads.
        let batch = 4
        for from in stride(from: 0, to: names.count, by: batch) {
            let range = from..<min(names.count, from + batch)
            let helpers = range.dropFirst().map { k in
                HelperThread { slots[k].result = Result { try DeviceFile.read(name: names[k], path: paths[k], headerDamage: true) } }
            }
            slots[from].result = Result { try DeviceFile.read(name: names[from], path: paths[from], headerDamage: true) }
            for helper in helpers { helper.join() }
        }
        return try slots.map { try $0.result!.get() }
    }

    /// Reads the device file at `path`. `headerDamage`: a first line that is not a journal
    /// header gives a file damaged at line 1 (`init(badHeader:)`) rather than an error.
    /// A file that vanished since the folder was listed (a sync tool or `git checkout` removes a
    /// file and writes it anew) reads as one still arriving: empty, read again next time.
    static func read(name: String, path: String, headerDamage: Bool = false) throws -> DeviceFile {
        guard let (bytes, stamp) = DeviceFile.contentsAndStamp(of: path) else {
            let failure = errno
            if failure == ENOENT { return try DeviceFile(name: name, path: path, bytes: []) }
            throw StoreError(.unreadable, path: path, errno: failure == 0 ? EIO : failure)
        }
        var file: DeviceFile
        do {
            file = try DeviceFile(name: name, path: path, bytes: bytes)
        } catch let error as StoreError where headerDamage && (error.kind == .notAJournal || error.kind == .unsupportedVersion) {
            file = DeviceFile(badHeader: name, path: path, size: bytes.count)
        }
        file.stamp = stamp
        return file
    }
}
