// SafeFile: how kassa puts a whole file at a path it was asked to write (the config file, an
// installed binary or page, an export, a snapshot, the line history). A temporary file is made
// beside the target — in the target's own folder, so the rename stays on one file system — with
// O_EXCL and O_NOFOLLOW: a name someone planted (a symlink to /etc/passwd, a file of theirs) is
// never opened, followed, truncated or re-moded; another free name is taken instead. Every write
// is checked; the file is fsynced and closed (both checked) before it is renamed over the target,
// and the folder is fsynced after. Failures come back as errno, and leave nothing behind.

#if canImport(Glibc)
import Glibc
#endif

public enum SafeFile {
    /// An open temporary file beside a target.
    public struct Temporary {
        public let descriptor: Int32
        public let path: String
        public let target: String
    }

    /// Creates a new temporary file beside `target` with `mode`; errno when it cannot.
    public static func create(beside target: String, mode: mode_t) -> Result<Temporary, Errno> {
        var attempt = 0
        while true {
            attempt += 1
            let random = UInt64.random(in: 0...UInt64.max)
            let path = target + ".kassa-tmp-\(getpid())-" + String(random, radix: 36)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 {
                // The umask may have narrowed the mode; the file is new and ours, so this is safe.
                _ = fchmod(descriptor, mode)
                return .success(Temporary(descriptor: descriptor, path: path, target: target))
            }
            let failure = errno
            if failure == EINTR || (failure == EEXIST && attempt < 16) { continue }
            return .failure(Errno(failure))
        }
    }

    /// Writes all of `bytes` (retrying short writes and EINTR); errno when a write fails.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Errno? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return Errno(errno)
            }
            if written == 0 { return Errno(EIO) }
            offset += written
        }
        return nil
    }

    /// Writes all of `bytes` at `offset` of the file (pwrite: the descriptor's offset unmoved, so
    /// two threads may write their own parts of one file); errno when a write fails.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Errno? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                return Errno(errno)
            }
            if written == 0 { return Errno(EIO) }
            done += written
        }
        return nil
    }

    /// fsync, close and rename the temporary over its target, then fsync the folder. On any
    /// failure the temporary is removed and the target left as it was (errno returned).
    public static func commit(_ temporary: Temporary) -> Errno? {
        var failure: Int32 = 0
        if fsync(temporary.descriptor) != 0 { failure = errno }
        if close(temporary.descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
        if failure == 0, rename(temporary.path, temporary.target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            return Errno(failure)
        }
        return syncFolder(of: temporary.target)
    }

    /// Closes and removes a temporary that will not be used.
    public static func discard(_ temporary: Temporary) {
        close(temporary.descriptor)
        unlink(temporary.path)
    }

    /// Puts `bytes` at `path` with `mode` (create, write, commit); errno on failure.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) -> Errno? {
        let temporary: Temporary
        switch create(beside: path, mode: mode) {
        case .success(let made): temporary = made
        case .failure(let failure): return failure
        }
        if let failure = bytes.withUnsafeBytes({ writeAll($0, to: temporary.descriptor) }) {
            discard(temporary)
            return failure
        }
        return commit(temporary)
    }

    /// fsync of the folder holding `path`, so a created or renamed entry survives a crash.
    public static func syncFolder(of path: String) -> Errno? {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return Errno(errno) }
        defer { close(descriptor) }
        // Some file systems cannot sync a folder at all (EINVAL): nothing more can be done there.
        if fsync(descriptor) != 0, errno != EINVAL { return Errno(errno) }
        return nil
    }

    /// An errno value, as an Error for Result.
    public struct Errno: Error, Equatable {
        public let code: Int32
        public init(_ code: Int32) { self.code = code }
        /// The system's words for it ("No space left on device").
        public var reason: String { String(cString: strerror(code)) }
    }
}
