// ImportCommand: `kassa import FILE|- [--format jsonl|csv|tenra|statement] [--rules FILE]
// [--account A] [--currency C] [--dry-run] [--skip-bad] [--allow-duplicates]`. The file is read whole by the
// format's reader (KassaInterchange/Read, detected when --format is not given), every row
// checked first — bad rows are named with their line and nothing is written unless
// --skip-bad — rows already in the journal are skipped by fingerprint (Duplicates, computed
// here against the journal's transactions of the import's dates), and a preview is shown; on
// a terminal kassa asks once (--yes does not ask; --dry-run stops there). The transactions
// are then appended as one change (one undo takes them back); accounts and lessons the file
// brings are defined and learned first (each its own change, through the journal's API as it
// is today). A rules file is --rules, or FILE.rules beside the file, or kassa.rules in its folder.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaInterchange
import KassaStore

public struct ImportCommand: Command {
    public static let name = "import"
    public static let forms = CommandForms.oneShot
    public static let options: [CommandOption] = [
        .value("--format"), .value("--rules"), .value("--account"), .value("--currency"), .flag("--dry-run"), .flag("--skip-bad"),
        .flag("--allow-duplicates"),
    ]
    let source: String?
    let format: ImportFormat?
    let rulesPath: String?
    let account: String?
    let currency: Currency?
    let dryRun: Bool
    let skipBad: Bool
    /// Import rows already in the journal too.
    let allowDuplicates: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count <= 1 else { throw arguments.unexpected(Array(arguments.words.dropFirst())) }
        source = arguments.words.first.flatMap { $0 == "-" ? nil : $0 }
        if let word = arguments.values["--format"] {
            guard let known = ImportFormat(rawValue: word.lowercased()) else {
                throw UsageError(key: "export.bad-format", arguments: [
                    "value": word, "formats": ImportFormat.allCases.map(\.rawValue).joined(separator: ", "),
                ])
            }
            format = known
        } else {
            format = nil
        }
        if let code = arguments.values["--currency"] {
            guard let known = Currency(code: code) else { throw UsageError(key: "import.bad-currency", arguments: ["value": code]) }
            currency = known
        } else {
            currency = nil
        }
        rulesPath = arguments.values["--rules"]
        account = arguments.values["--account"]?.lowercased()
        dryRun = arguments.flags.contains("--dry-run")
        skipBad = arguments.flags.contains("--skip-bad")
        allowDuplicates = arguments.flags.contains("--allow-duplicates")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let bytes = source.map(FileReading.bytes(atPath:)) ?? FileReading.bytes(from: 0) else {
            return context.usage(UsageError(key: "import.unreadable", arguments: ["path": source ?? "-"]))
        }
        // The rules: given, or kept beside the file.
        var rules: ImportRules?
        let rulesFile = rulesPath ?? source.flatMap(ImportCommand.rulesBeside)
        if let rulesFile {
            guard let text = FileReading.bytes(atPath: rulesFile).flatMap({ String(validating: $0, as: UTF8.self) }) else {
                return context.usage(UsageError(key: "import.unreadable", arguments: ["path": rulesFile]))
            }
            do {
                rules = try ImportRules(text)
            } catch {
                return context.reject(SessionError("import.bad-rules", ["path": rulesFile, "line": String(error.line), "detail": error.detail]))
            }
        }
        return context.storeChange { journal in
            let vocabulary = ImportVocabulary.make(words: context.words, parser: context.parser,
                                                   context: context.parseContext(journal))
            let defaults = ImportDefaults(account: account ?? rules?.account ?? context.configuration.defaultAccount(in: journal),
                                          currency: currency ?? rules?.currency ?? context.configuration.defaultCurrency)
            let format = self.format ?? ImportFormat.detect(bytes, vocabulary: vocabulary, rules: rules)
            var records: ImportRecords
            switch format {
            case .jsonl: records = BackupReader.read(bytes)
            case .csv: records = CSVReader.read(bytes, vocabulary: vocabulary, rules: rules ?? ImportRules(), defaults: defaults)
            case .tenra: records = TenraCSVReader.read(bytes, vocabulary: vocabulary, defaults: defaults)
            case .statement:
                records = StatementReader.read(String(decoding: bytes, as: UTF8.self), vocabulary: vocabulary, defaults: defaults)
            }
            return try importRecords(&records, format: format, journal: journal, context: context)
        }
    }

    private func importRecords(_ records: inout ImportRecords, format: ImportFormat, journal: Journal,
                               context: CommandContext) throws -> [SessionEvent] {
        let catalog = context.app?.catalog
        // Bad rows: named, and nothing written unless --skip-bad.
        if !records.problems.isEmpty {
            var events: [SessionEvent] = records.problems.prefix(20).map { problem in
                .error(SessionError("import.bad-row", [
                    "line": String(problem.line), "detail": problem.detail,
                    "reason": catalog?.text("import.reason." + problem.reason) ?? problem.reason,
                ]), input: nil, span: nil)
            }
            if !skipBad {
                events.append(.error(SessionError("import.bad-rows", ["count": String(records.problems.count)]), input: nil, span: nil))
                context.hadInputError = true
                return events
            }
            context.emit(events)
            context.emit([.notice(key: "import.skipped-bad", arguments: [:], count: records.problems.count)])
        }
        // What is already there.
        var existing: [Transaction] = []
        if let span = Duplicates.span(records.transactions) {
            existing = journal.query(TransactionFilter(from: span.lowerBound, to: span.upperBound))
        }
        let total = records.transactions.count
        let (kept, skipped) = allowDuplicates ? (records.transactions, 0)
            : Duplicates.remove(from: records.transactions, existing: existing)
        records.transactions = []
        let known = Set(journal.accounts.map { $0.name.lowercased() })
        let newAccounts = records.accounts.filter { !known.contains($0.name.lowercased()) }
        let learned = journal.learnedCategories
        let newLessons = records.lessons.filter { learned[$0.phrase] != $0.category }

        context.emit(preview(kept, nextID: journal.nextID, total: total, skipped: skipped, format: format, newAccounts: newAccounts,
                             records: records, showRows: dryRun || context.app?.interactive == true))
        if dryRun { return [.notice(key: "import.dry-run", arguments: [:], count: nil)] }
        if kept.isEmpty && newAccounts.isEmpty && newLessons.isEmpty {
            return [.notice(key: "import.nothing-new", arguments: [:], count: nil)]
        }
        if let app = context.app, app.interactive, !app.options.yes, source != nil {
            app.console.flush()
            let reader = ReaderFactory.make(context: app)
            let prompt = app.catalog.text("import.confirm", count: kept.count)
            guard case .line(let answer) = reader.readLine(prompt: prompt + " "),
                  context.words.name(in: "confirm", for: answer.filter { !$0.isWhitespace }) == "yes" else {
                return [.notice(key: "import.cancelled", arguments: [:], count: nil)]
            }
        }
        for account in newAccounts { try journal.defineAccount(account) }
        for lesson in newLessons { try journal.learn(phrase: lesson.phrase, category: lesson.category) }
        var imported = 0
        if !kept.isEmpty {
            let showProgress = isatty(2) == 1 && kept.count >= 10_000
            // One change (written in batches, one fsync each; visible only when whole), so a kill
            // leaves all or nothing and one undo takes it back.
            let result = try journal.append(transactions: kept, batchSize: 50_000) { done, total in
                guard showProgress, total > 0 else { return }
                Console.write("\r" + ProgressBar.line(done: done, total: total, width: 30), to: 2)
            }
            if showProgress { Console.write("\n", to: 2) }
            imported = result.imported
        }
        var events: [SessionEvent] = [.notice(key: "import.done", arguments: [:], count: imported)]
        if !newAccounts.isEmpty {
            events.append(.notice(key: "import.accounts-created", arguments: ["accounts": newAccounts.map(\.name).joined(separator: ", ")],
                                  count: newAccounts.count))
        }
        if !newLessons.isEmpty { events.append(.notice(key: "import.lessons-learned", arguments: [:], count: newLessons.count)) }
        return events
    }

    /// Counts per type and account, what will be created, duplicates, guesses; the first rows.
    private func preview(_ kept: [Transaction], nextID: Int, total: Int, skipped: Int, format: ImportFormat, newAccounts: [Account],
                         records: ImportRecords, showRows: Bool) -> [SessionEvent] {
        var events: [SessionEvent] = [.notice(key: "import.preview", arguments: ["format": format.rawValue, "path": source ?? "-"],
                                              count: total)]
        var types: [TransactionType: Int] = [:]
        var accounts: [String: Int] = [:]
        for t in kept {
            types[t.type, default: 0] += 1
            accounts[t.account ?? "—", default: 0] += 1
            if let to = t.toAccount { accounts[to, default: 0] += 1 }
        }
        events.append(.notice(key: "import.preview.types", arguments: [
            "expense": String(types[.expense] ?? 0), "income": String(types[.income] ?? 0), "transfer": String(types[.transfer] ?? 0),
        ], count: nil))
        for (account, count) in accounts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }).prefix(12) {
            events.append(.notice(key: "import.preview.account", arguments: ["account": account], count: count))
        }
        if !newAccounts.isEmpty {
            events.append(.notice(key: "import.preview.new-accounts", arguments: [
                "accounts": newAccounts.map { $0.name + ($0.currency.map { " (" + $0.code + ")" } ?? "") }.joined(separator: ", "),
            ], count: newAccounts.count))
        }
        if !records.lessons.isEmpty { events.append(.notice(key: "import.preview.lessons", arguments: [:], count: records.lessons.count)) }
        if skipped > 0 { events.append(.notice(key: "import.duplicates", arguments: [:], count: skipped)) }
        if !records.unknownCategories.isEmpty {
            events.append(.notice(key: "import.unknown-categories", arguments: [
                "names": records.unknownCategories.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(10).map(\.key).joined(separator: ", "),
            ], count: records.unknownCategories.count))
        }
        if records.dateOrder != nil { events.append(.notice(key: "import.date-order-guessed", arguments: [:], count: nil)) }
        if showRows, !kept.isEmpty {
            // Drafts have no id yet: show the ones they would get.
            let rows = kept.prefix(5).enumerated().map { k, t in
                var row = t
                if row.id == 0 { row.id = nextID + k }
                return row
            }
            events.append(.listing(TransactionListing(rows)))
        }
        return events
    }

    /// FILE.rules beside FILE, else kassa.rules in its folder; nil when neither exists.
    static func rulesBeside(_ path: String) -> String? {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        for candidate in [path + ".rules", folder + "kassa.rules"] where access(candidate, R_OK) == 0 { return candidate }
        return nil
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
