// ExportCommand: `kassa export --format csv|tenra|hledger|ledger|beancount|jsonl [-o FILE]
// [--from D --to D --account A --category C …]`: the journal (or the part the filters choose)
// in another format, streamed — each transaction is materialized, written into a 64 KiB
// buffer and flushed, so a million transactions never sit in memory as one output. jsonl is
// the complete backup (accounts and lessons too); the others carry transactions.

import KassaCore
import KassaInterchange
import KassaStore

public struct ExportCommand: Command {
    public static let name = "export"
    public static let forms = CommandForms.oneShot
    public static let options = [CommandOption.value("--format"), .value("-o"), .value("--output")] + ListFilter.options

    public enum Format: String, CaseIterable, Sendable {
        case csv, tenra, hledger, ledger, beancount, jsonl
    }

    let format: Format
    let output: String?
    let filter: ListFilter

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
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in
            var writer = makeWriter(journal, query: query, currency: context.configuration.defaultCurrency)
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
            for transaction in listing {
                sink.write { writer.append(transaction, to: &$0) }
            }
            sink.write { writer.end(&$0) }
            if let failure = sink.finish() { return unwritable(output ?? "-", failure, context) }
            guard let output else { return [] }
            return [.notice(key: "export.done", arguments: ["path": output, "format": format.rawValue], count: listing.count)]
        }
    }

    /// A file that could not be written: exit status 3, the path and the system's reason.
    private func unwritable(_ path: String, _ failure: SafeFile.Errno, _ context: CommandContext) -> [SessionEvent] {
        context.hadStoreError = true
        return [.error(SessionError("export.unwritable", ["path": path, "reason": failure.reason]))]
    }

    private func makeWriter(_ journal: Journal, query: TransactionFilter, currency: Currency) -> any ExportWriter {
        switch format {
        case .csv: return CSVWriter()
        case .tenra: return TenraCSVWriter()
        case .jsonl: return BackupWriter(accounts: journal.accounts, lessons: journal.learnedCategories, objects: journal.allObjects)
        case .hledger, .ledger, .beancount:
            let inventory = ExportInventory.collect(journal.source(query), accounts: journal.accounts)
            switch format {
            case .hledger: return HledgerWriter(inventory: inventory)
            case .ledger: return LedgerWriter(inventory: inventory)
            default: return BeancountWriter(inventory: inventory, operatingCurrency: currency)
            }
        }
    }
}
