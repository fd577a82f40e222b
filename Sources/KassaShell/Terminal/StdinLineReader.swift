// StdinLineReader: the non-terminal LineReader. Reads a file descriptor (stdin by default) with
// read(2) in chunks and hands out each line as soon as its newline arrives, so a live pipe
// (`dictation-tool | kassa`) is answered line by line instead of at EOF. Never prints a prompt.
//
// Invariants: the unread part of `pending` never holds more than `maximumLineBytes` + one
// chunk; a line over the limit is counted to its end but not kept (`discarding`), so a 1 GB
// line costs no memory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class StdinLineReader: LineReader {
    /// Longest line accepted, in bytes of UTF-8 without the line terminator.
    public static let maximumLineBytes = LineLimits.maximumLineBytes

    public var completer: Completer?

    private let fileDescriptor: Int32
    private let chunkSize: Int
    /// Bytes read but not yet returned start at `lineStart` (bytes before it were handed out
    /// and are dropped at the next read, not per line: no memmove per line).
    private var pending: [UInt8] = []
    private var lineStart = 0
    /// Where to resume the newline search (bytes from `lineStart` up to it have no newline).
    private var scanned = 0
    /// The newline `nextNewline` found last (at or after `scanned`), or -1.
    private var knownNewline = -1
    /// Set while skipping the rest of an over-long line; holds its byte count so far.
    private var discarding: Int?
    private var reachedEnd = false
    private var isFirstLine = true
    private var chunk: [UInt8]

    /// - Parameters:
    ///   - fileDescriptor: where lines come from; not closed by the reader.
    ///   - chunkSize: bytes per read(2); small values exist for tests.
    public init(fileDescriptor: Int32 = 0, chunkSize: Int = 16_384) {
        self.fileDescriptor = fileDescriptor
        self.chunkSize = max(1, chunkSize)
        chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// Plain stdin shows no prompt.
    public var showsPrompt: Bool { false }

    public func readLine(prompt: String) -> LineInput {
        while true {
            if let line = takeLine() { return line }
            if reachedEnd { return takeLastLine() }
            fill()
        }
    }

    /// A line can be returned without reading: a whole line is buffered, or the input ended.
    public var hasBufferedLine: Bool {
        if reachedEnd { return true }
        return nextNewline() != nil
    }

    /// Where the next newline is in `pending`, searched with memchr from where the last search
    /// stopped; `kassa parse` asks before every line, so the answer is kept for `takeLine`.
    private func nextNewline() -> Int? {
        let from = max(scanned, lineStart)
        if knownNewline >= from { return knownNewline }
        guard from < pending.count else { return nil }
        let found = pending.withUnsafeBufferPointer { buffer -> Int? in
            guard let hit = memchr(buffer.baseAddress! + from, 10, buffer.count - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(buffer.baseAddress!)
        }
        knownNewline = found ?? -1
        return found
    }

    /// More bytes can be read at once without blocking (poll with no wait).
    public var inputWaiting: Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Scripted input has no history.
    public func addToHistory(_ line: String) {}

    // MARK: - Lines

    /// A complete line from `pending`, or nil when more bytes are needed.
    private func takeLine() -> LineInput? {
        guard let newline = nextNewline() else {
            scanned = pending.count
            let unread = pending.count - lineStart
            if discarding == nil, unread > Self.maximumLineBytes + 1 {
                // Over the limit even before its newline (one byte spare for a CR): stop keeping it.
                discarding = unread
                dropUnread()
            } else if let count = discarding {
                discarding = count + unread
                dropUnread()
            }
            return nil
        }
        let lineBytes = pending[lineStart..<newline]
        let result: LineInput
        if let count = discarding {
            result = .tooLong(byteCount: count + lineBytes.count - (lineBytes.last == 13 ? 1 : 0))
            discarding = nil
        } else {
            result = decode(lineBytes)
        }
        lineStart = newline + 1
        scanned = lineStart
        return result
    }

    private func dropUnread() {
        pending.removeAll(keepingCapacity: true)
        lineStart = 0
        scanned = 0
        knownNewline = -1
    }

    /// At end of input: the last line if it had no newline, then `.end` for ever.
    private func takeLastLine() -> LineInput {
        if let count = discarding {
            discarding = nil
            dropUnread()
            return .tooLong(byteCount: count)
        }
        guard lineStart < pending.count else { return .end }
        let bytes = pending[lineStart...]
        defer { dropUnread() }
        return decode(bytes)
    }

    private func decode(_ raw: ArraySlice<UInt8>) -> LineInput {
        var bytes = raw
        if bytes.last == 13 { bytes.removeLast() }  // CRLF input: the CR is part of the terminator
        if isFirstLine {
            isFirstLine = false
            // A UTF-8 byte order mark (Windows editors) is not part of the first entry.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        }
        if bytes.count > Self.maximumLineBytes { return .tooLong(byteCount: bytes.count) }
        guard let text = Self.validString(bytes) else { return .invalidEncoding(byteCount: bytes.count) }
        return .line(text)
    }

    /// The bytes as a String, or nil when they are not valid UTF-8. `String(decoding:)` is the
    /// stdlib's fast path (String(validating:) went through generic code costing more than the
    /// check itself); it repairs invalid input, so the result is valid only if it kept every byte.
    static func validString(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { raw in
            var text = String(decoding: raw, as: UTF8.self)
            let same = text.withUTF8 { decoded in
                decoded.count == raw.count && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0)
            }
            return same ? text : nil
        }
    }

    // MARK: - Reading

    /// One read(2): appends what arrived, or marks the end (EOF or an unrecoverable error).
    private func fill() {
        if lineStart > 0 {  // drop the lines already handed out, once per read
            pending.removeSubrange(..<lineStart)
            scanned -= lineStart
            lineStart = 0
            knownNewline = -1
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
                return
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) {
                if errno == EAGAIN { waitReadable() }
                continue
            }
            reachedEnd = true  // 0 = EOF; EIO, EBADF and friends end the input just the same
            return
        }
    }

    /// For a non-blocking descriptor: sleep in poll(2) until there is something to read.
    private func waitReadable() {
        var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, -1)
    }
}
