// Console: the program's one buffered writer for standard output and standard error. Output is
// gathered in a byte buffer and written with write(2) when it is flushed — by the session
// before it waits for the next line, by `kassa parse` when no more input is waiting, by a
// listing every 64 KiB, and at exit — so a live pipe still gets each answer at once, and a
// million lines cost a few hundred writes instead of a million. Errors are written at once,
// after the output said before them, so a person reads the complaint where it belongs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class Console {
    private var output: [UInt8] = []
    /// Past this many buffered bytes the output is written out, to keep memory flat.
    private let limit = 1 << 16

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
            flush()
            Console.write(UnsafeRawBufferPointer(bytes), to: 1)
            return
        }
        output.append(contentsOf: bytes)
        if output.count >= limit { flush() }
    }

    /// Lets a writer append to the buffer in place, then flushes if it grew past the limit.
    public func withOutput(_ body: (inout [UInt8]) -> Void) {
        body(&output)
        if output.count >= limit { flush() }
    }

    /// Writes what is buffered.
    public func flush() {
        guard !output.isEmpty else { return }
        output.withUnsafeBytes { Console.write($0, to: 1) }
        output.removeAll(keepingCapacity: true)
    }

    public static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes`, retrying on EINTR and short writes; a closed pipe ends it quietly.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return  // A closed pipe: nothing more can be said.
            }
            offset += written
        }
    }
}
