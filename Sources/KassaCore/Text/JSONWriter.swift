// JSONWriter: builds one JSON object on one line, keys in the order written.
// Hand-written because the contract fixes key order and number-free amounts, and because
// it is on the start-up path of `kassa parse --json` where Foundation's encoder is slow.

public struct JSONWriter: Sendable {
    private var text = "{"
    private var first = true

    public init() {}

    private mutating func key(_ name: String) {
        if !first { text += ", " }
        first = false
        JSONWriter.appendQuoted(name, to: &text)
        text += ": "
    }

    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        if let value { JSONWriter.appendQuoted(value, to: &text) } else { text += "null" }
    }

    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// A number written with exactly two decimals (confidence). Never used for money.
    public mutating func add(_ name: String, fraction value: Double) {
        key(name)
        let hundredths = Int(max(0, value) * 100 + 0.5)
        text += String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }

    public mutating func add(_ name: String, strings: [String]) {
        key(name)
        text += "["
        for (index, value) in strings.enumerated() {
            if index > 0 { text += ", " }
            JSONWriter.appendQuoted(value, to: &text)
        }
        text += "]"
    }

    /// Adds an already-encoded JSON value (an object or an array of objects).
    public mutating func add(_ name: String, raw json: String) {
        key(name)
        text += json
    }

    public var result: String { text + "}" }

    public static func array(_ encodedItems: [String]) -> String {
        "[" + encodedItems.joined(separator: ", ") + "]"
    }

    public static func appendQuoted(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
