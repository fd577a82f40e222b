// LedgerCheck: `kassa check` in a ledger folder — each device file read on its own (Store:
// Devices/DeviceFile.swift): intact, a change still arriving (read up to the last complete one;
// exit 0, as a sync tool may still be writing it), or damaged in the middle (exit 3, naming the
// line). Changes nothing: most of these files are other devices'.

import KassaCore
import KassaStore

enum LedgerCheck {
    static func run(_ context: CommandContext, app: AppContext) -> [SessionEvent] {
        do {
            let ledger = try app.openLedger(readOnly: true)
            var events: [SessionEvent] = []
            for device in ledger.summaries {
                let arguments = ["file": device.file, "changes": String(device.changes), "line": String(device.stoppedAt ?? 0)]
                let key = device.damaged ? "devices.check-damaged" : device.stoppedAt != nil ? "devices.check-arriving" : "devices.check-intact"
                if device.damaged { context.hadStoreError = true }
                events.append(.notice(key: key, arguments: arguments, count: nil))
            }
            return events
        } catch {
            context.hadStoreError = true
            return [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
        }
    }
}
