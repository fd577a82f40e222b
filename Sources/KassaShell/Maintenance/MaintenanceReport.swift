// MaintenanceReport: runs `check` or `repair` on the journal's path (never through an open,
// which could change the file) and turns the report into notices and the exit status.

import KassaCore
import KassaStore

enum MaintenanceReport {
    static func run(_ context: CommandContext, repairing: Bool = false,
                    _ operation: (String) throws -> CheckReport) -> [SessionEvent] {
        guard let paths = context.app?.paths else { return [] }
        guard !paths.journalUnknown else {
            context.hadStoreError = true
            return [.error(SessionError("store.no-home"))]
        }
        let path = paths.journal
        do {
            let report = try operation(path)
            // A torn tail alone is what a killed writer leaves: said, not an error (exit 0).
            if !report.isClean && !report.tornTailOnly && !repairing { context.hadStoreError = true }
            return report.messages.map { .notice(key: $0.key, arguments: $0.arguments, count: $0.count) }
        } catch {
            return context.storeFailure(error)
        }
    }
}
