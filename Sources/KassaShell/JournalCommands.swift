// JournalCommands: `kassa list|balance|history|check|repair|import` — the journal's queries and
// maintenance from the command line, with the same renderers as the session.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

struct JournalCommands {
    let context: AppContext
    private var options: Options { context.options }

    /// The filter the options describe; positional words add today / yesterday / N.
    func filter() -> TransactionFilter? {
        var filter = options.filter
        if let category = options.categoryName {
            guard let slug = context.grammar.categorySlug(named: category) else { return nil }
            filter.category = slug
        }
        let words = options.words.map { Substring($0) }
        if !words.isEmpty {
            guard let listFilter = ListFilter(words: words, vocabulary: context.resources.commandWords) else { return nil }
            listFilter.narrow(&filter, today: context.today)
        }
        return filter
    }

    private func badFilter() -> Int32 {
        context.console.write(context.textRenderer.render(.error(SessionError("list.bad-filter", [
            "value": (options.words + [options.categoryName].compactMap { $0 }).joined(separator: " "),
        ]))))
        return KassaApp.ExitStatus.usage.rawValue
    }

    func list() -> Int32 {
        guard let filter = filter() else { return badFilter() }
        return context.withJournal(readOnly: true) { journal in
            let transactions = journal.query(filter)
            if options.json {
                context.console.write(transactions.map { OutputLine(JSONEncoding.transaction($0)) })
            } else {
                context.console.write(context.textRenderer.render(.listing(transactions)))
            }
            return KassaApp.ExitStatus.success.rawValue
        }
    }

    func balance() -> Int32 {
        guard let filter = filter() else { return badFilter() }
        return context.withJournal(readOnly: true) { journal in
            context.console.write(context.renderer.render(.balance(journal.balance(filter))))
            return KassaApp.ExitStatus.success.rawValue
        }
    }

    func history() -> Int32 {
        let limit = options.words.first.flatMap { Int($0) } ?? 20
        return context.withJournal(readOnly: true) { journal in
            context.console.write(context.renderer.render(.history(journal.history(limit: max(1, limit)))))
            return KassaApp.ExitStatus.success.rawValue
        }
    }

    /// `kassa check` (exit 0 intact, 3 damaged) and `kassa repair`.
    func checkOrRepair(repair: Bool) -> Int32 {
        if let refused = context.refuseUnknownJournal() { return refused }
        do {
            let report = repair ? try Journal.repair(path: context.paths.journal) : try Journal.check(path: context.paths.journal)
            let lines = report.messages.map { message in
                OutputLine(message.count.map { context.catalog.text(message.key, count: $0, message.arguments) }
                    ?? context.catalog.text(message.key, message.arguments))
            }
            context.console.write(lines)
            return report.isClean || repair ? KassaApp.ExitStatus.success.rawValue : KassaApp.ExitStatus.journal.rawValue
        } catch {
            context.console.write(context.textRenderer.render(.error((error as? any LocalizableError) ?? SessionError("store.failed"))))
            return KassaApp.ExitStatus.journal.rawValue
        }
    }

    /// `kassa import [FILE]` (stdin without FILE): a `kassa list --json` backup, validated whole
    /// before anything is written, appended in batches; a progress bar on a terminal.
    func importBackup() -> Int32 {
        let source = options.words.first
        guard let bytes = source.map(FileReading.bytes(atPath:)) ?? FileReading.bytes(from: 0) else {
            context.console.write(context.textRenderer.render(.error(SessionError("import.unreadable", ["path": source ?? "-"]))))
            return KassaApp.ExitStatus.usage.rawValue
        }
        let showProgress = isatty(2) == 1
        return context.withJournal { journal in
            do {
                let result = try journal.importJSONLines(bytes, allowDuplicates: options.allowDuplicates,
                                                         batchSize: 50_000) { done, total in
                    guard showProgress, total > 0 else { return }
                    Console.write("\r" + ProgressBar.line(done: done, total: total, width: 30), to: 2)
                }
                if showProgress { Console.write("\n", to: 2) }
                context.console.write([OutputLine(context.style.good(context.catalog.text("import.done", count: result.imported)))])
                if result.skipped > 0 {
                    context.console.write([OutputLine(context.catalog.text("store.import.skipped", count: result.skipped))])
                }
                return KassaApp.ExitStatus.success.rawValue
            } catch let error as StoreError where error.kind == .importInvalid {
                context.console.write(context.textRenderer.render(.error(error)))
                return KassaApp.ExitStatus.inputError.rawValue
            } catch {
                context.console.write(context.textRenderer.render(.error((error as? any LocalizableError) ?? SessionError("store.failed"))))
                return KassaApp.ExitStatus.journal.rawValue
            }
        }
    }
}

/// A one-line progress bar for stderr: "[#######.......]  42%".
enum ProgressBar {
    static func line(done: Int, total: Int, width: Int) -> String {
        let filled = total > 0 ? min(width, done * width / total) : width
        let percent = total > 0 ? done * 100 / total : 100
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + (percent < 10 ? "  " : percent < 100 ? " " : "") + String(percent) + "%"
    }
}
