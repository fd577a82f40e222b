// KeySequence: what a terminal's escape sequence means at the prompt. libedit reads a sequence
// only as far as its own key map goes: `ESC [ 3 1 m` (a colour code typed or sent by a key
// kassa does not know) lost `ESC [ 3 1` and left the `m` in the line, so "1600" became "1600m",
// 1.6 billion. kassa reads every CSI (`ESC [` parameters, intermediates, one final byte) and SS3
// (`ESC O` and one byte) sequence whole and maps it here: the editing keys do what they say,
// anything else is dropped whole (a beep), so no byte of a sequence reaches the text.
// Pure: the reading is EditLineReader's.

enum KeySequence {
    enum Action: Equatable {
        case up, down, left, right, wordLeft, wordRight, home, end, deleteNext
        /// Bracketed paste marks (`ESC [ 200 ~`, `ESC [ 201 ~`).
        case pasteStart, pasteEnd
        /// A keypad key in application mode that types a character.
        case insert(Character)
        /// Not an editing key: dropped whole.
        case ignore
    }

    /// Bytes a CSI holds between `ESC [` and its final byte (parameters 0x30–0x3F, intermediates 0x20–0x2F).
    static func continuesCSI(_ value: UInt32) -> Bool { (0x20...0x3F).contains(value) }
    /// The byte that ends a CSI.
    static func endsCSI(_ value: UInt32) -> Bool { (0x40...0x7E).contains(value) }
    /// Parameter text kept for reading a sequence; longer ones are read whole and ignored.
    static let maximumParameters = 16

    /// The key a CSI sequence stands for: `parameters` is what came between `ESC [` and `final`.
    static func csi(parameters: String, final: Character) -> Action {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        // xterm's modifiers: 1;5C is Ctrl-Right, 1;3C Alt-Right (word moves); 1;2C Shift-Right.
        let modifier = fields.count == 2 ? Int(fields[1]) ?? 1 : 1
        let word = modifier == 3 || modifier == 5
        let plain = parameters.isEmpty || (fields.count == 2 && fields[0] == "1")
        switch final {
        case "A" where plain: return .up
        case "B" where plain: return .down
        case "C" where plain: return word ? .wordRight : .right
        case "D" where plain: return word ? .wordLeft : .left
        case "H" where plain: return .home
        case "F" where plain: return .end
        case "~":
            switch fields.first.flatMap({ Int($0) }) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .deleteNext
            case 200: return .pasteStart
            case 201: return .pasteEnd
            default: return .ignore
            }
        default: return .ignore
        }
    }

    /// The key an SS3 sequence (`ESC O` and `final`) stands for: arrows, Home/End, and the
    /// keypad's digits and signs in application mode.
    static func ss3(_ final: Character) -> Action {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        default:
            let keypad: [Character: Character] = ["p": "0", "q": "1", "r": "2", "s": "3", "t": "4", "u": "5", "v": "6",
                                                  "w": "7", "x": "8", "y": "9", "n": ".", "k": "+", "m": "-", "l": ","]
            return keypad[final].map(Action.insert) ?? .ignore
        }
    }
}
