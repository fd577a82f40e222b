// Console: the program's one buffered writer for standard output and standard error. Output is
// gathered in a byte buffer and written with write(2) when it is flushed — by the session
// before it waits for the next line, by `kassa parse` when no more input is waiting, by a
// listing every 64 KiB, and at exit — so a live pipe still gets each answer at once, and a
// million lines cost a few hundred writes instead of a million. Errors are written at once,
// after the output said before them, so a person reads the complaint where it belongs.
// A failed write to standard output (a full disk under `> backup.jsonl`, an I/O error) is kept
// and said at exit with status 3 (KassaApp.finishOutput); a closed pipe is not a failure.

import KassaStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class Console {
    private var output: [UInt8] = []
    /// Past this many buffered bytes the output is written out, to keep memory flat.
    private let limit = 1 << 16
    /// The first errno a write to standard output failed with (EPIPE excepted).
    public private(set) var outputFailure: Int32?

    public init() {
        output.reserveCapacity(limit + 4096)
    }

    /// Buffers the output lines; writes error lines at once (after the output before them).
    public func write(_ lines: [OutputLine]) {
        for line in lines {
            if line.stream == .error {
                flush()
                var text = line.text
                text += "\n"
                Console.write(text, to: 2)
            } else {
                output.append(contentsOf: line.text.utf8)
                output.append(10)
            }
        }
        if output.count >= limit { flush() }
    }

    /// Buffers raw output bytes (already-encoded JSON or text lines, newline included).
    public func append(_ bytes: [UInt8]) {
        output.append(contentsOf: bytes)
        if output.count >= limit { flush() }
    }

    /// Buffers raw output bytes; a block past the limit is written out as it is, not copied.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= limit {
            writeDirectly(UnsafeRawBufferPointer(bytes))
            return
        }
        output.append(contentsOf: bytes)
        if output.count >= limit { flush() }
    }

    /// Writes what is buffered, then `bytes` as they are (a large block, not copied).
    public func writeDirectly(_ bytes: UnsafeRawBufferPointer) {
        flush()
        let failure = Console.write(bytes, to: 1)
        if let failure, failure != EPIPE, outputFailure == nil { outputFailure = failure }
    }

    /// Lets a writer append to the buffer in place, then flushes if it grew past the limit.
    public func withOutput(_ body: (inout [UInt8]) -> Void) {
        body(&output)
        if output.count >= limit { flush() }
    }

    /// Writes what is buffered.
    public func flush() {
        guard !output.isEmpty else { return }
        let failure = output.withUnsafeBytes { Console.write($0, to: 1) }
        if let failure, failure != EPIPE, outputFailure == nil { outputFailure = failure }
        output.removeAll(keepingCapacity: true)
    }

    public static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Standard output made durable and closed: a regular file is fsynced (a full disk some file
    /// systems report only then), and close's own error counts. The first failure, as errno.
    public func finish() -> Int32? {
        flush()
        var info = stat()
        if outputFailure == nil, fstat(1, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
           fsync(1) != 0, errno != EINVAL {
            outputFailure = errno
        }
        if close(1) != 0, outputFailure == nil, errno != EINTR, errno != EBADF { outputFailure = errno }
        return outputFailure
    }

    /// Writes all of `bytes` (SafeFile.writeAll: EINTR and short writes retried); errno when a
    /// write fails (a closed pipe gives EPIPE, which the caller takes as the reader's choice).
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        SafeFile.writeAll(bytes, to: descriptor)?.code
    }
}
