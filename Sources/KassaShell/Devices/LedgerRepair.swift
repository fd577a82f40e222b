// LedgerRepair: `kassa repair` in a ledger folder. A device writes only its own file, so repair
// repairs only this device's journal (Store: Devices/DeviceFile+Repair.swift — whole changes kept,
// the rest moved aside to NAME.kassa.damaged-N, the file replaced atomically); every other device
// file is read and reported, and a damaged one is named with the device that must repair it (exit
// 3 while such damage remains: this device cannot mend it). A device that has not joined the
// folder (or whose config was copied from the machine that did) writes no file there and repairs none. Output: DeviceFileListing (text or --json).

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

enum LedgerRepair {
    static func run(_ context: CommandContext, app: AppContext) -> [SessionEvent] {
        guard let folder = app.paths.ledger else { return [] }
        var events: [SessionEvent] = []
        var own: DeviceFileListing.Entry?
        let binding = DeviceBinding.of(app.settings.config, folder: folder, paths: app.paths, home: app.environment["HOME"])
        let name = binding.device?.name
        if let name {
            let path = Ledger.path(of: name, in: folder)
            do {
                own = .init(device: name, report: try DeviceFile.repair(path: path))
            } catch let error as StoreError where error.kind == .unreadable && error.errno == ENOENT {
                // Joined, but its file is not in this folder (removed, or not synced back): nothing of its own to repair.
                events.append(.notice(key: "devices.repair-no-file", arguments: ["name": name, "file": path], count: nil))
            } catch {
                return context.storeFailure(error)
            }
        } else if case .copied(let device) = binding {
            // The device's file is another machine's to write: repairing it here would make two writers.
            events.append(.notice(key: "devices.copied-config", arguments: ["folder": folder, "name": device,
                                                                          "config": app.settings.config.path], count: nil))
        } else {
            events.append(.notice(key: "devices.repair-not-joined", arguments: ["folder": folder], count: nil))
        }
        do {
            let ledger = try app.openLedger(readOnly: true)
            let entries = ledger.summaries.map { summary in
                summary.name == name && own != nil ? own! : DeviceFileListing.Entry(summary)
            }
            let listing = DeviceFileListing(entries: entries)
            if listing.damaged { context.hadStoreError = true }
            return events + [.output(listing)]
        } catch {
            context.hadStoreError = true
            return events + (own.map { [.output(DeviceFileListing(entries: [$0]))] } ?? [])
                + [.error((error as? any LocalizableError) ?? SessionError("store.failed"))]
        }
    }
}
