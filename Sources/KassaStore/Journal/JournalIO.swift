// JournalIO: the seam between the journal and the operating system's write path.
// Tests inject a failing implementation to prove that a failed write (disk full, EIO, a file
// grown past RLIMIT_FSIZE) leaves no partial record behind and surfaces as a StoreError.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CKassaSystem

public protocol JournalIO: Sendable {
    /// Writes some of `bytes` at the current offset of `fd`: returns how many were written,
    /// or `-errno` on failure (like write(2), with the error folded into the result).
    func write(fd: Int32, bytes: UnsafeRawBufferPointer) -> Int
    /// Flushes `fd` to stable storage: 0, or `-errno`.
    func sync(fd: Int32) -> Int32
    /// Asks the system to start writing `count` bytes at `offset` of `fd` to storage without
    /// waiting (a hint: the `sync` after a long run of writes then has little left to wait for).
    func startWriteback(fd: Int32, offset: Int, count: Int)
}

extension JournalIO {
    public func startWriteback(fd: Int32, offset: Int, count: Int) {}
}

/// The real thing: write(2) and fdatasync(2), retried on EINTR.
public struct SystemJournalIO: JournalIO {
    public init() {}

    public func write(fd: Int32, bytes: UnsafeRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
            let n = Glibc.write(fd, bytes.baseAddress, bytes.count)
            #else
            let n = Darwin.write(fd, bytes.baseAddress, bytes.count)
            #endif
            if n >= 0 { return n }
            if errno != EINTR { return -Int(errno) }
        }
    }

    /// Linux's sync_file_range(2) through CKassaSystem (Glibc's module map does not show it);
    /// a hint only, so its result is not looked at.
    public func startWriteback(fd: Int32, offset: Int, count: Int) {
        _ = kassa_start_writeback(fd, Int64(offset), Int64(count))
    }

    public func sync(fd: Int32) -> Int32 {
        while true {
            // fdatasync: the data and the file size, without timestamps — all an append needs.
            #if canImport(Glibc)
            if fdatasync(fd) == 0 { return 0 }
            #else
            if fsync(fd) == 0 { return 0 }
            #endif
            if errno != EINTR { return -errno }
        }
    }
}
