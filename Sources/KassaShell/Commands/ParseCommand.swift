// ParseCommand: `kassa parse [--explain] [TEXT...]`: shows the drafts a line gives; never
// writes. With no TEXT, one entry per stdin line. Lines already waiting are taken as a batch,
// parsed on every core (the parser is shared safely by threads), written in order through the
// one buffered writer, and flushed when no more input is waiting — so a live pipe gets each
// answer as its line arrives and a file of 200,000 lines is answered at full speed.

import Dispatch
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
        let parser = context.parser
        if let text {
            answer([.line(text)], results: [parser.parse(text, context: parseContext)], app: app, context: context)
            return []
        }
        let reader = ReaderFactory.make(context: app)
        let stdin = reader as? StdinLineReader
        while true {
            var batch = [reader.readLine(prompt: "")]
            if batch[0] == .end { break }
            while let stdin, batch.count < Self.batchLimit, stdin.hasBufferedLine {
                let next = stdin.readLine(prompt: "")
                if next == .end { break }
                batch.append(next)
            }
            answer(batch, results: parse(batch, parser: parser, context: parseContext), app: app, context: context)
            if stdin.map({ !$0.hasBufferedLine && !$0.inputWaiting }) ?? true { app.console.flush() }
        }
        return []
    }

    /// Parses the batch's lines, on two threads when it is large; results in input order.
    func parse(_ batch: [LineInput], parser: Parser, context: ParseContext) -> [ParseResult?] {
        @Sendable func one(_ input: LineInput) -> ParseResult? {
            if case .line(let text) = input { return parser.parse(text, context: context) }
            return nil
        }
        guard batch.count >= Self.parallelThreshold else { return batch.map(one) }
        var results = [ParseResult?](repeating: nil, count: batch.count)
        let half = batch.count / 2
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                for index in (part == 0 ? 0..<half : half..<batch.count) { slots[index] = one(batch[index]) }
            }
        }
        return results
    }

    /// Writes each answer: JSON bytes straight into the buffer, or the text renderer's lines.
    func answer(_ batch: [LineInput], results: [ParseResult?], app: AppContext, context: CommandContext) {
        let renderer = app.textRenderer
        for (input, result) in zip(batch, results) {
            guard let result else {
                if input == .interrupted { continue }
                context.hadInputError = true
                if app.options.json {
                    let unreadable = ParseResult(input: "", error: ParseError(code: "bad-input", messageKey: "input.unreadable"))
                    app.console.withOutput { JSONEncoding.appendParseResult(unreadable, message: renderer.message, explain: false, to: &$0) }
                } else {
                    app.console.write(renderer.render(.error(SessionError("input.unreadable"))))
                }
                continue
            }
            if result.error != nil || result.drafts.isEmpty { context.hadInputError = true }
            if app.options.json {
                app.console.withOutput { JSONEncoding.appendParseResult(result, message: renderer.message, explain: explain, to: &$0) }
            } else {
                var lines: [OutputLine]
                if let error = result.error {
                    lines = renderer.render(.error(error, input: result.input, span: error.span))
                } else {
                    lines = renderer.render(.drafts(result.drafts, input: result.input, questions: result.questions))
                }
                if explain { lines += renderer.render(.explanation(result)) }
                app.console.write(lines)
            }
        }
    }
}
