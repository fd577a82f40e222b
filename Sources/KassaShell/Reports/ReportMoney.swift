// ReportMoney: amounts as a report shows them — whole units (rounded half away from zero; the
// exact figures are in --json and --csv), grouped the language's way, with the currency's
// symbol, or its ISO code in ASCII output. Percentages and changes too.

import KassaCore

struct ReportMoney {
    let catalog: Catalog
    let ascii: Bool
    private let group: String
    private var pattern: String

    init(catalog: Catalog, ascii: Bool) {
        self.catalog = catalog
        self.ascii = ascii
        let group = catalog.template("number.group").map { $0 == "space" ? " " : $0 } ?? ","
        // A no-break space keeps "1 500 ₸" together; in ASCII a plain one.
        self.group = group == " " && !ascii ? "\u{00A0}" : group
        let pattern = ascii ? "{amount} {symbol}" : (catalog.template("money.pattern") ?? "{amount} {symbol}")
        // Amount and symbol stay on one line when a sentence is wrapped.
        self.pattern = ascii ? pattern : String(pattern.map { $0 == " " ? "\u{00A0}" : $0 })
    }

    /// Without the currency symbol, for tables too narrow for it (their heading names the currency).
    func plain(_ money: Money) -> String {
        ReportMoney(catalog: catalog, ascii: ascii, pattern: "{amount}").format(money)
    }

    private init(catalog: Catalog, ascii: Bool, pattern: String) {
        self.init(catalog: catalog, ascii: ascii)
        self.pattern = pattern
    }

    func format(_ money: Money) -> String {
        let per = money.currency.minorPerMajor
        let magnitude = money.minorUnits.magnitude
        let whole = magnitude / UInt64(per) + (magnitude % UInt64(per) * 2 >= UInt64(per) ? 1 : 0)
        let digits = Array(String(whole))
        var grouped = ""
        for (index, ch) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += group }
            grouped.append(ch)
        }
        let symbol = ascii ? money.currency.code : (catalog.template("currency.symbol.\(money.currency.code)") ?? money.currency.code)
        let body = ReportMoney.fill(pattern, ["amount": grouped, "symbol": symbol])
        return money.minorUnits < 0 && whole > 0 ? minus + body : body
    }

    /// `{name}` placeholders of a format template filled in.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var name: String?
        for ch in template {
            if ch == "{" { name = "" } else if ch == "}", let pending = name {
                out += values[pending] ?? ""
                name = nil
            } else if name != nil { name!.append(ch) } else { out.append(ch) }
        }
        return out
    }

    /// "+₸1,200" / "−₸300".
    func signed(_ money: Money, symbol: Bool = true) -> String {
        let text = symbol ? format(money) : plain(money)
        return money.minorUnits > 0 ? "+" + text : text
    }

    var minus: String { ascii ? "-" : "\u{2212}" }

    /// 0.4231 → "42%".
    func percent(_ ratio: Double) -> String {
        let value = Int((ratio * 100).rounded())
        return (value < 0 ? minus : "") + catalog.text("report.percent", ["value": String(abs(value))])
    }

    /// 0.12 → "+12%", −0.5 → "−50%".
    func change(_ ratio: Double) -> String {
        let value = Int((ratio * 100).rounded())
        let text = catalog.text("report.percent", ["value": String(abs(value))])
        return value > 0 ? "+" + text : value < 0 ? minus + text : text
    }

    /// 2.46 → "2.5" with the language's decimal mark.
    func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let mark = catalog.template("number.decimal") ?? "."
        return String(tenths / 10) + mark + String(abs(tenths % 10))
    }
}
