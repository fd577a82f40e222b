// RepairCommand: `kassa repair`: moves damaged records aside into PATH.damaged-N and keeps
// every intact one, atomically.

import KassaStore

public struct RepairCommand: Command {
    public static let name = "repair"
    public static let forms = CommandForms.oneShot

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        MaintenanceReport.run(context, repairing: true) { path in try Journal.repair(path: path) }
    }
}
