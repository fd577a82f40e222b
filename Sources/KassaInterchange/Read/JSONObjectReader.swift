// JSONObjectReader: one flat JSON object — the lines of a kassa backup — into key → value,
// where a value is text (strings, and numbers and booleans as written), null, or a list of
// strings (an account's aliases). Hand-written over bytes: a million-line backup must restore
// in seconds, and nothing deeper is ever needed.

#if canImport(Glibc)
import Glibc
#endif

enum JSONValue: Sendable, Equatable {
    case text(String)
    case null
    case list([String])

    var text: String? { if case .text(let value) = self { return value } else { return nil } }
}

enum JSONObjectReader {
    struct Failure: Error { let what: String }

    static func object(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        try forEachField(bytes) { key, value in object[String(decoding: key, as: UTF8.self)] = value }
        return object
    }

    /// Calls `body` with each key's bytes (escapes undone only if it has any) and its value:
    /// no String is made for a key, no dictionary for the object.
    static func forEachField(_ bytes: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>, JSONValue) -> Void) throws(Failure) {
        var i = 0
        let n = bytes.count
        func skipSpace() { while i < n, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 13 { i += 1 } }
        func expect(_ c: UInt8) throws(Failure) {
            skipSpace()
            guard i < n, bytes[i] == c else { throw Failure(what: String(UnicodeScalar(c))) }
            i += 1
        }
        func hex4() throws(Failure) -> UInt32 {
            guard i + 4 <= n else { throw Failure(what: "escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                i += 1
                switch c {
                case 48...57: v = v * 16 + UInt32(c - 48)
                case 65...70: v = v * 16 + UInt32(c - 55)
                case 97...102: v = v * 16 + UInt32(c - 87)
                default: throw Failure(what: "escape")
                }
            }
            return v
        }
        func string() throws(Failure) -> String {
            try expect(34)
            let start = i
            // Fast path: no escapes.
            while i < n, bytes[i] != 34, bytes[i] != 92, bytes[i] >= 0x20 { i += 1 }
            if i < n, bytes[i] == 34 {
                let text = JSONObjectReader.string(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                i += 1
                guard let text else { throw Failure(what: "utf8") }
                return text
            }
            var out = Array(bytes[start..<i])
            while true {
                guard i < n else { throw Failure(what: "string") }
                let b = bytes[i]
                i += 1
                if b == 34 { break }
                if b < 0x20 { throw Failure(what: "control") }
                guard b == 92 else { out.append(b); continue }
                guard i < n else { throw Failure(what: "escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case 34, 92, 47: out.append(e)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800, scalar < 0xDC00 {
                        guard i + 1 < n, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else { throw Failure(what: "surrogate") }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw Failure(what: "surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw Failure(what: "escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw Failure(what: "escape")
                }
            }
            guard let text = out.withUnsafeBufferPointer(JSONObjectReader.string) else { throw Failure(what: "utf8") }
            return text
        }
        func scalarValue() throws(Failure) -> JSONValue {
            skipSpace()
            guard i < n else { throw Failure(what: "value") }
            switch bytes[i] {
            case 34: return .text(try string())
            case 91:
                i += 1
                var list: [String] = []
                skipSpace()
                if i < n, bytes[i] == 93 { i += 1; return .list(list) }
                while true {
                    list.append(try string())
                    skipSpace()
                    guard i < n else { throw Failure(what: "]") }
                    if bytes[i] == 93 { i += 1; return .list(list) }
                    try expect(44)
                }
            default:
                let start = i
                while i < n, bytes[i] != 44, bytes[i] != 125, bytes[i] != 32, bytes[i] != 9 { i += 1 }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                if word == "null" { return .null }
                guard !word.isEmpty, word == "true" || word == "false"
                        || word.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 || $0 == 43 || $0 == 101 || $0 == 69 }) else {
                    throw Failure(what: "value")
                }
                return .text(word)
            }
        }
        try expect(123)
        skipSpace()
        if i < n, bytes[i] == 125 {
            i += 1
        } else {
            while true {
                skipSpace()
                // A key without escapes is passed as the bytes it is.
                var keyStart = i + 1, keyEnd = keyStart
                var escapedKey: [UInt8]?
                if i < n, bytes[i] == 34 {
                    while keyEnd < n, bytes[keyEnd] != 34, bytes[keyEnd] != 92 { keyEnd += 1 }
                    if keyEnd < n, bytes[keyEnd] == 34 {
                        i = keyEnd + 1
                    } else {
                        escapedKey = Array(try string().utf8)
                    }
                } else {
                    throw Failure(what: "\"")
                }
                try expect(58)
                let value = try scalarValue()
                if let escapedKey {
                    escapedKey.withUnsafeBufferPointer { body($0, value) }
                } else {
                    body(UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), value)
                }
                _ = keyStart
                keyStart = 0
                skipSpace()
                guard i < n else { throw Failure(what: "}") }
                if bytes[i] == 125 { i += 1; break }
                try expect(44)
            }
        }
        skipSpace()
        guard i == n else { throw Failure(what: "end") }
    }

    /// The bytes as a String when they are valid UTF-8. Decoding and comparing is not generic
    /// (String(validating:) looks up generic metadata on every call: a million values add up).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count == bytes.count else { return nil }
        var ascii = true
        for byte in bytes where byte >= 0x80 { ascii = false; break }
        if ascii { return text }
        let same = text.withUTF8 { decoded in
            bytes.baseAddress.map { memcmp(decoded.baseAddress!, $0, bytes.count) == 0 } ?? true
        }
        return same ? text : nil
    }
}
