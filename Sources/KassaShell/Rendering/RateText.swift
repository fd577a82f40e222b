// RateText: exchange rates as text (`:rate`) and as JSON lines (`kassa rate --json`, one rate per
// line: {"currency", "base", "rate", "date"}, the rate a decimal string).

import KassaCore
import KassaInterchange

extension TextRenderer {
    func rateLines(_ rates: [ExchangeRate], base: Currency) -> [OutputLine] {
        guard !rates.isEmpty else { return [OutputLine(catalog.text("rate.empty", ["base": base.code]))] }
        let width = rates.map { $0.decimalString.count }.max() ?? 1
        return rates.map { rate in
            OutputLine("  " + catalog.text("rate.line", [
                "currency": rate.currency.code, "base": rate.base.code,
                "rate": String(repeating: " ", count: width - rate.decimalString.count) + rate.decimalString,
                "date": formatDate(rate.date),
            ]))
        }
    }
}

extension JSONRenderer {
    func rateLines(_ rates: [ExchangeRate], base: Currency) -> [OutputLine] {
        rates.map { rate in
            var json = JSONWriter()
            json.add("currency", rate.currency.code)
            json.add("base", rate.base.code)
            json.add("rate", rate.decimalString)
            json.add("date", rate.date.iso)
            return OutputLine(json.result)
        }
    }
}
