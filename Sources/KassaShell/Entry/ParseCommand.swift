// ParseCommand: `kassa parse [--explain] [TEXT...]`: shows the drafts a line gives; never
// writes. With no TEXT, one entry per stdin line. Lines already waiting are taken as a batch,
// parsed on both cores in small pieces each thread takes in turn (the parser is shared safely by
// threads), written in order through the one buffered writer, and flushed when no more input is
// waiting — so a live pipe gets each answer as its line arrives. While more input waits, a
// batch's answers are written by the second thread and the next batch's lines are read by the
// first as both start on this batch: reading and writing overlap parsing, and no core waits for
// the other between batches (pieces shrink toward a batch's end). The second thread parses with
// a replica of the grammar (Grammar+Replica.swift): sharing one made both cores bounce its
// reference counts between them.

import KassaCore
import Synchronization

public struct ParseCommand: Command {
    public static let name = "parse"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let options: [CommandOption] = [.flag("--explain")]
    public static let surface = CommandSurface(.repeated(.text))

    let text: String?
    let explain: Bool

    /// Most lines taken in one batch; bounds the memory of answers waiting to be written.
    static let batchLimit = 2048
    /// Below this a batch is parsed on one thread: starting a second costs more.
    static let parallelThreshold = 128
    /// Lines a thread takes at a time from a batch: lines cost unequally, so two fixed halves
    /// left one thread waiting for the other.
    static let piece = 64
    /// Room reserved per JSON answer; a parse answer is ~450 bytes, so a piece's buffer rarely grows.
    static let bytesPerAnswer = 640
    /// Answers of at least this many bytes are written straight out, not copied into the buffer.
    static let directBytes = 16_384
    /// From this batch size the second thread parses with a replica of the grammar (made in ~6 ms,
    /// once); a smaller batch is over before the replica would pay for itself.
    static let replicaThreshold = 1024

    /// Where a batch of `count` lines is cut into pieces: `piece` lines each, then smaller ones
    /// toward the end (an eighth of what is left, at least 4), so the thread that takes the
    /// last piece keeps the other waiting for a few lines, not for 64.
    static func pieces(_ count: Int) -> [Int] {
        var bounds = [0]
        var from = 0
        while from < count {
            from += max(4, min(piece, (count - from) / 8))
            bounds.append(min(from, count))
        }
        return bounds
    }

    public init(_ arguments: CommandArguments) throws(UsageError) {
        text = arguments.words.isEmpty ? nil : arguments.words.joined(separator: " ")
        explain = arguments.flags.contains("--explain")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let parseContext = ParseContext(today: context.configuration.today, language: context.configuration.language,
                                        defaultCurrency: context.configuration.defaultCurrency,
                                        defaultAccount: context.configuration.defaultAccount)
        let work = Work(parser: context.parser, context: parseContext, renderer: app.textRenderer,
                        json: app.options.json, explain: explain)
        if let text {
            write(work.answer([.line(text)]), app: app, context: context)
            return []
        }
        let reader = ReaderFactory.make(context: app)
        let stdin = reader as? StdinLineReader
        // Answers parsed while more input waited: written during the next batch's parse.
        var pending: [Answer] = []
        // Lines read while the batch before them was parsed.
        var batch: [LineInput] = []
        while true {
            if batch.isEmpty {
                let first = reader.readLine(prompt: "")
                if first == .end { break }
                batch = [first]
                if let stdin { Self.takeWaiting(stdin, into: &batch) }
            }
            let earlier = pending
            var next: [LineInput] = []
            // This thread first reads the lines already waiting (the next batch) while the other
            // writes the answers before these; then both parse.
            let answers = work.answers(batch, meanwhile: { write(earlier, app: app, context: context) },
                                       first: { if let stdin { Self.takeWaiting(stdin, into: &next) } })
            if next.isEmpty, stdin.map({ !$0.hasBufferedLine && !$0.inputWaiting }) ?? true {
                // Nothing more waits (a live pipe): answered at once.
                write(answers, app: app, context: context)
                app.console.flush()
                pending = []
            } else {
                pending = answers
            }
            batch = next
        }
        write(pending, app: app, context: context)
        return []
    }

    /// Lines already here, or readable without waiting, join `batch` (up to `batchLimit`); a
    /// live pipe that has nothing more adds none.
    private static func takeWaiting(_ stdin: StdinLineReader, into batch: inout [LineInput]) {
        while batch.count < batchLimit, stdin.hasBufferedLine || stdin.inputWaiting {
            let next = stdin.readLine(prompt: "")
            if next == .end { break }
            batch.append(next)
        }
    }

    private func write(_ answers: [Answer], app: AppContext, context: CommandContext) {
        for answer in answers {
            if answer.failed { context.hadInputError = true }
            switch answer.output {
            case .bytes(let bytes):
                bytes.withBytes { piece in
                    // A piece's answers (~28 KB for 64 lines) go out as they are, after what is
                    // buffered: copying every byte into the console's buffer first cost more.
                    if piece.count >= Self.directBytes {
                        app.console.writeDirectly(UnsafeRawBufferPointer(piece))
                    } else {
                        app.console.append(piece)
                    }
                }
            case .lines(let lines): app.console.write(lines)
            }
        }
    }

    /// The answer to a run of lines: JSON bytes, or lines the text renderer made.
    struct Answer: Sendable {
        enum Output: @unchecked Sendable {
            case bytes(ByteBuffer)
            case lines([OutputLine])
        }

        var output: Output
        /// Not understood (no draft, an error, unreadable): exit status 1.
        var failed: Bool
    }

    /// Parsing and encoding, shared by the threads of a batch: every part is a value or safe
    /// to share (the parser hands each thread its own scratch memory).
    struct Work: @unchecked Sendable {
        let parser: Parser
        let context: ParseContext
        let renderer: TextRenderer
        let json: Bool
        let explain: Bool
        /// `renderer.message`, made once: taking it per line copied the whole renderer each time.
        let message: (any LocalizableError) -> String
        /// The second thread's parser, made on its first batch.
        let second = SecondParser()

        init(parser: Parser, context: ParseContext, renderer: TextRenderer, json: Bool, explain: Bool) {
            self.parser = parser
            self.context = context
            self.renderer = renderer
            self.json = json
            self.explain = explain
            message = renderer.message
        }

        /// The answers to a batch, in input order. A large batch is parsed by two threads taking
        /// its pieces in turn; `meanwhile` runs first on the second thread (writing the answers
        /// before these) and `first` first on this one (reading the next lines); both run here,
        /// one after the other, for a small batch.
        func answers(_ batch: [LineInput], meanwhile: @escaping () -> Void = {}, first: () -> Void = {}) -> [Answer] {
            guard batch.count >= ParseCommand.parallelThreshold else {
                meanwhile()
                first()
                return [answer(batch[...], parser: parser)]
            }
            let bounds = ParseCommand.pieces(batch.count)
            let count = bounds.count - 1
            let parts = UnsafeMutableBufferPointer<Answer>.allocate(capacity: count)
            defer { parts.deallocate() }
            let next = Atomic<Int>(0)
            // Each piece's answer is stored once, by the thread that took it; read after both joined.
            nonisolated(unsafe) let shared = parts
            func work(_ parser: Parser) {
                while true {
                    let k = next.add(1, ordering: .relaxed).oldValue
                    guard k < count else { return }
                    (shared.baseAddress! + k).initialize(to: answer(batch[bounds[k]..<bounds[k + 1]], parser: parser))
                }
            }
            nonisolated(unsafe) let share = work
            let (parser, second) = (parser, second)
            let replicate = batch.count >= ParseCommand.replicaThreshold
            TwoThreads.run({ first(); work(parser) }, { meanwhile(); share(second.parser(beside: parser, replicate: replicate)) })
            let answers = Array(parts)
            _ = parts.deinitialize()
            return answers
        }

        func answer(_ lines: [LineInput]) -> [Answer] { [answer(lines[...], parser: parser)] }

        /// One answer for a run of lines: bytes for JSON (so the run is one buffer), lines for text.
        func answer(_ lines: ArraySlice<LineInput>, parser: Parser) -> Answer {
            var failed = false
            var bytes = ByteBuffer(capacity: json ? lines.count * ParseCommand.bytesPerAnswer : 0)
            var text: [OutputLine] = []
            for input in lines {
                guard case .line(let line) = input else {
                    if input == .interrupted || input == .cleared { continue }
                    failed = true
                    if json {
                        let unreadable = ParseResult(input: "", error: ParseError(code: "bad-input", messageKey: "input.unreadable"))
                        JSONEncoding.writeParseResult(unreadable, message: message, explain: false, to: &bytes)
                    } else {
                        text += renderer.render(.error(SessionError("input.unreadable")))
                    }
                    continue
                }
                var result = parser.parse(TerminalSafety.readable(line), context: context)
                if json { result.drafts = renderer.asked(result.drafts) }
                if result.error != nil || result.drafts.isEmpty { failed = true }
                if json {
                    JSONEncoding.writeParseResult(result, message: message, explain: explain, to: &bytes)
                } else {
                    if let error = result.error {
                        text += renderer.render(.error(error, input: result.input, span: error.span))
                    } else {
                        text += renderer.render(.drafts(result.drafts, input: result.input, questions: result.questions))
                        for (index, draft) in result.drafts.enumerated() {
                            for doubt in draft.doubts where doubt.reason != .tie {
                                text += renderer.render(.doubt(index: index, count: result.drafts.count, doubt: doubt, held: false))
                            }
                        }
                    }
                    if explain { text += renderer.render(.output(ExplanationOutput(result: result))) }
                }
            }
            return Answer(output: json ? .bytes(bytes) : .lines(text), failed: failed)
        }
    }

    /// The parser of the thread that parses beside the caller's. Made by that thread itself on its
    /// first large batch, while the other parses, and kept for the next ones; each batch's thread
    /// is joined before the next begins, so one thread at a time reads and sets it.
    final class SecondParser: @unchecked Sendable {
        private(set) var made: Parser?

        /// The replica once made; before, `first` itself unless `replicate` asks for the replica.
        func parser(beside first: Parser, replicate: Bool) -> Parser {
            if let made { return made }
            guard replicate else { return first }
            // A replica, not `first`: see Grammar+Replica.swift. Sharing is still right, only slower.
            let parser = first.grammar.replica().map(Parser.init(grammar:)) ?? first
            made = parser
            return parser
        }
    }
}
