// DeviceListing: what `kassa devices` shows — one line per device of the ledger folder (name,
// changes, transactions, last change, this device marked); JSON: {"name", "file", "changes",
// "transactions", "last_change", "this"}, last_change the clock's UTC time of its last change
// (null for a device whose changes all predate devices).

import KassaCore
import KassaStore

struct DeviceListing: CommandOutput {
    let devices: [Ledger.DeviceSummary]
    let folder: String

    static func time(_ number: Int64?) -> String? {
        guard let number, let ms = DeviceClock.milliseconds(of: number) else { return nil }
        let seconds = ms / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return CivilDate(daysSinceEpoch: Int(days)).iso + "T" + two(rest / 3600) + ":" + two(rest / 60 % 60) + ":" + two(rest % 60) + "Z"
    }

    func textLines(_ renderer: TextRenderer) -> [String] {
        let catalog = renderer.catalog
        var lines = [catalog.text("devices.header", ["folder": folder])]
        for device in devices {
            var line = catalog.text("devices.line", [
                "name": device.name, "changes": String(device.changes), "transactions": String(device.transactions),
                "last": DeviceListing.time(device.lastChange) ?? "—",
            ])
            if device.this { line += " " + catalog.text("devices.this") }
            if device.damaged {
                line += " " + catalog.text("devices.damaged", ["lines": device.damage.map { String($0.line) }.joined(separator: ", ")])
            } else if let stopped = device.stoppedAt {
                line += " " + catalog.text("devices.arriving", ["line": String(stopped)])
            }
            lines.append(line)
        }
        if devices.isEmpty { lines.append(catalog.text("devices.none")) }
        return lines
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        devices.map { device in
            var json = JSONWriter()
            json.add("name", device.name)
            json.add("file", device.file)
            json.add("changes", device.changes)
            json.add("transactions", device.transactions)
            json.add("last_change", DeviceListing.time(device.lastChange))
            json.add("this", device.this)
            return json
        }
    }
}
