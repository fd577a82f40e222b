// SeriesAmountOutput: a series' amount changed from a date on (`recurring amount`, "netflix is
// 5490 from april"). JSON: {"event": "series-amount", "code": "recurring.amount-changed", "id",
// "amount", "currency", "from", "message"}.

import KassaCore
import KassaLedger

struct SeriesAmountOutput: CommandOutput {
    let series: Series
    let amount: Money
    let from: CivilDate

    func textLines(_ renderer: TextRenderer) -> [String] {
        [renderer.style.good(renderer.amountChangeText(series, amount: amount, from: from))]
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "series-amount")
        json.add("code", "recurring.amount-changed")
        json.add("id", String(series.id))
        json.add("amount", amount.decimalString)
        json.add("currency", amount.currency.code)
        json.add("from", from.iso)
        json.add("message", renderer.amountChangeText(series, amount: amount, from: from))
        return [json]
    }
}
