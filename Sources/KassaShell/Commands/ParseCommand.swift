// ParseCommand: `kassa parse [--explain] [TEXT...]`: shows the drafts a line gives; never
// writes. With no TEXT, one entry per stdin line. Lines already waiting are taken as a batch,
// parsed on every core (the parser is shared safely by threads), written in order through the
// one buffered writer, and flushed when no more input is waiting — so a live pipe gets each
// answer as its line arrives and a file of 200,000 lines is answered at full speed.

import KassaCore

public struct ParseCommand: Command {
    public static let name = "parse"
    public static let forms = CommandForms.oneShot
    public static let options: [CommandOption] = [.flag("--explain")]

    let text: String?
    let explain: Bool

    /// Most lines taken in one batch; bounds the memory of answers waiting to be written.
    static let batchLimit = 2048
    /// Below this a batch is parsed on one thread: starting a second costs more.
    static let parallelThreshold = 128

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
        while true {
            var batch = [reader.readLine(prompt: "")]
            if batch[0] == .end { break }
            // Lines already here, or readable without waiting, join the batch; a live pipe that
            // has nothing more is answered at once.
            while let stdin, batch.count < Self.batchLimit, stdin.hasBufferedLine || stdin.inputWaiting {
                let next = stdin.readLine(prompt: "")
                if next == .end { break }
                batch.append(next)
            }
            write(work.answers(batch), app: app, context: context)
            if stdin.map({ !$0.hasBufferedLine && !$0.inputWaiting }) ?? true { app.console.flush() }
        }
        return []
    }

    private func write(_ answers: [Answer], app: AppContext, context: CommandContext) {
        for answer in answers {
            if answer.failed { context.hadInputError = true }
            switch answer.output {
            case .bytes(let bytes): app.console.append(bytes)
            case .lines(let lines): app.console.write(lines)
            }
        }
    }

    /// The answer to a run of lines: JSON bytes, or lines the text renderer made.
    struct Answer: Sendable {
        enum Output: Sendable {
            case bytes([UInt8])
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

        /// The answers to a batch, in input order; a large batch is split between two threads,
        /// each parsing and encoding its half.
        func answers(_ batch: [LineInput]) -> [Answer] {
            guard batch.count >= ParseCommand.parallelThreshold else { return [answer(batch[...])] }
            let half = batch.count / 2
            nonisolated(unsafe) var second = Answer(output: .bytes([]), failed: false)
            var first = second
            TwoThreads.run({ first = answer(batch[..<half]) }, { second = answer(batch[half...]) })
            return [first, second]
        }

        func answer(_ lines: [LineInput]) -> [Answer] { [answer(lines[...])] }

        /// One answer for a run of lines: bytes for JSON (so the run is one buffer), lines for text.
        func answer(_ lines: ArraySlice<LineInput>) -> Answer {
            var failed = false
            var bytes: [UInt8] = []
            var text: [OutputLine] = []
            if json { bytes.reserveCapacity(lines.count * 420) }
            for input in lines {
                guard case .line(let line) = input else {
                    if input == .interrupted || input == .cleared { continue }
                    failed = true
                    if json {
                        let unreadable = ParseResult(input: "", error: ParseError(code: "bad-input", messageKey: "input.unreadable"))
                        JSONEncoding.appendParseResult(unreadable, message: renderer.message, explain: false, to: &bytes)
                    } else {
                        text += renderer.render(.error(SessionError("input.unreadable")))
                    }
                    continue
                }
                let result = parser.parse(TerminalSafety.readable(line), context: context)
                if result.error != nil || result.drafts.isEmpty { failed = true }
                if json {
                    JSONEncoding.appendParseResult(result, message: renderer.message, explain: explain, to: &bytes)
                } else {
                    if let error = result.error {
                        text += renderer.render(.error(error, input: result.input, span: error.span))
                    } else {
                        text += renderer.render(.drafts(result.drafts, input: result.input, questions: result.questions))
                    }
                    if explain { text += renderer.render(.explanation(result)) }
                }
            }
            return Answer(output: json ? .bytes(bytes) : .lines(text), failed: failed)
        }
    }
}
