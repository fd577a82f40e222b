// JSONLineReader: reads one flat JSON object per line — the `kassa list --json` TRANSACTION
// shape — into key → value strings (numbers kept as their text, null as nil). Hand-written:
// a backup of a million lines should import in seconds, and nested values are not needed.

struct JSONLineReader {
    enum Failure: Error, Equatable { case syntax(String) }

    /// Parses `{"key": "value" | number | null | true | false, ...}` from `bytes`.
    static func object(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [String: String?] {
        var i = 0
        let n = bytes.count
        func skipSpace() { while i < n, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 13 { i += 1 } }
        func expect(_ c: UInt8) throws(Failure) {
            skipSpace()
            guard i < n, bytes[i] == c else { throw .syntax(String(UnicodeScalar(c))) }
            i += 1
        }
        func string() throws(Failure) -> String {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while true {
                guard i < n else { throw .syntax("string") }
                let b = bytes[i]
                i += 1
                if b == UInt8(ascii: "\"") { break }
                if b < 0x20 { throw .syntax("control") }
                guard b == UInt8(ascii: "\\") else { out.append(b); continue }
                guard i < n else { throw .syntax("escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800, scalar < 0xDC00 {
                        guard i + 1 < n, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw .syntax("surrogate")
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw .syntax("surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw .syntax("escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw .syntax("escape")
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw .syntax("utf8") }
            return text
        }
        func hex4() throws(Failure) -> UInt32 {
            guard i + 4 <= n else { throw .syntax("escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[i]
                let d: UInt32
                switch b {
                case 48...57: d = UInt32(b - 48)
                case 97...102: d = UInt32(b - 87)
                case 65...70: d = UInt32(b - 55)
                default: throw .syntax("escape")
                }
                v = v << 4 | d
                i += 1
            }
            return v
        }
        func word(_ w: String) -> Bool {
            let u = Array(w.utf8)
            guard i + u.count <= n else { return false }
            for k in 0..<u.count where bytes[i + k] != u[k] { return false }
            i += u.count
            return true
        }
        var result: [String: String?] = [:]
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if i < n, bytes[i] == UInt8(ascii: "}") { i += 1 } else {
            while true {
                let key = try string()
                try expect(UInt8(ascii: ":"))
                skipSpace()
                guard i < n else { throw .syntax("value") }
                let value: String?
                switch bytes[i] {
                case UInt8(ascii: "\""): value = try string()
                case UInt8(ascii: "n"): guard word("null") else { throw .syntax("value") }; value = nil
                case UInt8(ascii: "t"): guard word("true") else { throw .syntax("value") }; value = "true"
                case UInt8(ascii: "f"): guard word("false") else { throw .syntax("value") }; value = "false"
                case UInt8(ascii: "-"), 48...57:
                    let start = i
                    i += 1
                    while i < n, (48...57).contains(bytes[i]) || bytes[i] == UInt8(ascii: ".")
                        || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")
                        || bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                    value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                default: throw .syntax("value")
                }
                guard result.updateValue(value, forKey: key) == nil else { throw .syntax("duplicate") }
                skipSpace()
                guard i < n else { throw .syntax("}") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect(UInt8(ascii: "}"))
                break
            }
        }
        skipSpace()
        guard i == n else { throw .syntax("trailing") }
        return result
    }
}
