// DueCommand: `:due` / `kassa due [--days N] [--json]` lists the occurrences due up to today
// (and those within N days); on the command line `--yes` saves the due ones, each paid by a
// transaction dated on its date, in one change (for cron). Reads only object records.

import KassaCore
import KassaLedger
import KassaStore

public struct DueCommand: Command {
    public static let name = "due"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.value("--days", .number)]

    let days: Int

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
        if let text = arguments.values["--days"] {
            guard let value = Int(text), (0...366).contains(value) else {
                throw UsageError(key: "due.bad-days", arguments: ["value": text])
            }
            days = value
        } else {
            days = 0
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let today = context.configuration.today
        let post = context.form == .oneShot && context.configuration.autoConfirm
        return context.storeChange(readOnly: !post) { journal in
            let series = journal.objects(Series.kind).compactMap(Series.init(record:))
            let settled = DueOccurrences.settled(journal.objects(Occurrence.kind))
            let found = DueOccurrences.compute(series: series, settled: settled, today: today, days: days)
            var events: [SessionEvent] = [.output(DueOutput(occurrences: found, today: today, listing: true))]
            let due = found.filter(\.isDue)
            if post, !due.isEmpty {
                let saved = try journal.commit(due.map(\.draft), inputs: due.map(\.series.note)) { saved in
                    zip(due, saved).map { Occurrence(series: $0.series.id, date: $0.date, status: .saved, transaction: $1.id).record }
                }
                events.append(.saved(saved))
            }
            return events
        }
    }
}
