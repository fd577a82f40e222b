// CheckCommand: `kassa check`: reads the whole journal and reports any damaged record; changes
// nothing. Exit 0 intact (or with only a torn tail, said in one notice), 3 damaged.

import KassaStore

public struct CheckCommand: Command {
    public static let name = "check"
    public static let forms = CommandForms.oneShot

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        // In a ledger folder: every device file on its own (Devices/LedgerCheck.swift).
        if let app = context.app, app.paths.ledger != nil { return LedgerCheck.run(context, app: app) }
        return MaintenanceReport.run(context) { path in try Journal.check(path: path) }
    }
}
