// HistoryOutput: what `:history` / `kassa history` show — the journal's changes, newest last,
// with what undo and redo would take next. Text: one line a change under its number; JSON:
// {"event": "history", "entries": [{"number", "kind", "ids", "targets", "in_effect"}],
// "next_undo", "next_redo"}.

import KassaCore
import KassaStore

struct HistoryOutput: CommandOutput {
    let history: History

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog, style = renderer.style
        if history.entries.isEmpty { return [catalog.text("history.empty")] }
        var lines: [String] = []
        // Change numbers grow past the column's usual five places in a journal of a million changes.
        let numberWidth = max(5, (history.entries.map { String($0.number).count }.max() ?? 0) + 2)
        for entry in history.entries {
            var text = "  " + renderer.pad("\(entry.number)", to: numberWidth)
                + renderer.pad(catalog.text(renderer.kindKey("history.kind", entry.kind, objectKinds: entry.objectKinds)), to: 12)
            if !entry.ids.isEmpty {
                text += entry.ids.prefix(5).map { "#\($0)" }.joined(separator: " ")
                if entry.transactionCount > 5 { text += " … (\(entry.transactionCount))" }
            }
            if !entry.targets.isEmpty { text += "→ " + entry.targets.map { "\($0)" }.joined(separator: ", ") }
            if !entry.subjects.isEmpty { text += entry.subjects.prefix(5).joined(separator: ", ") }
            if entry.kind != .undo && entry.kind != .redo && !entry.inEffect && entry.kind != .account && entry.kind != .learn {
                text += "  " + style.dim(catalog.text("history.undone"))
            }
            if entry.number == history.nextUndo { text += "  " + style.note(catalog.text("history.next-undo")) }
            if entry.number == history.nextRedo { text += "  " + style.note(catalog.text("history.next-redo")) }
            lines.append(text)
        }
        lines.append(style.dim(catalog.text("history.total", count: history.total)))
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        var json = JSONWriter()
        json.add("event", "history")
        json.add("entries", raw: JSONWriter.array(history.entries.map { entry in
            var item = JSONWriter()
            item.add("number", entry.number)
            item.add("kind", entry.kind.rawValue)
            item.add("ids", strings: entry.ids.map(String.init))
            item.add("targets", strings: entry.targets.map(String.init))
            item.add("in_effect", entry.inEffect)
            return item.result
        }))
        json.add("next_undo", history.nextUndo.map(String.init))
        json.add("next_redo", history.nextRedo.map(String.init))
        return [json]
    }
}
