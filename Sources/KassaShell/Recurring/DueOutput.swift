// DueOutput: recurring payments due and coming up — `:due` / `kassa due` list them one a line
// (`listing`); a session's start says them as a batch header ("2 payments are due: Netflix
// ₸4,990.00 (today), …" and "Coming up: …"). JSON: {"event": "due", "occurrences": [...]}, and
// on the command line one occurrence a line (RecurringJSON.dueObject).

import KassaCore
import KassaLedger

struct DueOutput: CommandOutput {
    let occurrences: [DueOccurrence]
    let today: CivilDate
    /// `:due`'s table rather than the session's header.
    let listing: Bool

    func textLines(_ renderer: TextRenderer) -> [String] {
        listing ? table(renderer) : header(renderer)
    }

    private func header(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog, style = renderer.style
        let due = occurrences.filter(\.isDue), coming = occurrences.filter { !$0.isDue }
        var lines: [String] = []
        if !due.isEmpty {
            lines.append(style.note(catalog.text("recurring.due-header", count: due.count, [
                "items": due.map(renderer.item).joined(separator: ", "),
            ])))
        }
        if !coming.isEmpty {
            lines.append(style.dim(catalog.text("recurring.coming-header", [
                "items": coming.map(renderer.item).joined(separator: ", "),
            ])))
        }
        return lines
    }

    private func table(_ renderer: TextRenderer) -> [String] {
        if occurrences.isEmpty { return [renderer.catalog.text("recurring.nothing-due")] }
        let width = occurrences.map { DisplayWidth.of(renderer.displayNote($0.series)) }.max() ?? 4
        let amountWidth = occurrences.map { DisplayWidth.of(renderer.money($0.amount)) }.max() ?? 4
        return occurrences.map { o in
            "  " + DisplayWidth.padRight(String(o.series.id), to: 4) + renderer.formatDate(o.date) + "  "
                + DisplayWidth.padRight(renderer.displayNote(o.series), to: width) + "  "
                + DisplayWidth.padLeft(renderer.money(o.amount), to: amountWidth) + "  " + renderer.style.dim(renderer.when(o.daysOverdue))
        }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        jsonObjects(renderer, commandLine: false)
    }

    func jsonObjects(_ renderer: TextRenderer, commandLine: Bool) -> [JSONWriter] {
        let items = occurrences.map(RecurringJSON.dueObject)
        if listing && commandLine { return items }
        var json = JSONWriter()
        json.add("event", "due")
        json.add("occurrences", raw: JSONWriter.array(items.map(\.result)))
        return [json]
    }
}
