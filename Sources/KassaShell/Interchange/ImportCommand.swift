// ImportCommand: `kassa import FILE|- [--format FORMAT] [--rules FILE]
// [--save-rules FILE] [--date-format F] [--account A] [--currency C] [--dry-run] [--skip-bad]
// [--allow-duplicates]`. The format's reader (FormatCatalog.importNames; detected when --format
// is not given) streams its rows into the journal's import sink (Journal.importChange): a backup
// line by line, never the whole file; the table formats are read whole, then streamed. Rows
// already in the journal are skipped by fingerprint as they come (DuplicateFilter, against the
// journal's transactions of each day a row names); bad rows are named with their line and
// nothing is written unless --skip-bad. Everything the file brings — transactions, and a
// backup's accounts and lessons — is ONE change: one undo takes it back, a crash leaves none of it.
// A bank's file (a CSV, a statement) meets the entries the person said (ImportMatching): rows
// that confirm an entry clear it instead of being added, and the summary says what met, what is
// new and which entries of the file's days it lacks (ImportMatchOutput).
// Preview: in a script (or with --yes) the counts are made while the rows stream into the
// journal's spool and shown just before the change is written, in one pass over the file. On a
// terminal kassa asks once before writing, and the journal's lock must not be held while a person
// thinks: a first pass counts (nothing spooled, no lock), the question is asked, and a second
// pass writes. --dry-run is the first pass alone. An all-slash date column that no row decides
// (03/04/2026) is asked about on a terminal, and refused in a script naming --date-format.
// A rules file is used only when named with --rules: one lying beside the file (FILE.rules or
// kassa.rules, which a downloaded archive could bring along) is mentioned, never applied.
// --save-rules FILE writes the rules this import used (and the date order it settled) there;
// --dry-run writes nothing, that file included.

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
        .value("--format", .choice(FormatCatalog.importNames)), .value("--rules", .file), .value("--save-rules", .file),
        .value("--date-format", .text), .value("--account", .account), .value("--currency", .currency), .value("--encoding", .text),
        .flag("--dry-run"), .flag("--skip-bad"), .flag("--allow-duplicates"),
    ]
    public static let surface = CommandSurface(.optional(.file))
    let source: String?
    let format: InterchangeFormat?
    let rulesPath: String?
    let saveRulesPath: String?
    let dateOrder: DateText.Order?
    let account: String?
    let currency: Currency?
    /// --encoding: the file's encoding, when it is not to be detected.
    let encoding: TextEncoding?
    let dryRun: Bool
    let skipBad: Bool
    /// Import rows already in the journal too.
    let allowDuplicates: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count <= 1 else { throw arguments.unexpected(Array(arguments.words.dropFirst())) }
        source = arguments.words.first.flatMap { $0 == "-" ? nil : $0 }
        if let word = arguments.values["--format"] {
            guard let known = FormatCatalog.importing(word) else {
                throw UsageError(key: "export.bad-format", arguments: [
                    "value": word, "formats": FormatCatalog.importNames.joined(separator: ", "),
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
        if let text = arguments.values["--date-format"] {
            guard let order = ImportRules.order(text) else { throw UsageError(key: "import.bad-date-format", arguments: ["value": text]) }
            dateOrder = order
        } else {
            dateOrder = nil
        }
        if let name = arguments.values["--encoding"] {
            guard let known = TextEncoding(name: name) else {
                throw UsageError(key: "import.bad-encoding-name", arguments: ["value": name, "names": TextEncoding.shownNames])
            }
            encoding = known
        } else {
            encoding = nil
        }
        rulesPath = arguments.values["--rules"]
        saveRulesPath = arguments.values["--save-rules"]
        account = arguments.values["--account"]?.lowercased()
        // An account name is one line of a rules file (and a journal's record): no control characters.
        if let account, account.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value <= 0x9F) }) {
            throw UsageError(key: "import.bad-account", arguments: ["value": account.debugDescription])
        }
        dryRun = arguments.flags.contains("--dry-run")
        skipBad = arguments.flags.contains("--skip-bad")
        allowDuplicates = arguments.flags.contains("--allow-duplicates")
    }

    /// What a pass over the file decided.
    private enum Outcome { case write, badRows, nothingNew, dryRun }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard var input = openInput() else {
            return context.usage(UsageError(key: "import.unreadable", arguments: ["path": source ?? "-"]))
        }
        // The rules: only those named. One kept beside the file is pointed out, not used.
        var rules: ImportRules?
        if rulesPath == nil, let beside = source.flatMap(ImportCommand.rulesBeside) {
            context.emit([.notice(key: "import.rules-beside", arguments: ["path": beside], count: nil)])
        }
        if let rulesFile = rulesPath {
            guard let text = FileReading.bytes(atPath: rulesFile).flatMap({ String(validating: $0, as: UTF8.self) }) else {
                return context.usage(UsageError(key: "import.unreadable", arguments: ["path": rulesFile]))
            }
            do {
                // hledger's `include`: a path from the including file's folder (or an absolute one).
                rules = try ImportRules.read(text) { path, from in
                    let base = from.isEmpty ? rulesFile : from
                    let folder = base.lastIndex(of: "/").map { String(base[...$0]) } ?? ""
                    let full = path.hasPrefix("/") ? path : folder + path
                    guard let text = FileReading.bytes(atPath: full).flatMap({ String(validating: $0, as: UTF8.self) }) else { return nil }
                    return (text, full)
                }
            } catch {
                let key = error.reason == "rules-too-large" ? "import.rules-too-large"
                    : error.reason == "hledger-rules" ? "import.bad-hledger-rules" : "import.bad-rules"
                return context.reject(SessionError(key, ["path": rulesFile, "line": String(error.line), "detail": error.detail,
                                                         "limit": String(RulePattern.maximumTotalStates)]))
            }
        }
        // The file as UTF-8: its encoding given (--encoding, else the rules'), or detected.
        let (decoded, refusal) = decodedInput(input, rulesEncoding: rules?.encoding, context: context)
        guard let decoded else { return refusal }
        input = decoded
        return context.storeChange(readOnly: dryRun) { journal in
            // The journal's own categories (by slug or name, either language) come first.
            let vocabulary = ImportVocabulary.make(words: context.words, parser: context.parser,
                                                   context: context.parseContext(journal),
                                                   directory: CategoryDirectory(grammar: context.parser.grammar, journal: journal))
            let aliases = ImportTally.aliases(of: journal.accounts)
            var spellings: [String: String] = [:]
            for name in AccountBook.all(journal).map(\.name) { spellings[name.lowercased()] = name }
            var defaults = ImportDefaults(account: account ?? rules?.account ?? context.configuration.defaultAccount(in: journal),
                                          currency: currency ?? rules?.currency ?? context.configuration.defaultCurrency,
                                          dateOrder: dateOrder)
            defaults.accountGiven = account != nil
            defaults.year = context.configuration.today.year
            let format = self.format ?? source.flatMap(FormatCatalog.named(path:))
                ?? FormatCatalog.detect(input.prefix(1 << 16), vocabulary: vocabulary, rules: rules)
            var reading = ImportReading(input: input, format: format, vocabulary: vocabulary, rules: rules ?? ImportRules(),
                                  defaults: defaults)
            if format.isJournal { reading.journalFiles = JournalIncludeFiles.make(for: source) }
            // An all-slash date column no row decides: asked, or refused naming the option.
            if let example = try reading.undecidedDate() {
                guard let order = askDateOrder(example, context: context) else {
                    return context.reject(SessionError("import.date-order-unknown", ["example": example]))
                }
                defaults.dateOrder = order
                reading.defaults = defaults
            }
            let interactive = context.app.map { $0.interactive && !$0.options.yes } == true && source != nil && !dryRun
            // A bank's file meets the person's entries (ImportMatching) unless every row is wanted.
            let meets = format.isBankFile && !allowDuplicates
            let base = context.configuration.defaultCurrency
            var choices: [Int: Int] = [:]
            if interactive {
                // First pass: counts only, no lock held while the person reads and answers.
                let tally = ImportTally(allowDuplicates: allowDuplicates, aliases: aliases, spellings: spellings)
                if meets { tally.matching = ImportMatching(journal: journal, base: base) }
                var outcome = Outcome.write
                try journal.importChange(write: false) { sink in
                    try reading.read(into: sink, tally: tally)
                    outcome = decide(tally, format: format, journal: journal, context: context)
                    return nil
                }
                if outcome != .write { return finish(outcome, tally: tally, result: nil, context: context) }
                // What would meet the person's entries, before the questions.
                if let matching = tally.matching, !matching.matched.isEmpty || matching.already > 0 {
                    context.emit([.output(matching.output(imported: tally.kept, unmatched: [], dryRun: true, asking: true))])
                }
                for row in tally.matching?.undecided ?? [] {
                    guard let choice = askWhich(row, context: context) else {
                        return [.notice(key: "import.cancelled", arguments: [:], count: nil)]
                    }
                    choices[row.ordinal] = choice
                }
                guard confirm(tally.kept, context: context) else { return [.notice(key: "import.cancelled", arguments: [:], count: nil)] }
                guard let reopened = openInput(), let again = decodedInput(reopened, rulesEncoding: rules?.encoding, context: nil).input else {
                    return context.usage(UsageError(key: "import.unreadable", arguments: ["path": source ?? "-"]))
                }
                reading.restart(again)
            }
            // The pass that writes (or, for --dry-run, only counts).
            let tally = ImportTally(allowDuplicates: allowDuplicates, aliases: aliases, spellings: spellings)
            if meets {
                tally.matching = ImportMatching(journal: journal, base: base)
                tally.matching?.choices = choices
            }
            tally.clearsEveryRow = format.isBankFile
            var outcome = Outcome.write
            var extras: ImportExtras?
            var unmatched: [Transaction] = []
            let showProgress = isatty(2) == 1
            let result = try journal.importChange(write: !dryRun, progress: { done, total in
                guard showProgress, total >= 10_000 else { return }
                Console.write("\r" + ProgressBar.line(done: done, total: total, width: 30), to: 2)
                if done == total { Console.write("\n", to: 2) }
            }) { sink in
                try reading.read(into: sink, tally: tally)
                outcome = decide(tally, format: format, journal: journal, context: context, preview: !interactive)
                // The entries of the file's days it lacks, as the journal is before the write.
                unmatched = tally.matching?.unmatched(in: journal) ?? []
                guard outcome == .write else { return nil }
                extras = ImportExtras(accounts: newAccounts(tally, journal), lessons: newLessons(tally, journal),
                                      objects: newObjects(tally, journal) + (tally.matching?.objects ?? []),
                                      objectsForIDs: tally.clearances,
                                      edits: tally.matching?.edits ?? [])
                return extras
            }
            if outcome == .write || outcome == .nothingNew, let saveRulesPath, format == .csv {
                let saved = (rules ?? ImportRules()).settling(separator: tally.records.separator, dateOrder: reading.settledDateOrder,
                                                              currency: currency, account: account)
                if let failure = AtomicFile.write(Array(saved.text.utf8), to: saveRulesPath, mode: 0o644, folderMode: 0o755) {
                    context.hadStoreError = true
                    return [.error(SessionError("export.unwritable", ["path": saveRulesPath, "reason": String(cString: strerror(failure))]))]
                }
                context.emit([.notice(key: "import.rules-saved", arguments: ["path": saveRulesPath], count: nil)])
            }
            var events = finish(outcome, tally: tally, result: result, extras: extras, context: context)
            if let matching = tally.matching, outcome != .badRows {
                let imported = outcome == .write ? result.imported : (outcome == .dryRun ? tally.kept : 0)
                events.append(.output(matching.output(imported: imported, unmatched: unmatched, dryRun: outcome == .dryRun)))
            }
            return events
        }
    }

    /// After a pass: bad rows (reported; refused unless --skip-bad), the preview (unless a first
    /// pass showed it), and whether anything is left to write.
    private func decide(_ tally: ImportTally, format: InterchangeFormat, journal: Journal, context: CommandContext,
                        preview: Bool = true) -> Outcome {
        let catalog = context.app?.catalog
        let problems = tally.records.problems
        let json = context.app?.options.json == true
        if !problems.isEmpty && preview {
            func arguments(_ problem: ImportProblem) -> [String: String] {
                ["line": problem.place, "detail": BadRowText.shown(problem.detail, catalog: catalog),
                 "reason": catalog?.text("import.reason." + problem.reason) ?? problem.reason]
            }
            context.emit(problems.prefix(20).map { .error(SessionError("import.bad-row", arguments($0)), input: nil, span: nil) })
            // With --json stdout says them too (errors are text on stderr): a script that reads
            // only stdout learns why nothing or less was imported.
            if json { context.emit(problems.map { .notice(key: "import.bad-row", arguments: arguments($0), count: nil) }) }
            if skipBad { context.emit([.notice(key: "import.skipped-bad", arguments: [:], count: problems.count)]) }
        }
        if !problems.isEmpty && !skipBad { return .badRows }
        let accounts = newAccounts(tally, journal)
        if preview {
            context.emit(tally.preview(path: source ?? "-", format: format, nextID: journal.nextID, newAccounts: accounts,
                                       showRows: dryRun || context.app?.interactive == true, json: json))
            context.emit(JournalImportSummary.events(tally.records.journal, journal: journal, dryRun: dryRun, catalog: catalog))
        }
        if dryRun { return .dryRun }
        if tally.kept == 0 && accounts.isEmpty && newLessons(tally, journal).isEmpty && newObjects(tally, journal).isEmpty
            && (tally.matching?.matched.isEmpty ?? true) {
            return .nothingNew
        }
        return .write
    }

    private func finish(_ outcome: Outcome, tally: ImportTally, result: ImportResult?, extras: ImportExtras? = nil,
                        context: CommandContext) -> [SessionEvent] {
        switch outcome {
        case .badRows:
            context.hadInputError = true
            let count = String(tally.records.problems.count)
            let refused = SessionEvent.error(SessionError("import.bad-rows", ["count": count]), input: nil, span: nil)
            guard context.app?.options.json == true else { return [refused] }
            return [.notice(key: "import.bad-rows", arguments: ["count": count], count: nil), refused]
        case .dryRun: return [.notice(key: "import.dry-run", arguments: [:], count: nil)]
        case .nothingNew: return [.notice(key: "import.nothing-new", arguments: [:], count: nil)]
        case .write: break
        }
        var events: [SessionEvent] = [.notice(key: "import.done", arguments: [:], count: result?.imported ?? 0)]
        // A backup's numbers that this journal had given before, or that lie too far beyond its
        // own: said, with the new ones and why.
        if let old = result?.renumberedFrom, let first = result?.firstID, let last = result?.lastID {
            events.append(.notice(key: result?.renumberedFar == true ? "import.renumbered-far" : "import.renumbered", arguments: [
                "old": "#\(old.lowerBound)–#\(old.upperBound)", "new": "#\(first)–#\(last)",
            ], count: nil))
        }
        if let accounts = extras?.accounts, !accounts.isEmpty {
            events.append(.notice(key: "import.accounts-created", arguments: ["accounts": accounts.map(\.name).joined(separator: ", ")],
                                  count: accounts.count))
        }
        if let lessons = extras?.lessons, !lessons.isEmpty {
            events.append(.notice(key: "import.lessons-learned", arguments: [:], count: lessons.count))
        }
        return events
    }

    /// A backup's objects (budgets, series, rates …) that the journal does not hold as they are.
    private func newObjects(_ tally: ImportTally, _ journal: Journal) -> [ObjectRecord] {
        (tally.records.objects + JournalImportSummary.profiles(tally.records.journal, journal))
            .filter { journal.object($0.kind, key: $0.key) != $0 }
    }

    private func newAccounts(_ tally: ImportTally, _ journal: Journal) -> [Account] {
        var known = Set(journal.accounts.flatMap { [$0.name.lowercased()] + $0.aliases.map { $0.lowercased() } })
        // One new account per name whatever its case, as first given.
        return tally.records.accounts.filter { known.insert($0.name.lowercased()).inserted }
    }

    private func newLessons(_ tally: ImportTally, _ journal: Journal) -> [Lesson] {
        let learned = journal.learnedCategories
        return tally.records.lessons.filter { learned[$0.phrase] != $0.category }.map { Lesson(phrase: $0.phrase, category: $0.category) }
    }

    /// `input` as UTF-8 (DecodedInput), saying which encoding it was read in when not UTF-8;
    /// a byte the encoding cannot read refuses the file, naming its line.
    private func decodedInput(_ input: ImportInput, rulesEncoding: TextEncoding?,
                              context: CommandContext?) -> (input: ImportInput?, refusal: [SessionEvent]) {
        let forced = encoding ?? rulesEncoding
        switch DecodedInput.decode(input, forced: forced) {
        case .success(let decoded):
            if decoded.encoding != .utf8, forced == nil {
                context?.emit([.notice(key: "import.encoding-detected", arguments: ["encoding": decoded.encoding.rawValue], count: nil)])
            }
            return (decoded.input, [])
        case .failure(let failure):
            let error = SessionError("import.bad-encoding", ["path": source ?? "-", "line": String(failure.line), "byte": failure.byte,
                                                             "encoding": (forced ?? .utf8).rawValue])
            return (nil, context?.reject(error) ?? [])
        }
    }

    private func openInput() -> ImportInput? {
        guard let source else { return ImportInput(fd: 0) }
        return ImportInput(path: source)
    }

    /// FILE.rules beside FILE, else kassa.rules in its folder; nil when neither exists (only named, never used).
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
