// TextStyle: ANSI colour, only on a terminal and never with NO_COLOR or --no-color.

public struct TextStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func good(_ text: String) -> String { wrap(text, "32") }
    public func bad(_ text: String) -> String { wrap(text, "31") }
    public func note(_ text: String) -> String { wrap(text, "33") }
}
