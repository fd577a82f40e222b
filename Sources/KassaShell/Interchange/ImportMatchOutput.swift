// ImportMatchOutput: what an import of a bank's file says of meeting the person's entries
// (ImportMatching): how many rows confirmed an entry (cleared), how many are new, how many an
// earlier import had matched, the rows that wait for the person, and the entries of the file's
// days the file lacks. JSON: one object, {"event": "import", "imported", "matched", "new",
// "already", "unmatched_entries": ["id", …], "undecided": [{"date", "amount", "currency",
// "note", "candidates": ["id", …]}]} (DESIGN.md §10).

import KassaCore
import KassaStore

struct ImportMatchOutput: CommandOutput {
    let imported: Int
    let matched: Int
    let already: Int
    let unmatched: [Transaction]
    let undecided: [ImportMatching.Undecided]
    /// A preview (--dry-run): says what would happen.
    let dryRun: Bool

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var lines: [String] = []
        let prefix = dryRun ? "import.would." : "import."
        if matched > 0 { lines.append(catalog.text(prefix + "matched", count: matched)) }
        if already > 0 { lines.append(catalog.text("import.already-matched", count: already)) }
        for row in undecided {
            lines.append(catalog.text("import.undecided", [
                "date": renderer.formatDate(row.row.date), "amount": renderer.money(row.row.amount),
                "note": row.row.note, "ids": row.candidates.map { "#" + String($0.id) }.joined(separator: ", "),
            ]))
        }
        if !unmatched.isEmpty {
            lines.append(catalog.text("import.unmatched-entries", count: unmatched.count))
            for t in unmatched.prefix(20) {
                lines.append("  " + catalog.text("import.unmatched-entry", [
                    "id": String(t.id), "date": renderer.formatDate(t.date), "amount": renderer.money(t.amount),
                    "note": t.note.isEmpty ? (t.category ?? "—") : t.note,
                ]))
            }
            if unmatched.count > 20 { lines.append("  " + catalog.text("import.preview.more", count: unmatched.count - 20)) }
        }
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "import")
        json.add("imported", imported)
        json.add("matched", matched)
        json.add("new", imported)
        json.add("already", already)
        json.add("unmatched_entries", strings: unmatched.map { String($0.id) })
        json.add("undecided", raw: JSONWriter.array(undecided.map { row in
            var item = JSONWriter()
            item.add("date", row.row.date.iso)
            item.add("amount", row.row.amount.decimalString)
            item.add("currency", row.row.amount.currency.code)
            item.add("note", row.row.note)
            item.add("candidates", strings: row.candidates.map { String($0.id) })
            return item.result
        }))
        json.add("dry_run", dryRun)
        return [json]
    }
}
