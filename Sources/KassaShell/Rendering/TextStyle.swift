// TextStyle: ANSI colour, only on a terminal and never with NO_COLOR or --no-color.
//
// Inside the TextRenderer a style writes marks rather than escape sequences (`marking`): a mark
// is StyleMark's scalar where ESC would be. The renderer's one safety pass over every line it
// renders (TerminalSafety.rendered) makes every control character visible — a note's ESC
// included — and only then turns the marks into ESC. So the renderer's own colours reach the
// terminal while nothing a person typed can, without cleaning each kind of output by hand.

public struct TextStyle: Sendable {
    public let enabled: Bool
    /// Writes StyleMark's scalar instead of ESC (the TextRenderer's style).
    let marked: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
        marked = false
    }

    private init(enabled: Bool, marked: Bool) {
        self.enabled = enabled
        self.marked = marked
    }

    /// This style writing marks, for text that passes through TerminalSafety.rendered.
    var marking: TextStyle { TextStyle(enabled: enabled, marked: true) }

    /// Whether `text` carries colour (an escape sequence or a mark): such a line is not wrapped.
    static func isStyled(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == StyleMark.scalar }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        guard enabled else { return text }
        let escape = marked ? StyleMark.text : "\u{1B}"
        return escape + "[" + code + "m" + text + escape + "[0m"
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func good(_ text: String) -> String { wrap(text, "32") }
    public func bad(_ text: String) -> String { wrap(text, "31") }
    public func note(_ text: String) -> String { wrap(text, "33") }
}

/// The scalar a marking TextStyle writes where ESC would be: a private-use character chosen at
/// random when the program starts, so text a person wrote cannot carry one by design (a guess
/// that hits could at most turn on one of TextStyle's own colours: only `[1m [2m [31m [32m [33m
/// [0m` after it are taken as a mark). It never reaches the output: the safety pass turns it
/// into ESC, or leaves a stray one as the printable character it is.
enum StyleMark {
    static let scalar: Unicode.Scalar = Unicode.Scalar(0xF0000 + UInt32.random(in: 0..<0xFFFE))!
    static let text = String(Character(scalar))
    /// What may follow the scalar in a mark (TextStyle's codes).
    static let codes: [String] = ["[0m", "[1m", "[2m", "[31m", "[32m", "[33m"]
}
