// TextEncoding: the encodings a bank file comes in — UTF-8 (with or without a byte order mark),
// UTF-16 (little or big endian; with a mark, or forced), Windows-1251, Windows-1252, KOI8-R — and
// the transcoding of a whole file into UTF-8, which is all the readers take. A byte the encoding
// cannot read stops the transcoding and is named with its line: a file is never read with
// replacement characters (a cp1251 file read as UTF-8 loses every Cyrillic letter, and the
// category rules then silently stop matching). Detection is EncodingGuess's.

public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf16le = "utf-16le"
    case utf16be = "utf-16be"
    case windows1251 = "cp1251"
    case windows1252 = "cp1252"
    case koi8r = "koi8-r"

    /// The names people and rules files give ("UTF8", "windows-1251", "CP1251", "koi8r", "latin1"…).
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        switch key {
        case "utf8": self = .utf8
        case "utf16": self = .utf16
        case "utf16le": self = .utf16le
        case "utf16be": self = .utf16be
        case "cp1251", "windows1251", "win1251", "1251": self = .windows1251
        case "cp1252", "windows1252", "win1252", "1252", "latin1", "iso88591": self = .windows1252
        case "koi8r", "koi8": self = .koi8r
        default: return nil
        }
    }

    /// The names `--encoding` takes, as shown in a usage message.
    public static let shownNames = "utf-8, utf-16, cp1251, cp1252, koi8-r"

    /// A byte (or a UTF-16 unit) the encoding cannot read: its line (from 1) and value.
    public struct Failure: Error, Sendable, Equatable {
        public var line: Int
        public var byte: String
    }

    /// `bytes` (a whole file) as UTF-8 in this encoding, any byte order mark dropped.
    public func utf8(_ bytes: [UInt8]) -> Result<[UInt8], Failure> {
        switch self {
        case .utf8:
            let body = TextEncoding.hasUTF8Mark(bytes) ? Array(bytes[3...]) : bytes
            let valid = body.withUnsafeBufferPointer { BackupLineDecoder.isValidUTF8($0) }
            return valid ? .success(body) : .failure(TextEncoding.firstInvalidUTF8(body))
        case .utf16, .utf16le, .utf16be:
            var bigEndian = self == .utf16be
            var start = 0
            if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF), self == .utf16 || (bytes[0] == 0xFE) == (self == .utf16be) {
                bigEndian = bytes[0] == 0xFE
                start = 2
            } else if self == .utf16 {
                bigEndian = TextEncoding.looksBigEndian(bytes)
            }
            return TextEncoding.utf16(bytes, from: start, bigEndian: bigEndian)
        case .windows1251: return TextEncoding.singleByte(bytes, SingleByteTables.windows1251)
        case .windows1252: return TextEncoding.singleByte(bytes, SingleByteTables.windows1252)
        case .koi8r: return TextEncoding.singleByte(bytes, SingleByteTables.koi8r)
        }
    }

    static func hasUTF8Mark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// UTF-16 without a mark: text is mostly ASCII, whose zero byte comes first in big endian.
    static func looksBigEndian(_ bytes: [UInt8]) -> Bool {
        var evenZeros = 0, oddZeros = 0
        for (index, byte) in bytes.prefix(4096).enumerated() where byte == 0 {
            if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
        }
        return evenZeros > oddZeros
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80: out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private static func singleByte(_ bytes: [UInt8], _ table: [UInt16]) -> Result<[UInt8], Failure> {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        var line = 1
        for byte in bytes {
            if byte < 0x80 {
                if byte == 10 { line += 1 }
                out.append(byte)
                continue
            }
            let scalar = table[Int(byte) - 0x80]
            guard scalar != 0xFFFD else { return .failure(Failure(line: line, byte: hex(byte))) }
            appendUTF8(UInt32(scalar), to: &out)
        }
        return .success(out)
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> Result<[UInt8], Failure> {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var line = 1
        var i = start
        func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while i + 1 < bytes.count {
            let first = unit(i)
            i += 2
            switch first {
            case 0xD800...0xDBFF:
                guard i + 1 < bytes.count else { return .failure(Failure(line: line, byte: hex16(first))) }
                let second = unit(i)
                guard (0xDC00...0xDFFF).contains(second) else { return .failure(Failure(line: line, byte: hex16(first))) }
                i += 2
                appendUTF8(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &out)
            case 0xDC00...0xDFFF:
                return .failure(Failure(line: line, byte: hex16(first)))
            default:
                if first == 10 { line += 1 }
                appendUTF8(first, to: &out)
            }
        }
        // An odd byte at the end is half a character.
        if i < bytes.count { return .failure(Failure(line: line, byte: hex(bytes[i]))) }
        return .success(out)
    }

    /// Where a file that is not UTF-8 stops being it (line and byte), for the message.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Failure {
        var line = 1, lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            // Each line checked alone: linear, and the first bad one is named.
            let valid = bytes.withUnsafeBufferPointer { BackupLineDecoder.isValidUTF8(UnsafeBufferPointer(rebasing: $0[lineStart..<index])) }
            if !valid { return Failure(line: line, byte: firstHigh(bytes[lineStart..<index])) }
            line += 1
            lineStart = index + 1
        }
        return Failure(line: line, byte: firstHigh(bytes[lineStart...]))
    }

    /// The first byte of `bytes` that does not start or continue a valid UTF-8 character.
    private static func firstHigh(_ bytes: ArraySlice<UInt8>) -> String {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = EncodingGuess.utf8Length(bytes, at: index)
            if length == 0 { return hex(bytes[index]) }
            index += length
        }
        return hex(bytes.first { $0 >= 0x80 } ?? 0)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    private static func hex16(_ unit: UInt32) -> String {
        hex(UInt8(unit >> 8)) + String(hex(UInt8(unit & 0xFF)).dropFirst(2))
    }
}
