// ImportPreviewRows: the rows an import's preview shows — the first few as `kassa list` shows
// them, then, when the file has more, "… and N more" and a footer whose count and totals are
// those of every row to be imported, not only of the rows shown.

import KassaCore
import KassaStore

struct ImportPreviewRows: CommandOutput {
    /// The rows shown (ids as they would be given).
    let rows: [Transaction]
    /// Every row to be imported, and their totals per currency.
    let count: Int
    let totals: ListingStream.Totals

    func textLines(_ renderer: TextRenderer) -> [String] {
        let listing = TransactionListing(rows)
        let layout = ListLayout(renderer: renderer, sample: listing)
        var lines = [renderer.style.dim(layout.header)]
        for row in rows { lines.append(layout.row(row)) }
        if count > rows.count {
            lines.append(renderer.style.dim(renderer.catalog.text("import.preview.more", count: count - rows.count)))
        }
        lines.append(renderer.style.dim(layout.footer(count: count, totals: totals)))
        return lines
    }

    /// (The command emits the listing itself for JSON: see ImportTally.preview.)
    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "list")
        json.add("transactions", raw: JSONWriter.array(rows.map { JSONEncoding.transaction($0) }))
        return [json]
    }
}
