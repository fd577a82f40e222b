// MoneyFormatter: shows Money the way the UI language writes it ("1 500,00 ₸", "₸1,500.00").
// Separators, the pattern and currency symbols all come from the catalog (Locales/<lang>/format.messages).

/// A class, not a struct: a listing hands it to every row, and a struct of eight references
/// cost sixteen reference-count operations a row.
public final class MoneyFormatter: Sendable {
    private let group: String
    private let decimal: String
    private let pattern: String
    private let catalog: Catalog
    /// The pattern split around its placeholders, read once: a listing formats a million amounts.
    private let pieces: [Piece]

    /// The pattern's text pieces as bytes, in the same order (for `write`).
    private let bytePieces: [BytePiece]

    private enum Piece: Sendable {
        case text(String), amount, symbol
    }

    private enum BytePiece: Sendable {
        case text([UInt8]), amount, symbol
    }

    private let groupBytes: [UInt8]
    private let decimalBytes: [UInt8]

    public init(catalog: Catalog) {
        self.catalog = catalog
        group = catalog.template("number.group").map { $0 == "space" ? " " : $0 } ?? ","
        decimal = catalog.template("number.decimal") ?? "."
        pattern = catalog.template("money.pattern") ?? "{amount} {symbol}"
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            switch rest[rest.index(after: open)..<close] {
            case "amount": pieces.append(.amount)
            case "symbol": pieces.append(.symbol)
            default: pieces.append(.text(String(rest[open...close])))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
        bytePieces = pieces.map { piece in
            switch piece {
            case .text(let text): return .text(Array(text.utf8))
            case .amount: return .amount
            case .symbol: return .symbol
            }
        }
        groupBytes = Array(group.utf8)
        decimalBytes = Array(decimal.utf8)
    }

    /// The most bytes `write` puts for an amount whose symbol has `symbolBytes` bytes.
    public func maxBytes(symbolBytes: Int) -> Int {
        var fixed = 3 + 20 + 7 * groupBytes.count + decimalBytes.count + 20
        for case .text(let bytes) in bytePieces { fixed += bytes.count }
        return fixed + 2 * symbolBytes
    }

    /// `format(money)`'s bytes, written through `out` (with room for `maxBytes`), the symbol
    /// given as bytes (a listing looks each currency's up once, not once a row).
    public func write(_ money: Money, symbol: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        let digits = money.currency.minorDigits
        let per = UInt64(money.currency.minorPerMajor)
        let magnitude = money.minorUnits.magnitude
        if money.minorUnits < 0 { out.put(0xE2); out.put(0x88); out.put(0x92) }
        for piece in bytePieces {
            switch piece {
            case .text(let bytes): out.put(bytes)
            case .symbol: out.put(symbol)
            case .amount:
                // The whole part written backwards in place, a group mark before every third
                // digit: its length is known from the digit count.
                var whole = magnitude / per
                var count = 1
                var probe = whole
                while probe >= 10 { probe /= 10; count += 1 }
                let mark = groupBytes.count
                let length = count + (count - 1) / 3 * mark
                let at = out.current
                var index = length
                var written = 0
                repeat {
                    if written > 0 && written % 3 == 0 {
                        index -= mark
                        for k in 0..<mark { at[index + k] = groupBytes[k] }
                    }
                    index -= 1
                    at[index] = UInt8(truncatingIfNeeded: 48 + whole % 10)
                    whole /= 10
                    written += 1
                } while whole > 0
                out.advance(by: length)
                if digits > 0 {
                    if decimalBytes.count == 1 { out.put(decimalBytes[0]) } else { out.put(decimalBytes) }
                    var fraction = magnitude % per
                    var place = digits
                    let start = out.current
                    repeat {
                        place -= 1
                        start[place] = UInt8(truncatingIfNeeded: 48 + fraction % 10)
                        fraction /= 10
                    } while place > 0
                    out.advance(by: digits)
                }
            }
        }
    }

    /// The symbol for a currency, or its ISO code when the language has none.
    public func symbol(_ currency: Currency) -> String {
        catalog.template("currency.symbol.\(currency.code)") ?? currency.code
    }

    public func format(_ money: Money) -> String {
        let per = UInt64(money.currency.minorPerMajor)
        let magnitude = money.minorUnits.magnitude
        let whole = Array(String(magnitude / per).utf8)
        var grouped = ""
        grouped.reserveCapacity(whole.count + whole.count / 3 * group.utf8.count + 8)
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped += group }
            grouped.unicodeScalars.append(Unicode.Scalar(digit))
        }
        if money.currency.minorDigits > 0 {
            let fraction = String(magnitude % per)
            grouped += decimal + String(repeating: "0", count: money.currency.minorDigits - fraction.count) + fraction
        }
        // U+2212, the typographic minus: the same sign in every listing, balance and report.
        var body = money.minorUnits < 0 ? "\u{2212}" : ""
        for piece in pieces {
            switch piece {
            case .text(let text): body += text
            case .amount: body += grouped
            case .symbol: body += symbol(money.currency)
            }
        }
        return body
    }
}
