// OutputLine: one line for standard output or standard error, already localized.

public struct OutputLine: Sendable, Equatable {
    public enum Stream: Sendable, Equatable { case output, error }
    public var stream: Stream
    public var text: String

    public init(_ text: String, to stream: Stream = .output) {
        self.text = text
        self.stream = stream
    }
}

/// Turns session events into lines: TextRenderer for people, JSONRenderer for programs.
public protocol SessionRenderer {
    func render(_ event: SessionEvent) -> [OutputLine]
}
