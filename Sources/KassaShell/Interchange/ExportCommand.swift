// ExportCommand: `kassa export --format FORMAT [-o FILE] [--from D --to D --account A
// --category C …]`: the journal (or the part the filters choose) in another format
// (FormatCatalog.exportNames; jsonl, the complete backup, when none is given), streamed — each
// transaction is materialized, written into a 64 KiB buffer and flushed, so a million
// transactions never sit in memory as one output. The format's writer takes what it needs from
// an ExportSource: the journal formats carry the opening balances and the exchange rates too, so
// every account's balance in every tool equals `kassa balance`; their planned (future-dated)
// transactions go out only with --planned, marked pending (`!`). The app's CSV carries the
// openings as rows and leaves planned transactions out the same way.

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

public struct ExportCommand: Command {
    public static let name = "export"
    public static let forms = CommandForms.oneShot
    public static let options = [CommandOption.value("--format", .choice(FormatCatalog.exportNames)), .value("-o", .file),
                                 .value("--output", .file), .flag("--planned")] + ListFilter.options

    let format: InterchangeFormat
    let output: String?
    let filter: ListFilter
    /// A journal format: write planned transactions too (marked pending).
    let planned: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let word = arguments.values["--format"] ?? InterchangeFormat.jsonl.name
        guard let format = FormatCatalog.exporting(word) else {
            throw UsageError(key: "export.bad-format", arguments: [
                "value": word, "formats": FormatCatalog.exportNames.joined(separator: ", "),
            ])
        }
        self.format = format
        output = (arguments.values["-o"] ?? arguments.values["--output"]).flatMap { $0 == "-" ? nil : $0 }
        // "export --format hledger out.journal": a file named where a span word goes is said as such.
        if let word = arguments.words.first, ListFilter.span(word, vocabulary: arguments.vocabulary) == nil,
           word.contains("/") || word.contains(".") {
            throw UsageError(key: "export.file-needs-o", arguments: ["value": word])
        }
        filter = try ListFilter(arguments, defaultSpan: .all)
        planned = arguments.flags.contains("--planned")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        filter.run(in: context) { journal, query in
            let today = context.configuration.today
            var writer = format.writing!(source(journal, context: context, query: query, today: today))
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
                // Without --planned a journal (and the app's CSV) holds what `kassa balance` counts: up to today.
                if format.leavesOutPlanned, !planned, transaction.date > today { continue }
                count += 1
                sink.write { writer.append(transaction, to: &$0) }
            }
            sink.write { writer.end(&$0) }
            if let failure = sink.finish() { return unwritable(output ?? "-", failure, context) }
            guard let output else { return [] }
            return [.notice(key: "export.done", arguments: ["path": output, "format": format.name], count: count)]
        }
    }

    /// A file that could not be written: exit status 3, the path and the system's reason.
    private func unwritable(_ path: String, _ failure: SafeFile.Errno, _ context: CommandContext) -> [SessionEvent] {
        context.hadStoreError = true
        return [.error(SessionError("export.unwritable", ["path": path, "reason": failure.reason]))]
    }

    /// What the format's writer may ask for, each part made only if it does.
    private func source(_ journal: Journal, context: CommandContext, query: TransactionFilter, today: CivilDate) -> ExportSource {
        let base = context.configuration.baseCurrency
        return ExportSource(
            today: today, planned: planned, operatingCurrency: context.configuration.defaultCurrency,
            inventory: { ExportInventory.collect(journal.source(query), accounts: journal.accounts) },
            openings: { AccountBook.openings(journal, filter: filter) },
            rates: { journal.rateTable(base: base).rates },
            // Categories by the names the person sees, in the interface language (their own too).
            categoryNames: {
                context.app.map { app -> [String: String] in
                    app.categoryNames.use(CategoryDirectory.definitions(journal))
                    return app.categoryNames.all(app.language)
                } ?? [:]
            },
            accounts: { journal.accounts }, lessons: { journal.learnedCategories }, objects: { journal.allObjects },
            // A loan is owed: the journal formats book it as a liability.
            liabilities: { Set(AccountBook.profiles(journal).filter { $0.value.kind == .loan }.keys) },
            openingName: { context.app?.catalog.text("export.tenra-opening") ?? "" })
    }
}
