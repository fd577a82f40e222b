// DeviceFileListing: what `kassa check` and `kassa repair` say in a ledger folder — one entry per
// device file (LedgerCheck, LedgerRepair). Text: a line per file (intact; a change still
// arriving; this device's save cut short; damaged, naming every line left out, with who can
// repair it) and, for this device's file after repair, the single-journal repair's own lines.
// JSON: one object per file, {"device", "file", "this", "state", "changes", "line", "lines",
// "damage", "repair_on", "problems", "side", "moved", "reimportable"}; state is intact, arriving,
// cut-short, damaged or repaired; line is the first line left out (or where a change is still
// arriving), lines every line where damage starts, damage each with its kind ("checksum",
// "incomplete", "change-number", "refused", "header") and detail; repair_on names the device that
// must repair a damaged file (null when none must).

import KassaCore
import KassaStore

struct DeviceFileListing: CommandOutput {
    struct Entry: Sendable {
        enum State: String, Sendable {
            case intact, arriving, damaged, repaired
            /// This device's own save was killed before it was whole (never acknowledged).
            case cutShort = "cut-short"
        }

        let device: String
        let file: String
        let this: Bool
        let state: State
        /// Whole changes read (for a repaired file: kept).
        let changes: Int
        /// The first line left out, or where a change is still arriving (nil: read to the end).
        let line: Int?
        /// What reading left out (damage), by line.
        let damage: [DeviceDamage]
        /// What repair found and did (this device's file, after `kassa repair`).
        let report: CheckReport?

        /// The state of a device file as the ledger read it.
        init(_ summary: Ledger.DeviceSummary) {
            device = summary.name
            file = summary.file
            this = summary.this
            state = summary.damaged ? .damaged : summary.stoppedAt == nil ? .intact : summary.this ? .cutShort : .arriving
            changes = summary.changes
            line = summary.damage.first?.line ?? summary.stoppedAt
            damage = summary.damage
            report = nil
        }

        /// This device's file after repair.
        init(device: String, report: CheckReport) {
            self.device = device
            file = report.path
            this = true
            state = report.isClean ? .intact : .repaired
            changes = report.changes
            line = nil
            damage = []
            self.report = report
        }

        /// The device that must repair this file: damage stays until its own device repairs it.
        var repairOn: String? { state == .damaged ? device : nil }
    }

    let entries: [Entry]

    /// True when some file is damaged (exit 3): for check any; after repair, another device's.
    var damaged: Bool { entries.contains { $0.state == .damaged } }

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var lines: [String] = []
        for entry in entries {
            let arguments = ["file": entry.file, "name": entry.device, "changes": String(entry.changes),
                             "line": String(entry.line ?? 0), "lines": entry.damage.map { String($0.line) }.joined(separator: ", ")]
            if let report = entry.report {
                lines += report.messages.map { message in
                    message.count.map { catalog.text(message.key, count: $0, message.arguments) }
                        ?? catalog.text(message.key, message.arguments)
                }
                continue
            }
            switch entry.state {
            case .intact: lines.append(catalog.text("devices.check-intact", arguments))
            case .arriving: lines.append(catalog.text("devices.check-arriving", arguments))
            case .cutShort: lines.append(catalog.text("devices.check-cut-short", arguments))
            case .damaged:
                let who = entry.this ? "devices.repair-here" : "devices.repair-elsewhere"
                lines.append(catalog.text("devices.check-damaged", arguments) + " " + catalog.text(who, arguments))
            case .repaired: break  // has a report
            }
        }
        if entries.isEmpty { lines.append(catalog.text("devices.none")) }
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        entries.map { entry in
            var json = JSONWriter()
            json.add("device", entry.device)
            json.add("file", entry.file)
            json.add("this", entry.this)
            json.add("state", entry.state.rawValue)
            json.add("changes", entry.changes)
            json.add("line", raw: entry.line.map(String.init) ?? "null")
            json.add("lines", raw: "[" + entry.damage.map { String($0.line) }.joined(separator: ", ") + "]")
            json.add("damage", raw: JSONWriter.array(entry.damage.map { damage in
                var item = JSONWriter()
                item.add("line", damage.line)
                item.add("count", damage.count)
                item.add("kind", damage.kind.rawValue)
                item.add("detail", damage.detail.isEmpty ? nil : damage.detail)
                return item.result
            }))
            json.add("repair_on", entry.repairOn)
            json.add("problems", entry.report?.problems.count ?? (entry.state == .intact ? 0 : max(1, entry.damage.count)))
            json.add("side", entry.report?.side)
            json.add("moved", entry.report?.moved ?? 0)
            json.add("reimportable", entry.report?.reimportable?.path)
            return json
        }
    }
}
