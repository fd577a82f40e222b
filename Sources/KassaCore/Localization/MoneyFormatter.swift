// MoneyFormatter: shows Money the way the UI language writes it ("1 500,00 ₸", "₸1,500.00").
// Separators, the pattern and currency symbols all come from the catalog (Locales/<lang>/format.messages).

public struct MoneyFormatter: Sendable {
    private let group: String
    private let decimal: String
    private let pattern: String
    private let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
        group = catalog.template("number.group").map { $0 == "space" ? " " : $0 } ?? ","
        decimal = catalog.template("number.decimal") ?? "."
        pattern = catalog.template("money.pattern") ?? "{amount} {symbol}"
    }

    /// The symbol for a currency, or its ISO code when the language has none.
    public func symbol(_ currency: Currency) -> String {
        catalog.template("currency.symbol.\(currency.code)") ?? currency.code
    }

    public func format(_ money: Money) -> String {
        let plain = money.decimalString  // "-1500.00"
        var digits = Substring(plain)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1)
        let whole = Array(parts[0])
        var grouped = ""
        for (index, ch) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped += group }
            grouped.append(ch)
        }
        if parts.count == 2 { grouped += decimal + parts[1] }
        let body = Catalog.fill(pattern, ["amount": grouped, "symbol": symbol(money.currency)])
        // U+2212, the typographic minus: the same sign in every listing, balance and report.
        return negative ? "\u{2212}" + body : body
    }
}
