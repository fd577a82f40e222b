// JournalFile: the journal's file descriptor — creating it (0600; kassa's own directory 0700, never
// the parents of a path the person gave), the advisory
// lock (flock) held around every read-modify-append, reading the bytes other processes appended,
// and appending a change all-or-nothing: write, fsync, and on any failure truncate back.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class JournalFile {
    let path: String
    private(set) var fd: Int32
    private(set) var writable: Bool
    let io: JournalIO
    /// How long `lock()` waits for another process before giving up with `.locked`.
    var lockTimeoutMilliseconds = 15_000
    private var device: UInt64 = 0
    private var inode: UInt64 = 0
    /// The file did not exist when a read-only open found it missing: an empty stand-in is read.
    private var absent = false

    private init(path: String, fd: Int32, writable: Bool, io: JournalIO) {
        self.path = path
        self.fd = fd
        self.writable = writable
        self.io = io
    }

    deinit { close(fd) }

    /// Opens the journal file; `create: false` (check, repair) fails on a missing file instead.
    /// `createDirectories`: make the missing directories of `path` (0700) — only for kassa's
    /// default data directory; a path the person gave must already have its directory.
    /// `readOnly`: a missing file is read as an empty journal and not created (`list`, `import
    /// --dry-run` write nothing, that file included); it stays unwritable.
    static func open(path: String, io: JournalIO, create: Bool = true, createDirectories: Bool = false,
                     readOnly: Bool = false) throws -> JournalFile {
        // A write past RLIMIT_FSIZE must come back as EFBIG (and a kept draft), not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw StoreError(.isDirectory, path: path)
        }
        if !create, !exists(path) { throw StoreError(.unreadable, path: path, errno: ENOENT) }
        if readOnly, couldBeCreated(path) {
            let fd = Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw StoreError(.unreadable, path: path, errno: errno) }
            let file = JournalFile(path: path, fd: fd, writable: false, io: io)
            file.absent = true
            return file
        }
        if createDirectories { try makeParentDirectories(of: path) }
        let (fd, writable) = try openDescriptor(path)
        let file = JournalFile(path: path, fd: fd, writable: writable, io: io)
        try file.rememberIdentity()
        return file
    }

    private static func openDescriptor(_ path: String) throws -> (Int32, Bool) {
        var fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 { return (fd, true) }
        let writeError = errno
        if writeError == EISDIR { throw StoreError(.isDirectory, path: path, errno: writeError) }
        if writeError == EACCES || writeError == EROFS || writeError == EPERM {
            fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 { return (fd, false) }
        }
        throw StoreError(.unreadable, path: path, errno: errno)
    }

    /// `mkdir -p` of the journal's directory, each created directory 0700.
    private static func makeParentDirectories(of path: String) throws {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in components where !component.isEmpty {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw StoreError(.unwritable, path: prefix, errno: errno)
            }
        }
    }

    private func rememberIdentity() throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(.unreadable, path: path, errno: errno) }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Takes the exclusive lock. Returns true when the file at `path` was replaced (by repair or
    /// compaction in another process) since it was opened: the caller must reload from scratch.
    func lock() throws -> Bool {
        var waited = 0
        var pause = 1
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw StoreError(.locked, path: path, errno: errno) }
            guard waited < lockTimeoutMilliseconds else { throw StoreError(.locked, path: path, errno: EWOULDBLOCK) }
            usleep(UInt32(pause * 1000))
            waited += pause
            pause = min(pause * 2, 20)
        }
        var info = stat()
        if absent, !JournalFile.exists(path) { return false }
        if !absent, stat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode { return false }
        // Replaced or removed (or made since a read-only open found none): open whatever is at
        // the path now, and lock that instead.
        absent = false
        flock(fd, LOCK_UN)
        close(fd)
        (fd, writable) = try JournalFile.openDescriptor(path)
        try rememberIdentity()
        _ = try lock()
        return true
    }

    func unlock() { flock(fd, LOCK_UN) }

    /// The inode of the file open now (a ledger checks its view is the file it just wrote).
    var inodeNumber: UInt64 { inode }

    /// Takes group and other permissions off the journal (a 0644 file becomes 0600). Returns the
    /// old mode when it changed something, nil when the mode was already private or cannot change.
    func tightenPermissions() -> mode_t? {
        var info = stat()
        guard writable, fstat(fd, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
        let old = info.st_mode & 0o7777
        guard fchmod(fd, old & ~0o077) == 0 else { return nil }
        return old
    }

    func size() throws -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(.unreadable, path: path, errno: errno) }
        return Int(info.st_size)
    }

    /// Reads the file's bytes in `range` to `base` (its byte k at `base + k`): how many were read
    /// before the file ended, and 0 or the errno that stopped the read. Every read of the journal
    /// goes through here; safe from two threads at once.
    private func read(_ range: Range<Int>, to base: UnsafeMutableRawPointer) -> (count: Int, error: Int32) {
        var done = 0
        while done < range.count {
            let n = pread(fd, base + done, range.count - done, off_t(range.lowerBound + done))
            if n < 0, errno == EINTR { continue }
            if n < 0 { return (done, errno) }
            if n == 0 { break }
            done += n
        }
        return (done, 0)
    }

    /// Replaces `buffer`'s contents with the file's bytes in `range`, reusing its memory; false
    /// when the file is shorter.
    func read(_ range: Range<Int>, into buffer: inout [UInt8]) throws -> Bool {
        buffer.removeAll(keepingCapacity: true)
        guard !range.isEmpty else { return true }
        buffer.append(contentsOf: repeatElement(0, count: range.count))
        let (count, error) = buffer.withUnsafeMutableBytes { read(range, to: $0.baseAddress!) }
        guard error == 0 else { throw StoreError(.unreadable, path: path, errno: error) }
        return count == range.count
    }

    /// The file's bytes in `range`, or nil when the file is shorter.
    func read(_ range: Range<Int>) throws -> [UInt8]? {
        var out: [UInt8] = []
        return try read(range, into: &out) ? out : nil
    }

    /// The ContentHash of the file's bytes in `range`, read through a small buffer (nothing of a
    /// big journal is kept); nil when the file is shorter. Safe to call from two threads at once.
    func contentHash(of range: Range<Int>) throws -> UInt64? {
        var hasher = ContentHash()
        let piece = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: piece, alignment: 16)
        defer { buffer.deallocate() }
        var done = range.lowerBound
        while done < range.upperBound {
            let wanted = done..<min(done + piece, range.upperBound)
            let (count, error) = read(wanted, to: buffer)
            guard error == 0 else { throw StoreError(.unreadable, path: path, errno: error) }
            guard count == wanted.count else { return nil }
            hasher.update(UnsafeRawBufferPointer(start: buffer, count: count))
            done += count
        }
        return hasher.finish()
    }

    /// The file's first `size` bytes as a buffer of that size in which only `ranges` are read;
    /// the rest is left unread (and, in a big buffer, costs no memory until `fill` reads it).
    /// Nil when the file is shorter than a range.
    func readSparse(size: Int, ranges: [Range<Int>]) throws -> [UInt8]? {
        var error: Int32 = 0, whole = true
        // Room past the end (untouched pages cost nothing): what others append later is read
        // onto it without moving the whole journal (a ledger view picking up another device).
        let buffer = [UInt8](unsafeUninitializedCapacity: size + JournalFile.slack(size)) { raw, initialized in
            for range in ranges where error == 0 && whole {
                let read = read(range, to: raw.baseAddress! + range.lowerBound)
                (error, whole) = (read.error, read.count == range.count)
            }
            initialized = size
        }
        guard error == 0 else { throw StoreError(.unreadable, path: path, errno: error) }
        return whole ? buffer : nil
    }

    /// Reads the file's bytes in `range` into place in `buffer`: false when the file is shorter
    /// now or cannot be read, and then what it lacked is zeros (never bytes of an earlier buffer).
    func fill(_ buffer: inout [UInt8], _ range: Range<Int>) -> Bool {
        precondition(range.upperBound <= buffer.count)
        return buffer.withUnsafeMutableBufferPointer { raw in
            let base = raw.baseAddress! + range.lowerBound
            let (count, error) = read(range, to: base)
            if count < range.count { (base + count).initialize(repeating: 0, count: range.count - count) }
            return error == 0 && count == range.count
        }
    }

    /// Spare capacity for a journal's bytes read whole: 1/64 of them.
    static func slack(_ size: Int) -> Int { size / 64 }

    /// From this many bytes on, a read is done in two halves on two threads.
    static let splitRead = 16 << 20

    /// Appends the file's bytes from `offset` to its end onto `buffer`.
    func read(from offset: Int, into buffer: inout [UInt8]) throws {
        let total = try size()
        guard total > offset else { return }
        let wanted = total - offset
        var failure: Int32 = 0
        // Read straight into uninitialized capacity: no zero-filling pass over a 100 MB journal.
        let chunk = [UInt8](unsafeUninitializedCapacity: wanted + (buffer.isEmpty ? JournalFile.slack(wanted) : 0)) { raw, initialized in
            let base = raw.baseAddress!
            /// Reads `count` bytes at `at` (from `offset`) into place: 0, or the errno.
            func fill(_ at: Int, _ count: Int) -> Int32 {
                let read = read(offset + at..<offset + at + count, to: base + at)
                return read.error != 0 ? read.error : read.count == count ? 0 : EIO
            }
            if wanted >= JournalFile.splitRead {
                // The kernel's copy (and the zeroing of fresh pages) is a third of opening a big
                // journal: the second half is read on the other core at the same time.
                let half = wanted / 2
                var second: Int32 = 0
                let helper = HelperThread { second = fill(half, wanted - half) }
                failure = fill(0, half)
                helper.join()
                if failure == 0 { failure = second }
            } else {
                failure = fill(0, wanted)
            }
            initialized = failure == 0 ? wanted : 0
        }
        guard failure == 0 else { throw StoreError(.unreadable, path: path, errno: failure) }
        if buffer.isEmpty { buffer = chunk } else { buffer.append(contentsOf: chunk) }
    }

    /// Writes `bytes` at the end (which must be `length`) and, unless `sync` is false, fsyncs.
    /// On any failure the file is truncated back to `length`, so no partial record is left, and
    /// the error is thrown. A caller writing a change in pieces syncs once, after the last
    /// (`sync(keeping:)`): the change counts only when whole, so the pieces before need no flush
    /// of their own.
    func append(_ bytes: [UInt8], at length: Int, sync: Bool = true) throws {
        try bytes.withUnsafeBytes { try append($0, at: length, sync: sync) }
    }

    func append(_ raw: UnsafeRawBufferPointer, at length: Int, sync: Bool = true) throws {
        guard writable else { throw StoreError(.readOnly, path: path) }
        var failure: Int32 = 0
        write: do {
            guard lseek(fd, off_t(length), SEEK_SET) >= 0 else { failure = errno; break write }
            var done = 0
            while done < raw.count {
                let n = io.write(fd: fd, bytes: UnsafeRawBufferPointer(rebasing: raw[done...]))
                if n < 0 { failure = Int32(-n); break write }
                if n == 0 { failure = EIO; break write }
                done += n
            }
            guard sync else { break write }
            let synced = io.sync(fd: fd)
            if synced < 0 { failure = -synced }
        }
        try cutBack(to: length, failure: failure)
    }

    /// Starts writing `count` bytes at `offset` to storage in the background (pieces of a large
    /// change, so that the one fsync after its last piece has little left to wait for).
    func startWriteback(offset: Int, count: Int) {
        io.startWriteback(fd: fd, offset: offset, count: count)
    }

    /// Flushes what was appended since `length` (pieces written with `sync: false`); on failure
    /// cuts the file back to `length` and throws, like a failed `append`.
    func sync(keeping length: Int) throws {
        guard writable else { throw StoreError(.readOnly, path: path) }
        let synced = io.sync(fd: fd)
        try cutBack(to: length, failure: synced < 0 ? -synced : 0)
    }

    /// After a failed write or sync (`failure` is its errno, 0 for none): cuts the partial
    /// record off (best effort, made durable) and throws the error the failure stands for.
    private func cutBack(to length: Int, failure: Int32) throws {
        guard failure != 0 else { return }
        _ = ftruncate(fd, off_t(length))
        _ = fsync(fd)
        switch failure {
        case ENOSPC, EDQUOT: throw StoreError(.noSpace, path: path, errno: failure)
        case EFBIG: throw StoreError(.tooLarge, path: path, errno: failure)
        case EROFS, EBADF, EACCES, EPERM: throw StoreError(.readOnly, path: path, errno: failure)
        default: throw StoreError(.unwritable, path: path, errno: failure)
        }
    }

    /// Cuts the file to `length` durably (used when a torn tail has been moved aside).
    func truncate(to length: Int) throws {
        guard writable else { throw StoreError(.readOnly, path: path) }
        guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else {
            throw StoreError(.unwritable, path: path, errno: errno)
        }
    }

    /// fsync of the directory holding `path`, so a created or renamed entry survives a crash.
    /// errno when it failed (a folder that cannot be synced at all, EINVAL, is not a failure).
    @discardableResult
    static func syncDirectory(of path: String) -> Int32? {
        SafeFile.syncFolder(of: path)?.code
    }

    /// syncDirectory for a replaced file: a rename that may not survive a crash is a failure to say.
    static func syncDirectoryOrThrow(of path: String) throws {
        if let failure = syncDirectory(of: path) {
            throw StoreError(.unwritable, path: path, errno: failure)
        }
    }

    /// Writes `bytes` to a new file `path` (0600) durably; fails if it exists.
    /// Puts `bytes` at `path` atomically: a new temporary file beside it (fsynced by
    /// writeNewFile), rename over the old one, fsync of the directory. Readers see the old file
    /// or the new one, never a mix.
    static func replaceAtomically(_ path: String, with bytes: [UInt8], stem: String) throws {
        let temporary = JournalRecovery.freeSidePath(for: path, stem: stem)
        try writeNewFile(temporary, bytes)
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw StoreError(.unwritable, path: path, errno: failure)
        }
        try syncDirectoryOrThrow(of: path)
    }

    /// `replaceAtomically` for repair: `path` is the real file (symlinks already resolved, so the
    /// link stays a link and the file it points to is what gets repaired); the new file gets the
    /// old one's mode and, where permitted, its owner and group (a repair run as root must not
    /// lock the person out of their journal).
    /// `syncFolder` is the folder's fsync (a test's fault seam: a folder cannot be made to fail one).
    static func replaceKeepingOwner(_ path: String, with bytes: [UInt8], stem: String,
                                    syncFolder: (String) -> Int32? = { syncDirectory(of: $0) }) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StoreError(.unreadable, path: path, errno: errno) }
        let temporary = JournalRecovery.freeSidePath(for: path, stem: stem)
        try writeNewFile(temporary, bytes) { fd in
            _ = fchown(fd, info.st_uid, info.st_gid)
            _ = fchmod(fd, info.st_mode & 0o7777)
        }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw StoreError(.unwritable, path: path, errno: failure)
        }
        if let failure = syncFolder(path) { throw StoreError(.unwritable, path: path, errno: failure) }
    }

    static func writeNewFile(_ path: String, _ bytes: [UInt8], prepare: (Int32) -> Void = { _ in }) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError(.unwritable, path: path, errno: errno) }
        defer { close(fd) }
        prepare(fd)
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { failure = errno; return }
                done += n
            }
            if fsync(fd) != 0 { failure = errno }
        }
        guard failure == 0 else {
            unlink(path)
            throw StoreError(.unwritable, path: path, errno: failure)
        }
        syncDirectory(of: path)
    }

    /// Whether nothing is at `path` yet but its folder is there (an open that creates would
    /// make it); a path under a missing folder or a file is not, and fails as ever.
    static func couldBeCreated(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) != 0, errno == ENOENT else { return false }
        let folder = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        return stat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
