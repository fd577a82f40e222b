// LedgerState: what a ledger's merged view was built from, kept beside the view in the cache
// (`<hash>.state`) so the next open need not read the folder again (Ledger.swift: THE CACHE).
// For every device file: its size, how much of it the view holds (up to its last complete
// change), its inode and mtime, and hashes of its first and last consumed bytes (to tell a file
// that only grew from one replaced by other content), what reading left out (DeviceDamage) and
// the highest transaction id it names; for the view: its inode, size and mtime;
// and the merge state that admitting later changes needs (LedgerMerge: RESUMING): where each
// merged change came from, the records the merge changed, the conflicts, the last change read.
//
// The file is a cache: written to a temporary beside it and renamed (every write checked; not
// fsynced — after a crash an old or torn state fails its checks and the view is rebuilt), and
// ending in a ContentHash of everything before it. Anything that does not decode, or does not
// describe the files as they are, is ignored: the view is rebuilt, never trusted.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

struct LedgerState: Equatable {
    /// One device file as the view last read it.
    struct Mark: Equatable {
        var name: String
        var inode: UInt64 = 0
        var mtime: Int64 = 0
        /// The file's size when read, and where its last complete change ends.
        var size = 0
        var validEnd = 0
        /// Line number of the line at `validEnd`, and the last change number before it.
        var nextLine = 1
        var lastNumber: Int64 = 0
        /// ContentHash of the first and the last (up to) `LedgerState.probe` bytes before `validEnd`.
        var headHash: UInt64 = 0
        var tailHash: UInt64 = 0
        var uid: String?
        var base: Int?
        var stoppedAt: Int?
        var damage: [DeviceDamage] = []
        var topID = 0
    }

    /// The view file as written.
    struct FileStamp: Equatable {
        var inode: UInt64 = 0
        var size = 0
        var mtime: Int64 = 0
    }

    static let magic = Array("kassa-ledger-state\t2\n".utf8)
    /// How many bytes at each end of a device file's consumed part are hashed.
    static let probe = 4096

    var marks: [Mark] = []
    var copies: [String] = []
    var view = FileStamp()
    var origins: [LedgerMerge.Origin] = []
    /// Records the merge changed (groups kept from another device), as their device wrote them.
    var raws: [LedgerMerge.Raw] = []
    var conflicts: [LedgerConflict] = []
    /// The last change read (number, device index): a new change must sort after it to be
    /// admitted without a rebuild.
    var lastConsumed = LedgerMerge.Origin(device: -1, number: 0)
    var highest: Int64 = 0

    // MARK: files

    static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The hashes of the first and last `probe` bytes before `end` of the file at `path`; nil
    /// when it cannot be read that far.
    static func probes(_ path: String, end: Int) -> (UInt64, UInt64)? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let head = readRange(fd, 0..<min(probe, end)),
              let tail = readRange(fd, max(0, end - probe)..<end) else { return nil }
        return (hash(head), hash(tail))
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hasher = ContentHash()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// The bytes of `range` of the open file `fd`; nil when it is shorter or a read fails.
    static func readRange(_ fd: Int32, _ range: Range<Int>) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return nil }
            done += n
        }
        return out
    }

    /// A mark for a device file just read whole or in part (`device`: what reading found). The
    /// hashes are of the bytes read when it was read whole; else the file is read for them: nil
    /// when it no longer holds that many bytes.
    static func mark(of device: DeviceFile, stamp: FileStamp) -> Mark? {
        let end = device.validEnd
        var hashes: (UInt64, UInt64)?
        if device.buffer.count >= end, device.buffer.count == device.size, end >= 0 {
            hashes = (hash(Array(device.buffer[0..<min(probe, end)])), hash(Array(device.buffer[max(0, end - probe)..<end])))
        } else {
            hashes = probes(device.path, end: end)
        }
        guard let (head, tail) = hashes else { return nil }
        return Mark(name: device.name, inode: stamp.inode, mtime: stamp.mtime, size: device.size, validEnd: end,
                    nextLine: device.nextLine, lastNumber: device.lastNumber, headHash: head, tailHash: tail,
                    uid: device.uid, base: device.base, stoppedAt: device.stoppedAt, damage: device.damage, topID: device.topID)
    }

    /// A mark for a device file that no longer reads as it was read (it shrank or vanished
    /// meanwhile): the next look at it finds it changed and reads it again.
    static func unsure(_ device: DeviceFile) -> Mark {
        Mark(name: device.name, inode: 0, mtime: 0, size: -1, validEnd: device.validEnd, nextLine: 1, lastNumber: device.lastNumber,
             uid: device.uid, base: device.base, stoppedAt: device.stoppedAt, damage: device.damage, topID: device.topID)
    }

    // MARK: encoding

    func encoded() -> [UInt8] {
        var w = Writer()
        w.bytes = LedgerState.magic
        w.int(marks.count)
        for m in marks {
            w.string(m.name); w.int(Int64(bitPattern: m.inode)); w.int(m.mtime); w.int(m.size); w.int(m.validEnd)
            w.int(m.nextLine); w.int(m.lastNumber); w.int(Int64(bitPattern: m.headHash)); w.int(Int64(bitPattern: m.tailHash))
            w.optionalString(m.uid); w.int(m.base.map(Int64.init) ?? -1); w.int(m.stoppedAt.map(Int64.init) ?? -1)
            w.int(m.topID)
            w.int(m.damage.count)
            for d in m.damage { w.int(d.line); w.int(d.count); w.string(d.kind.rawValue); w.string(d.detail) }
        }
        w.int(copies.count)
        for c in copies { w.string(c) }
        w.int(Int64(bitPattern: view.inode)); w.int(view.size); w.int(view.mtime)
        w.int(lastConsumed.device); w.int(lastConsumed.number); w.int(highest)
        w.int(origins.count)
        for o in origins { w.int(o.device); w.int(o.number) }
        w.int(raws.count)
        for r in raws { w.int(Int(r.change)); w.int(r.id); w.string(r.record) }
        w.int(conflicts.count)
        for c in conflicts {
            w.int(c.transaction); w.string(c.field); w.string(c.kept); w.int(c.values.count)
            for v in c.values { w.string(v.device); w.string(v.value); w.int(v.at) }
        }
        w.int(Int64(bitPattern: LedgerState.hash(w.bytes)))
        return w.bytes
    }

    /// The state in `bytes`; nil when it is not one whole, intact state file.
    static func decode(_ bytes: [UInt8]) -> LedgerState? {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
        let body = Array(bytes[..<(bytes.count - 8)])
        var r = Reader(bytes: bytes, at: bytes.count - 8)
        guard let sum = r.int(), UInt64(bitPattern: sum) == hash(body) else { return nil }
        r = Reader(bytes: body, at: magic.count)
        var s = LedgerState()
        guard let markCount = r.count() else { return nil }
        for _ in 0..<markCount {
            guard let name = r.string(), let inode = r.int(), let mtime = r.int(), let size = r.int(), let validEnd = r.int(),
                  let nextLine = r.int(), let lastNumber = r.int(), let head = r.int(), let tail = r.int(),
                  let uid = r.optionalString(), let base = r.int(), let stopped = r.int(), let topID = r.int(),
                  let damageCount = r.count() else { return nil }
            var damage: [DeviceDamage] = []
            for _ in 0..<damageCount {
                guard let line = r.int(), let count = r.int(), let kind = r.string().flatMap(DeviceDamage.Kind.init(rawValue:)),
                      let detail = r.string() else { return nil }
                damage.append(DeviceDamage(line: Int(line), count: Int(count), kind: kind, detail: detail))
            }
            s.marks.append(Mark(name: name, inode: UInt64(bitPattern: inode), mtime: mtime, size: Int(size), validEnd: Int(validEnd),
                                nextLine: Int(nextLine), lastNumber: lastNumber, headHash: UInt64(bitPattern: head),
                                tailHash: UInt64(bitPattern: tail), uid: uid, base: base < 0 ? nil : Int(base),
                                stoppedAt: stopped < 0 ? nil : Int(stopped), damage: damage, topID: Int(topID)))
        }
        guard let copyCount = r.count() else { return nil }
        for _ in 0..<copyCount { guard let c = r.string() else { return nil }; s.copies.append(c) }
        guard let inode = r.int(), let size = r.int(), let mtime = r.int(), let lastDevice = r.int(), let lastNumber = r.int(),
              let highest = r.int(), let originCount = r.count() else { return nil }
        s.view = FileStamp(inode: UInt64(bitPattern: inode), size: Int(size), mtime: mtime)
        s.lastConsumed = LedgerMerge.Origin(device: Int(lastDevice), number: lastNumber)
        s.highest = highest
        s.origins.reserveCapacity(originCount)
        for _ in 0..<originCount {
            guard let device = r.int(), let number = r.int(), device >= 0, device < s.marks.count else { return nil }
            s.origins.append(LedgerMerge.Origin(device: Int(device), number: number))
        }
        guard let rawCount = r.count() else { return nil }
        for _ in 0..<rawCount {
            guard let change = r.int(), let id = r.int(), let record = r.string(), change >= 0, change < s.origins.count
            else { return nil }
            s.raws.append(LedgerMerge.Raw(change: Int32(change), id: Int(id), record: record))
        }
        guard let conflictCount = r.count() else { return nil }
        for _ in 0..<conflictCount {
            guard let transaction = r.int(), let field = r.string(), let kept = r.string(), let valueCount = r.count() else { return nil }
            var values: [LedgerConflict.Value] = []
            for _ in 0..<valueCount {
                guard let device = r.string(), let value = r.string(), let at = r.int() else { return nil }
                values.append(.init(device: device, value: value, at: at))
            }
            s.conflicts.append(LedgerConflict(transaction: Int(transaction), field: field, values: values, kept: kept))
        }
        guard r.at == body.count else { return nil }
        return s
    }

    /// Reads the state at `path`; nil when missing or not intact.
    static func load(_ path: String) -> LedgerState? {
        DeviceFile.contents(of: path).flatMap(decode)
    }

    /// Writes the state to `path` through a temporary beside it, renamed over it. A cache: no
    /// fsync (a state lost or torn by a crash fails its checks and the view is rebuilt).
    func save(to path: String) throws {
        try Ledger.writeCache(encoded(), to: path)
    }

    /// Removes the state at `path` (the view it describes is about to change in a way it does not record).
    static func forget(_ path: String) { unlink(path) }

    private struct Writer {
        var bytes: [UInt8] = []
        mutating func int(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func int(_ v: Int) { int(Int64(v)) }
        mutating func string(_ s: String) { let u = Array(s.utf8); int(u.count); bytes.append(contentsOf: u) }
        mutating func optionalString(_ s: String?) { if let s { int(1); string(s) } else { int(0) } }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        mutating func int() -> Int64? {
            guard at + 8 <= bytes.count else { return nil }
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            at += 8
            return Int64(bitPattern: v)
        }
        /// A count of items that follow: never more than there are bytes left (a damaged count
        /// must not make the reader allocate).
        mutating func count() -> Int? {
            guard let n = int(), n >= 0, n <= bytes.count - at else { return nil }
            return Int(n)
        }
        mutating func string() -> String? {
            guard let n = count(), at + n <= bytes.count else { return nil }
            defer { at += n }
            return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
        }
        mutating func optionalString() -> Optional<String?> {
            guard let flag = int() else { return nil }
            if flag == 0 { return .some(nil) }
            guard flag == 1, let s = string() else { return nil }
            return .some(s)
        }
    }
}

extension LedgerState.FileStamp {
    init(_ info: stat) {
        self.init(inode: UInt64(info.st_ino), size: Int(info.st_size),
                  mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
