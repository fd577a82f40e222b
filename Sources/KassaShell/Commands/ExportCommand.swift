// ExportCommand: `kassa export --format csv|tenra|hledger|ledger|beancount|jsonl [-o FILE]
// [--from D --to D --account A --category C …]`: the journal (or the part the filters choose)
// in another format, streamed — each transaction is materialized, written into a 64 KiB
// buffer and flushed, so a million transactions never sit in memory as one output. jsonl is
// the complete backup (accounts and lessons too); the others carry transactions. hledger, ledger
// and beancount also carry the opening balances and the exchange rates, so every account's
// balance in every tool equals `kassa balance`; planned (future-dated) transactions go out only
// with --planned, marked pending (`!`).

import KassaCore
import KassaInterchange
import KassaStore

public struct ExportCommand: Command {
    public static let name = "export"
    public static let forms = CommandForms.oneShot
    public static let options = [CommandOption.value("--format", .choice(Format.allCases.map(\.rawValue))), .value("-o", .file),
                                 .value("--output", .file), .flag("--planned")] + ListFilter.options

    public enum Format: String, CaseIterable, Sendable {
        case csv, tenra, hledger, ledger, beancount, jsonl
    }

    let format: Format
    let output: String?
    let filter: ListFilter
    /// hledger, ledger, beancount: write planned transactions too (marked pending).
    let planned: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let word = arguments.values["--format"] ?? Format.jsonl.rawValue
        guard let format = Format(rawValue: word.lowercased()) else {
            throw UsageError(key: "export.bad-format", arguments: [
                "value": word, "formats": Format.allCases.map(\.rawValue).joined(separator: ", "),
            ])
        }
        self.format = format
        output = (arguments.values["-o"] ?? arguments.values["--output"]).flatMap { $0 == "-" ? nil : $0 }
        filter = try ListFilter(arguments, defaultSpan: .all)
        planned = arguments.flags.contains("--planned")
    }

    /// The plain-text journal formats: their balances are compared with `kassa balance`.
    var isJournal: Bool { format == .hledger || format == .ledger || format == .beancount }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in
            let today = context.configuration.today
            var writer = makeWriter(journal, context: context, query: query, currency: context.configuration.defaultCurrency,
                                    base: context.configuration.baseCurrency, filter: filter, today: today)
            let sink: ExportSink
            if let output {
                do throws(SafeFile.Errno) {
                    sink = try ExportSink(path: output)
                } catch {
                    return unwritable(output, error, context)
                }
            } else {
                guard let console = context.app?.console else { return [] }
                sink = ExportSink(console: console)
            }
            let listing = journal.listing(query)
            sink.write { writer.begin(&$0) }
            var count = 0
            for transaction in listing {
                // Without --planned a journal holds what `kassa balance` counts: up to today.
                if isJournal, !planned, transaction.date > today { continue }
                count += 1
                sink.write { writer.append(transaction, to: &$0) }
            }
            sink.write { writer.end(&$0) }
            if let failure = sink.finish() { return unwritable(output ?? "-", failure, context) }
            guard let output else { return [] }
            return [.notice(key: "export.done", arguments: ["path": output, "format": format.rawValue], count: count)]
        }
    }

    /// A file that could not be written: exit status 3, the path and the system's reason.
    private func unwritable(_ path: String, _ failure: SafeFile.Errno, _ context: CommandContext) -> [SessionEvent] {
        context.hadStoreError = true
        return [.error(SessionError("export.unwritable", ["path": path, "reason": failure.reason]))]
    }

    private func makeWriter(_ journal: Journal, context: CommandContext, query: TransactionFilter, currency: Currency, base: Currency, filter: ListFilter,
                            today: CivilDate) -> any ExportWriter {
        switch format {
        case .csv: return CSVWriter()
        case .tenra:
            // Categories by the names the person sees, in the interface language (their own too).
            let names = context.app.map { app -> [String: String] in
                app.categoryNames.use(CategoryDirectory.definitions(journal))
                return app.categoryNames.all(app.language)
            } ?? [:]
            return TenraCSVWriter(names: names)
        case .jsonl: return BackupWriter(accounts: journal.accounts, lessons: journal.learnedCategories, objects: journal.allObjects)
        case .hledger, .ledger, .beancount:
            let inventory = ExportInventory.collect(journal.source(query), accounts: journal.accounts)
            let openings = AccountBook.openings(journal, filter: filter).map {
                JournalExtras.Opening(account: $0.account, amount: $0.amount, date: $0.date)
            }
            let rates = RateCommand.table(journal, base: base).rates
            // An opening without a date counts from the beginning: the export's first day.
            let first = [inventory.firstDate, today].compactMap { $0 }.min() ?? today
            let extras = JournalExtras(openings: openings, prices: rates, today: today, planned: planned, undatedOpening: first)
            switch format {
            case .hledger: return HledgerWriter(inventory: inventory, extras: extras)
            case .ledger: return LedgerWriter(inventory: inventory, extras: extras)
            default: return BeancountWriter(inventory: inventory, operatingCurrency: currency, extras: extras)
            }
        }
    }
}
