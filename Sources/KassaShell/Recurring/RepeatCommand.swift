// RepeatCommand: `:repeat #12 monthly [every N]` / `kassa repeat 12 monthly`: a saved
// transaction becomes the first occurrence of a new series (series and occurrence records in
// one undoable change).

import KassaCore
import KassaLedger
import KassaStore

public struct RepeatCommand: Command {
    public static let name = "repeat"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(
        .required(.transactionID), .required(.choice(Recurrence.allCases.map(\.rawValue), group: "frequency")),
        .optional(.choice(["every"], group: "recurring")), .optional(.number))

    let id: Int
    let frequency: Recurrence
    let interval: Int

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        let usage = UsageError(key: "repeat.usage", arguments: ["command": arguments.form.prefix + Self.name])
        guard words.count == 2 || words.count == 4, let id = Int(words[0].trimmingPrefix("#")),
              let frequency = arguments.vocabulary.name(in: "frequency", for: words[1]).flatMap(Recurrence.init(rawValue:))
        else { throw usage }
        var interval = 1
        if words.count == 4 {
            guard arguments.vocabulary.name(in: "recurring", for: words[2]) == "every",
                  let n = Int(words[3]), (1...366).contains(n) else { throw usage }
            interval = n
        }
        self.id = id
        self.frequency = frequency
        self.interval = interval
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            guard let t = journal.transaction(id: id) else { throw StoreError(.noSuchTransaction, path: journal.path, ids: [id]) }
            let existing = journal.objects(Series.kind).compactMap(Series.init(record:))
            let subscription = t.category == "subscriptions" || (t.category ?? "").hasPrefix("subscriptions/")
                || t.note.lowercased().split(separator: " ").contains { context.words.name(in: "recurring", for: $0) == "subscription" }
            let series = Series(
                id: (existing.map(\.id).max() ?? 0) + 1, note: t.note, amount: t.amount, type: t.type, category: t.category,
                account: t.account, toAccount: t.toAccount, frequency: frequency, interval: interval, start: t.date,
                kind: subscription ? .subscription : .generic)
            try journal.write([series.record, Occurrence(series: series.id, date: t.date, status: .saved, transaction: t.id).record])
            return [.notice("recurring.repeated", ["transaction": String(t.id), "id": String(series.id)]),
                    .output(SeriesStartedOutput(series: series, next: series.schedule.date(1)))]
        }
    }
}
