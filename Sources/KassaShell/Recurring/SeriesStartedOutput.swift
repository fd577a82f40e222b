// SeriesStartedOutput: a save with a recurrence (or a loan's payments) started a series —
// "repeats every month, next 15 Feb" under Saved. JSON: {"event": "series", "series": {...}}.

import KassaCore
import KassaLedger

struct SeriesStartedOutput: CommandOutput {
    let series: Series
    let next: CivilDate?

    func textLines(_ renderer: TextRenderer) -> [String] {
        [renderer.style.dim(renderer.catalog.text("recurring.started", [
            "frequency": renderer.frequencyText(series), "next": next.map(renderer.shortDate) ?? "—",
        ]))]
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "series")
        json.add("series", raw: RecurringJSON.seriesObject(series, next: next, amount: series.amount).result)
        return [json]
    }
}
