// StdinLineReaderTests: the scripted-mode reader over real pipes: line splitting, CR/LF, the
// last line without a newline, invalid UTF-8, over-long lines, and a live pipe answered per line.
import Foundation
import Testing
@testable import KassaShell

@Suite struct StdinLineReaderTests {
    /// A pipe whose write end the test controls (used from one writer thread at a time).
    final class Pipe: @unchecked Sendable {
        let readEnd: Int32
        private(set) var writeEnd: Int32

        init() {
            var fds: [Int32] = [0, 0]
            precondition(pipe(&fds) == 0)
            readEnd = fds[0]
            writeEnd = fds[1]
        }

        func write(_ bytes: [UInt8]) {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
                precondition(count > 0)
                offset += count
            }
        }

        func write(_ text: String) { write(Array(text.utf8)) }

        func closeWrite() {
            if writeEnd >= 0 { close(writeEnd); writeEnd = -1 }
        }

        deinit {
            closeWrite()
            close(readEnd)
        }
    }

    /// Writes `input`, closes the pipe and reads everything up to `.end`.
    func readAll(_ input: [UInt8], chunkSize: Int = 16_384) -> [LineInput] {
        let pipe = Pipe()
        // A writer thread: inputs larger than the pipe buffer would block a single thread.
        let writer = Thread {
            pipe.write(input)
            pipe.closeWrite()
        }
        writer.start()
        let reader = StdinLineReader(fileDescriptor: pipe.readEnd, chunkSize: chunkSize)
        var results: [LineInput] = []
        while true {
            let next = reader.readLine(prompt: "ignored> ")
            results.append(next)
            if next == .end || results.count > 10_000 { break }
        }
        return results
    }

    func readAll(_ input: String, chunkSize: Int = 16_384) -> [LineInput] {
        readAll(Array(input.utf8), chunkSize: chunkSize)
    }

    @Test func splitsLines() {
        #expect(readAll("coffee 1500\nкофе 900\n") == [.line("coffee 1500"), .line("кофе 900"), .end])
    }

    @Test func keepsEmptyLines() {
        #expect(readAll("a\n\n\nb\n") == [.line("a"), .line(""), .line(""), .line("b"), .end])
    }

    @Test func stripsTrailingCarriageReturn() {
        #expect(readAll("такси 2000\r\nкофе\r\n") == [.line("такси 2000"), .line("кофе"), .end])
    }

    @Test func keepsCarriageReturnInsideLine() {
        #expect(readAll("a\rb\n") == [.line("a\rb"), .end])
    }

    @Test func lastLineWithoutNewlineCounts() {
        #expect(readAll("first\nlast") == [.line("first"), .line("last"), .end])
    }

    @Test func emptyInputIsEnd() {
        #expect(readAll("") == [.end])
    }

    @Test func endRepeatsAfterEnd() {
        let pipe = Pipe()
        pipe.write("x\n")
        pipe.closeWrite()
        let reader = StdinLineReader(fileDescriptor: pipe.readEnd)
        #expect(reader.readLine(prompt: "") == .line("x"))
        #expect(reader.readLine(prompt: "") == .end)
        #expect(reader.readLine(prompt: "") == .end)
    }

    @Test func byteOrderMarkOnFirstLineIsDropped() {
        #expect(readAll([0xEF, 0xBB, 0xBF] + Array("кофе\n".utf8)) == [.line("кофе"), .end])
    }

    @Test func cyrillicSplitAcrossReadsIsWhole() {
        // One-byte reads split every two-byte Cyrillic letter across read(2) calls.
        #expect(readAll("вчера такси\nпозавчера\n", chunkSize: 1)
            == [.line("вчера такси"), .line("позавчера"), .end])
    }

    @Test(arguments: [1, 7, 64, 16_384])
    func manyLinesAcrossReadBoundaries(chunkSize: Int) {
        let lines = (0..<2_000).map { "строка \($0) " + String(repeating: "ж", count: $0 % 13) }
        let results = readAll(lines.joined(separator: "\n") + "\n", chunkSize: chunkSize)
        #expect(results == lines.map { LineInput.line($0) } + [.end])
    }

    @Test func invalidUTF8IsReportedAndSkipped() {
        let bad: [UInt8] = [0x63, 0xFF, 0xFE, 0x61]  // "c", two bytes that are never UTF-8, "a"
        let input = Array("ok\n".utf8) + bad + [0x0A] + Array("next\n".utf8)
        #expect(readAll(input) == [.line("ok"), .invalidEncoding(byteCount: 4), .line("next"), .end])
    }

    @Test func truncatedMultibyteIsInvalid() {
        let input: [UInt8] = [0xD0, 0x0A]  // the first half of a Cyrillic letter, then newline
        #expect(readAll(input) == [.invalidEncoding(byteCount: 1), .end])
    }

    @Test func invalidUTF8WhoseRepairHasItsLengthIsInvalid() {
        // Lines are decoded with String(decoding:), which repairs: a truncated 4-byte sequence
        // (F0 9F 98) becomes one U+FFFD of three bytes, the same length; it is still invalid.
        let truncated: [UInt8] = [0x61, 0xF0, 0x9F, 0x98, 0x62]
        #expect(StdinLineReader.validString(truncated[...]) == nil)
        #expect(readAll(truncated + [0x0A]) == [.invalidEncoding(byteCount: 5), .end])
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF], [0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(StdinLineReader.validString(bad[...]) == nil, "\(bad)")
        }
        for good in ["", "a", "кофе", "\u{FFFD}", "😀 漢字", "\u{10FFFF}"] {
            #expect(StdinLineReader.validString(Array(good.utf8)[...]) == good)
        }
    }

    @Test func lineAtTheLimitIsAccepted() {
        let line = String(repeating: "a", count: StdinLineReader.maximumLineBytes)
        #expect(readAll(line + "\nb\n") == [.line(line), .line("b"), .end])
    }

    @Test func lineOverTheLimitIsDroppedAndCounted() {
        let long = String(repeating: "я", count: StdinLineReader.maximumLineBytes)  // 2 bytes each
        let results = readAll("before\n" + long + "\nafter\n")
        #expect(results == [
            .line("before"), .tooLong(byteCount: StdinLineReader.maximumLineBytes * 2), .line("after"), .end,
        ])
    }

    @Test func oneMegabyteLineWithSmallChunks() {
        let size = 1 << 20
        let results = readAll(String(repeating: "x", count: size) + "\r\nend\n", chunkSize: 4096)
        #expect(results == [.tooLong(byteCount: size), .line("end"), .end])
    }

    @Test func overLongLastLineWithoutNewline() {
        let size = StdinLineReader.maximumLineBytes + 10
        #expect(readAll(String(repeating: "x", count: size)) == [.tooLong(byteCount: size), .end])
    }

    @Test func livePipeAnswersEachLineBeforeEOF() {
        // The writer keeps the pipe open: a reader that waited for EOF would never return.
        let pipe = Pipe()
        let reader = StdinLineReader(fileDescriptor: pipe.readEnd)
        pipe.write("кофе 1500\n")
        #expect(readWithDeadline(reader, pipe: pipe) == .line("кофе 1500"))
        pipe.write("такси ")
        pipe.write("2000\nхвост")
        #expect(readWithDeadline(reader, pipe: pipe) == .line("такси 2000"))
        pipe.closeWrite()
        #expect(reader.readLine(prompt: "") == .line("хвост"))
        #expect(reader.readLine(prompt: "") == .end)
    }

    @Test func addToHistoryAndCompleterAreHarmless() {
        let pipe = Pipe()
        pipe.closeWrite()
        let reader = StdinLineReader(fileDescriptor: pipe.readEnd)
        reader.addToHistory("x")
        reader.completer = { _ in ["y"] }
        #expect(reader.readLine(prompt: "> ") == .end)
    }

    /// Reads one line on another thread; if it has not returned after a generous deadline the
    /// pipe is closed so the test fails instead of hanging (the deadline is not an assertion).
    private func readWithDeadline(_ reader: StdinLineReader, pipe: Pipe) -> LineInput? {
        final class Box: @unchecked Sendable { var value: LineInput? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let unsafeReader = reader
        let thread = Thread {
            box.value = unsafeReader.readLine(prompt: "")
            done.signal()
        }
        thread.start()
        if done.wait(timeout: .now() + 30) == .timedOut {
            pipe.closeWrite()
            done.wait()
            return nil
        }
        return box.value
    }
}
