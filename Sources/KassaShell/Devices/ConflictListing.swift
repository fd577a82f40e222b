// ConflictListing: what `kassa conflicts` shows. Text: one line per conflict (transaction, field,
// each device's value and time, the value kept); JSON: {"transaction", "field", "values":
// [{"device", "value", "at"}], "kept"}.

import KassaCore
import KassaStore

struct ConflictListing: CommandOutput {
    let conflicts: [LedgerConflict]

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        guard !conflicts.isEmpty else { return [catalog.text("conflicts.none")] }
        return conflicts.map { conflict in
            let values = conflict.values.map { value in
                catalog.text("conflicts.value", ["device": value.device, "value": value.value,
                                                 "at": DeviceListing.time(value.at) ?? String(value.at)])
            }.joined(separator: "; ")
            if conflict.field == "change" {
                return catalog.text("conflicts.left-out", ["transaction": "#" + String(conflict.transaction), "values": values])
            }
            return catalog.text("conflicts.line", ["transaction": "#" + String(conflict.transaction), "field": conflict.field,
                                                   "values": values, "kept": conflict.kept])
        }
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        conflicts.map { conflict in
            var json = JSONWriter()
            json.add("transaction", String(conflict.transaction))
            json.add("field", conflict.field)
            json.add("values", raw: JSONWriter.array(conflict.values.map { value in
                var item = JSONWriter()
                item.add("device", value.device)
                item.add("value", value.value)
                item.add("at", DeviceListing.time(value.at) ?? String(value.at))
                return item.result
            }))
            json.add("kept", conflict.kept)
            return json
        }
    }
}
