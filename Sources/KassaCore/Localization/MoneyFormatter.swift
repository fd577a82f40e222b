// MoneyFormatter: shows Money the way the UI language writes it ("1 500,00 ₸", "₸1,500.00").
// Separators, the pattern and currency symbols all come from the catalog (Locales/<lang>/format.messages).

public struct MoneyFormatter: Sendable {
    private let group: String
    private let decimal: String
    private let pattern: String
    private let catalog: Catalog
    /// The pattern split around its placeholders, read once: a listing formats a million amounts.
    private let pieces: [Piece]

    private enum Piece: Sendable {
        case text(String), amount, symbol
    }

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
