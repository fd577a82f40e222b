// EditLineReader+Keys: reads an escape sequence whole after libedit has read its `ESC [` or
// `ESC O` (the keys bound to kassa-csi / kassa-ss3), and does what KeySequence says it means.
// Movement goes through the emacs keys libedit already binds (^P ^N ^B ^F ^A ^E, ESC b, ESC f),
// so a person's ~/.editrc still decides what they do; a sequence that is no editing key is
// dropped with a beep. A byte that cannot belong to a sequence (a letter past ASCII, a control
// key) ends it and is read again as typed.

import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EditLineReader {
    /// The key function: reads the rest of the sequence, then acts on it.
    func readSequence(csi: Bool) -> UInt8 {
        var character: wchar_t = 0
        var parameters = ""
        var final: Character?
        while final == nil {
            guard el_wgetc(editLine, &character) == 1 else { return UInt8(CC_ERROR) }
            let value = UInt32(bitPattern: character)
            if csi, KeySequence.continuesCSI(value) {
                // Kept up to a bound; a longer one is still read to its end, then ignored.
                if parameters.unicodeScalars.count < KeySequence.maximumParameters, let scalar = Unicode.Scalar(value) {
                    parameters.unicodeScalars.append(scalar)
                } else {
                    parameters = "?"
                }
            } else if value < 0x7F, value >= 0x20, csi ? KeySequence.endsCSI(value) : true {
                final = Character(Unicode.Scalar(UInt8(value)))
            } else {
                // Not part of a sequence: the sequence so far is dropped, this key read as typed.
                var again: [wchar_t] = [character, 0]
                el_wpush(editLine, &again)
                el_beep(editLine)
                return UInt8(CC_NORM)
            }
        }
        let action = csi ? KeySequence.csi(parameters: parameters, final: final!) : KeySequence.ss3(final!)
        return perform(action)
    }

    private func perform(_ action: KeySequence.Action) -> UInt8 {
        switch action {
        case .up: return push("\u{10}")
        case .down: return push("\u{0E}")
        case .left: return push("\u{02}")
        case .right: return push("\u{06}")
        case .home: return push("\u{01}")
        case .end: return push("\u{05}")
        case .wordLeft: return push("\u{1B}b")
        case .wordRight: return push("\u{1B}f")
        case .deleteNext:
            guard let info = el_wline(editLine)?.pointee, let cursor = info.cursor, let last = info.lastchar, cursor < last else {
                el_beep(editLine)
                return UInt8(CC_NORM)
            }
            _ = el_cursor(editLine, 1)
            el_deletestr(editLine, 1)
            return UInt8(CC_REFRESH)
        case .insert(let character):
            let wide = EditLineText.wideString(String(character))
            defer { wide.deallocate() }
            _ = el_winsertstr(editLine, wide)
            return UInt8(CC_REFRESH)
        case .pasteStart:
            return UInt8(CC_NORM)
        case .pasteEnd:
            // The end mark on an empty line (the paste ended with a newline) ends this read with
            // nothing, so the session shows the pasted batch instead of waiting for another line.
            guard let info = el_wline(editLine)?.pointee, info.lastchar == info.buffer else { return UInt8(CC_NORM) }
            pasteEnded = true
            return UInt8(CC_EOF)
        case .ignore:
            el_beep(editLine)
            return UInt8(CC_NORM)
        }
    }

    /// Hands `keys` back to libedit, read next as if typed.
    private func push(_ keys: String) -> UInt8 {
        let wide = EditLineText.wideString(keys)
        defer { wide.deallocate() }
        el_wpush(editLine, wide)
        return UInt8(CC_NORM)
    }
}
