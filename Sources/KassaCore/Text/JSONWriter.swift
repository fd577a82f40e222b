// JSONWriter: builds one JSON object on one line, keys in the order written, as UTF-8 bytes.
// Hand-written because the contract fixes key order and number-free amounts, and because it is
// on the hot path of `kassa parse --json` and `kassa list --json`: strings are copied in runs of
// bytes that need no escape, never scalar by scalar.

public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    public init() {}

    /// Starts with room for `capacity` bytes (a transaction line is ~250).
    public init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Continues `buffer`: the object is written after what it holds, without copying it (the
    /// buffer is moved in, and moved back by `finish(into:)`).
    public init(continuing buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Closes the object and moves the whole buffer back to `buffer`.
    public mutating func finish(into buffer: inout [UInt8]) {
        bytes.append(UInt8(ascii: "}"))
        swap(&bytes, &buffer)
        bytes = []
    }

    /// Writes a value in place: `body` appends the encoded JSON (an array, an object).
    public mutating func add(_ name: StaticString, writing body: (inout [UInt8]) -> Void) {
        key(name)
        body(&bytes)
    }

    private mutating func key(_ name: StaticString) {
        // Plain stores of the key's bytes: keys are written for every field of every line.
        let count = name.utf8CodeUnitCount
        if !first { bytes.append(UInt8(ascii: ",")); bytes.append(32) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        let start = name.utf8Start
        for index in 0..<count { bytes.append(start[index]) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    private mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")); bytes.append(32) }
        first = false
        JSONWriter.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    public mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { JSONWriter.appendQuoted(value, to: &bytes) } else { JSONWriter.appendNull(to: &bytes) }
    }

    /// A key made at run time (e.g. "name_" + a language code).
    public mutating func add(dynamicKey name: String, _ value: String?) {
        key(name)
        if let value { JSONWriter.appendQuoted(value, to: &bytes) } else { JSONWriter.appendNull(to: &bytes) }
    }

    public mutating func add(_ name: StaticString, _ value: Int) {
        key(name)
        JSONWriter.appendInteger(value, to: &bytes)
    }

    public mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    /// A number written with exactly two decimals (confidence). Never used for money.
    public mutating func add(_ name: StaticString, fraction value: Double) {
        key(name)
        let hundredths = Int(max(0, value) * 100 + 0.5)
        JSONWriter.appendInteger(hundredths / 100, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 100 / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 10))
    }

    public mutating func add(_ name: StaticString, strings: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(32) }
            JSONWriter.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an already-encoded JSON value (an object or an array of objects).
    public mutating func add(_ name: StaticString, raw json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// Adds an already-encoded JSON value given as bytes.
    public mutating func add(_ name: StaticString, rawBytes json: [UInt8]) {
        key(name)
        bytes.append(contentsOf: json)
    }

    /// The object, closed, as bytes.
    public var resultBytes: [UInt8] { bytes + [UInt8(ascii: "}")] }

    /// Appends the closed object to `out` (no copy of the whole object on the way).
    public func append(to out: inout [UInt8]) {
        out.append(contentsOf: bytes)
        out.append(UInt8(ascii: "}"))
    }

    public var result: String { String(decoding: resultBytes, as: UTF8.self) }

    public static func array(_ encodedItems: [String]) -> String {
        "[" + encodedItems.joined(separator: ", ") + "]"
    }

    static func appendNull(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "n")); out.append(UInt8(ascii: "u")); out.append(UInt8(ascii: "l")); out.append(UInt8(ascii: "l"))
    }

    public static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    /// Appends `value` as a JSON string: runs of plain bytes are copied at once; `"`, `\` and
    /// control characters are escaped (U+2028/2029 are valid JSON and left as they are).
    public static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.appendWritten(atMost: maxQuotedBytes(value)) { writeQuoted(value, to: &$0) }
    }

    /// The String form of `appendQuoted`, for callers that build text.
    public static func appendQuoted(_ value: String, to out: inout String) {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// Bytes `writeQuoted` may need for `value`: quotes and six per byte (`\u001F`) at worst.
    @inlinable public static func maxQuotedBytes(_ value: String) -> Int { 2 + 6 * value.utf8.count }

    /// `appendQuoted`'s bytes through a cursor with room for `maxQuotedBytes(value)`.
    public static func writeQuoted(_ value: String, to out: inout ByteCursor) {
        out.put(UInt8(ascii: "\""))
        // A native or small string's bytes in place, without the copy `withUTF8` needs (a
        // retain and a release per string); others (bridged) through that copy.
        if value.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &out) }) == nil {
            var copy = value
            copy.withUTF8 { writeEscaped($0, to: &out) }
        }
        out.put(UInt8(ascii: "\""))
    }

    /// The bytes of a JSON string's inside: runs that need no escape copied whole.
    @inline(__always)
    static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        guard let base = utf8.baseAddress else { return }
        var tailTested = false
        while index < count {
            // Eight bytes at a time while none needs an escape (nearly all text).
            if index + 8 <= count, !mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            // Fewer than eight left: the last eight bytes (some already passed) or, in a short
            // string, its bytes padded with spaces, tested as one word before byte by byte.
            if index + 8 > count, !tailTested {
                tailTested = true
                var last: UInt64
                if count >= 8 {
                    last = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
                } else {
                    last = 0x2020_2020_2020_2020
                    withUnsafeMutableBytes(of: &last) { $0.baseAddress!.copyMemory(from: base + index, byteCount: count - index) }
                }
                if !mayNeedEscape(last) { index = count; break }
            }
            let byte = utf8[index]
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index - 1 { out.put(UnsafeBufferPointer(rebasing: utf8[runStart..<index - 1])) }
            runStart = index
            out.put(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.put(byte)
            case 10: out.put(UInt8(ascii: "n"))
            case 13: out.put(UInt8(ascii: "r"))
            case 9: out.put(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                out.put(UInt8(ascii: "u")); out.put(UInt8(ascii: "0")); out.put(UInt8(ascii: "0"))
                out.put(hex.utf8Start[Int(byte >> 4)]); out.put(hex.utf8Start[Int(byte & 15)])
            }
        }
        if runStart < utf8.count { out.put(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// Whether any of eight bytes is a control character, `"` or a backslash (no false negatives: the
    /// zero-byte test below is exact about whether some byte matches).
    @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }
}
