// RatesOutput: what `:rate` / `kassa rate` show — exchange rates against the base currency.
// Text: `  1 USD = 470.00 KZT  (date)`, the rates right-aligned; JSON: one rate a line,
// {"currency", "base", "rate", "date"}, the rate a decimal string.

import KassaCore
import KassaInterchange

struct RatesOutput: CommandOutput {
    let base: Currency
    let rates: [ExchangeRate]

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        guard !rates.isEmpty else { return [catalog.text("rate.empty", ["base": base.code])] }
        let width = rates.map { $0.decimalString.count }.max() ?? 1
        return rates.map { rate in
            "  " + catalog.text("rate.line", [
                "currency": rate.currency.code, "base": rate.base.code,
                "rate": String(repeating: " ", count: width - rate.decimalString.count) + rate.decimalString,
                "date": renderer.formatDate(rate.date),
            ])
        }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        rates.map { rate in
            var json = JSONWriter()
            json.add("currency", rate.currency.code)
            json.add("base", rate.base.code)
            json.add("rate", rate.decimalString)
            json.add("date", rate.date.iso)
            return json
        }
    }
}
