// BalanceOutput: what `:balance` / `kassa balance` show — each account's balance today, then the
// planned transactions' totals apart; with `--in`, a total line of everything in that currency.
// JSON: {"event": "balance", "lines": [{"account", "amount", "currency", "count", "opening",
// "planned", "planned_count", "total": false}, …, {"account": null, "total": true, "amount",
// "currency", …}]} — the total line only with `--in`.

import KassaCore
import KassaLedger

struct BalanceOutput: CommandOutput {
    let lines: [BalanceLine]
    /// `--in CODE`: every converted account summed.
    var total: Money? = nil

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog, style = renderer.style
        if lines.isEmpty { return [catalog.text("list.empty")] }
        let width = max(lines.map { renderer.shown($0.account ?? "—").count }.max() ?? 4,
                        total == nil ? 0 : catalog.text("balance.total").count)
        var out: [String] = []
        for line in lines where line.isCurrent {
            var text = "  " + renderer.pad(renderer.shown(line.account ?? "—"), to: width) + "  " + renderer.money(line.amount)
            if line.count > 0 { text += "  " + style.dim(catalog.text("list.count", count: line.count)) }
            if !line.opening.isZero { text += "  " + style.dim(catalog.text("balance.opening", ["amount": renderer.money(line.opening)])) }
            out.append(text)
        }
        if let total {
            let label = catalog.text("balance.total")
            out.append("  " + renderer.pad(label, to: width) + "  " + style.bold(renderer.money(total)))
        }
        let planned = lines.filter { $0.plannedCount > 0 }
        if !planned.isEmpty {
            out.append(style.note(catalog.text("balance.planned-header")))
            for line in planned {
                out.append("  " + renderer.pad(renderer.shown(line.account ?? "—"), to: width) + "  " + renderer.money(line.planned) + "  "
                    + style.dim(catalog.text("list.count", count: line.plannedCount)))
            }
        }
        return out
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "balance")
        json.add("lines", raw: JSONWriter.array(lines.map { line in
            var item = JSONWriter()
            item.add("account", line.account)
            item.add("amount", line.amount.decimalString)
            item.add("currency", line.amount.currency.code)
            item.add("count", line.count)
            // Extensions (DESIGN.md §8: extend, never break): the opening balance included in
            // "amount", and the transactions dated after today, never in it.
            item.add("opening", line.opening.decimalString)
            item.add("planned", line.planned.decimalString)
            item.add("planned_count", line.plannedCount)
            item.add("total", false)
            return item.result
        } + (total.map { total in
            var item = JSONWriter()
            item.add("account", nil as String?)
            item.add("total", true)
            item.add("amount", total.decimalString)
            item.add("currency", total.currency.code)
            return [item.result]
        } ?? [])))
        return [json]
    }
}
