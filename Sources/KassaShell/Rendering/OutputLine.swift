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
    /// Writes an event to the console; renderers stream long listings here row by row.
    func write(_ event: SessionEvent, to console: Console)
}

extension SessionRenderer {
    public func write(_ event: SessionEvent, to console: Console) {
        console.write(render(event))
    }

    public func write(_ events: [SessionEvent], to console: Console) {
        for event in events { write(event, to: console) }
    }
}
