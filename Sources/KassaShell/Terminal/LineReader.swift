// LineReader: where the session's lines come from: libedit on a terminal (EditLineReader),
// plain stdin otherwise (StdinLineReader). The session sees only this protocol.

public enum LineInput: Sendable, Equatable {
    /// One complete line, without its line terminator.
    case line(String)
    /// A line whose bytes were not valid UTF-8; nothing of it is used.
    case invalidEncoding(byteCount: Int)
    /// A line longer than the reader's limit; it was read to its end and dropped.
    case tooLong(byteCount: Int)
    /// Ctrl-C on an empty line (or a signal): cancel the waiting drafts; never exit.
    case interrupted
    /// Ctrl-C with text on the line: only that text is cancelled.
    case cleared
    /// Ctrl-D on an empty line, or end of input.
    case end
}

/// Completes the word before the cursor. Receives the line up to the cursor and returns the
/// candidates for its last word (whole words, not suffixes), sorted, duplicates removed.
public typealias Completer = @Sendable (_ lineBeforeCursor: String) -> [String]

public protocol LineReader: AnyObject {
    /// Blocks until a line, Ctrl-C or end of input. The prompt is shown only on a terminal.
    func readLine(prompt: String) -> LineInput
    /// Whether `readLine` shows its prompt (a reader that never does is not given one to make).
    var showsPrompt: Bool { get }
    /// Remembers an entered line in the history (and its file, when the reader keeps one).
    func addToHistory(_ line: String)
    var completer: Completer? { get set }
}

public enum LineLimits {
    /// Longer lines are read to their end and dropped as `.tooLong`: no entry is that long,
    /// and a bound keeps a runaway paste or a binary file from eating memory.
    public static let maximumLineBytes = 65_536
}
