// ReaderFactory: libedit when stdin and stdout are terminals, plain stdin otherwise.

import KassaCore

enum ReaderFactory {
    static func make(context: AppContext) -> any LineReader {
        PlaceholderStdinReader()
    }
}

/// Stand-in until the terminal work lands (buffered; replaced by StdinLineReader).
final class PlaceholderStdinReader: LineReader {
    var completer: Completer?
    func readLine(prompt: String) -> LineInput {
        guard let line = Swift.readLine(strippingNewline: true) else { return .end }
        return .line(line)
    }
    func addToHistory(_ line: String) {}
}
