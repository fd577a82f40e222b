// LedgerCheck: `kassa check` in a ledger folder — each device file read on its own (Store:
// Devices/DeviceFile.swift): intact, a change still arriving (read up to the last complete one;
// exit 0, as a sync tool may still be writing it), this device's own save cut short (exit 0: it
// was never acknowledged, and the next save moves it aside), or damaged (exit 3, naming every
// line left out — a bad line, a change missing a part or out of order, a change this kassa cannot
// read — and the device that can repair it). Changes nothing: most of these files are
// other devices'. Output: DeviceFileListing (text or --json).

import KassaCore
import KassaStore

enum LedgerCheck {
    static func run(_ context: CommandContext, app: AppContext) -> [SessionEvent] {
        do {
            let ledger = try app.openLedger(readOnly: true)
            let listing = DeviceFileListing(entries: ledger.summaries.map(DeviceFileListing.Entry.init))
            if listing.damaged { context.hadStoreError = true }
            return [.output(listing)]
        } catch {
            return context.storeFailure(error)
        }
    }
}
