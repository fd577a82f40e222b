// RepairCommand: `kassa repair`: moves damaged records aside into PATH.damaged-N and keeps
// every intact one, atomically. In a ledger folder only this device's own file is repaired and
// the others are reported (Devices/LedgerRepair.swift).

import KassaStore

public struct RepairCommand: Command {
    public static let name = "repair"
    public static let forms = CommandForms.oneShot

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        if let app = context.app, app.paths.ledger != nil { return LedgerRepair.run(context, app: app) }
        return MaintenanceReport.run(context, repairing: true) { path in try Journal.repair(path: path) }
    }
}
