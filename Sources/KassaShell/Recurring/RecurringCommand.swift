// RecurringCommand: `:recurring` / `kassa recurring [--all]` lists the series (next date,
// monthly cost, subscriptions total); `pause|resume|archive|auto|manual ID`, `remind ID DAYS...`
// and `amount ID AMOUNT [--from DATE]` change one series, each as one undoable journal change.

import KassaCore
import KassaLedger
import KassaStore

public struct RecurringCommand: Command {
    public static let name = "recurring"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.flag("--all"), .value("--from", .date)]
    public static let surface = CommandSurface(group: "recurring", verbs: [
        CommandVerb("pause", .required(.transactionID)),
        CommandVerb("resume", .required(.transactionID)),
        CommandVerb("archive", .required(.transactionID)),
        CommandVerb("auto", .required(.transactionID)),
        CommandVerb("manual", .required(.transactionID)),
        CommandVerb("remind", .required(.transactionID), .repeated(.number)),
        CommandVerb("amount", .required(.transactionID), .required(.amount)),
    ])

    enum Action: Equatable {
        case list(all: Bool)
        case status(id: Int, verb: String)
        case remind(id: Int, days: [Int])
        case amount(id: Int, text: String, from: CivilDate?)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        guard !words.isEmpty else { action = .list(all: arguments.flags.contains("--all")); return }
        let usage = UsageError(key: "recurring.usage", arguments: ["command": arguments.form.prefix + Self.name])
        let name = arguments.verb(of: Self.surface)
        guard words.count >= 2, let id = Int(words[1].trimmingPrefix("#")), let name else { throw usage }
        switch name {
        case "pause", "resume", "archive", "auto", "manual":
            guard words.count == 2 else { throw usage }
            action = .status(id: id, verb: name)
        case "remind":
            var days: [Int] = []
            for word in words.dropFirst(2) {
                guard let day = Int(word), (0...365).contains(day) else {
                    throw UsageError(key: "recurring.bad-days", arguments: ["value": word])
                }
                if !days.contains(day) { days.append(day) }
            }
            action = .remind(id: id, days: days.sorted())
        case "amount":
            guard words.count == 3 else { throw usage }
            action = .amount(id: id, text: words[2], from: try arguments.date("--from"))
        default:
            throw usage
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let today = context.configuration.today
        if case .list(let all) = action {
            return context.storeChange(readOnly: true) { journal in
                let series = journal.objects(Series.kind).compactMap(Series.init(record:))
                let settled = DueOccurrences.settled(journal.objects(Occurrence.kind))
                return [.output(RecurringOutput(overview: try RecurringOverview.compute(series, settled: settled, today: today, includeArchived: all), today: today))]
            }
        }
        return context.storeChange { journal in
            let id: Int
            switch action {
            case .status(let n, _), .remind(let n, _), .amount(let n, _, _): id = n
            case .list: return []
            }
            guard var series = journal.object(Series.kind, key: String(id)).flatMap(Series.init(record:)) else {
                return context.reject(SessionError("recurring.no-such-series", ["id": String(id)]))
            }
            var arguments = ["id": String(id), "note": series.note]
            let key: String
            switch action {
            case .status(_, let verb):
                switch verb {
                case "pause": series.status = .paused; key = "recurring.paused"
                case "resume":
                    // From today on: what fell due while paused is not asked (no back-fill).
                    series.status = .active
                    series.resumedFrom = today
                    key = "recurring.resumed"
                    arguments["date"] = series.next(onOrAfter: today)?.iso ?? today.iso
                case "archive": series.status = .archived; key = "recurring.archived"
                case "auto": series.autoSave = true; key = "recurring.auto-set"
                default: series.autoSave = false; key = "recurring.auto-off"
                }
            case .remind(_, let days):
                series.remindDays = days
                key = days.isEmpty ? "recurring.reminders-off" : "recurring.reminders-set"
                arguments["days"] = days.map(String.init).joined(separator: ", ")
            case .amount(_, let text, let from):
                guard let amount = Money(decimal: String(text.map { $0 == "," ? "." : $0 }), currency: series.amount.currency),
                      amount.minorUnits > 0, amount.isWithinEntryBound else {
                    return context.reject(SessionError("recurring.bad-amount", ["value": text]))
                }
                let date = from ?? today
                series.changeAmount(to: amount, from: date)
                try journal.write([series.record])
                return [.output(SeriesAmountOutput(series: series, amount: amount, from: date))]
            case .list:
                return []
            }
            try journal.write([series.record])
            return [.notice(key, arguments)]
        }
    }
}
