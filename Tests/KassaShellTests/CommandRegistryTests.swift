// Tests for the command registry: names in both languages, the same arguments in the session
// and on the command line, usage mistakes as errors, help and the session words made from it.
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
import KassaStore

@Suite struct CommandRegistryTests {
    let words = Fixtures.resources.commandWords

    func arguments(_ name: String, _ words: [String], form: CommandForm = .session,
                   options: [CommandOption] = []) throws(UsageError) -> CommandArguments {
        try CommandArguments(name: name, form: form, words: words, options: options, vocabulary: self.words)
    }

    @Test func namesInBothLanguagesFindTheirCommand() {
        func name(_ word: String, _ form: CommandForm = .session) -> String? {
            CommandRegistry.command(named: word, vocabulary: words, form: form)?.name
        }
        #expect(name("help") == "help")
        #expect(name("помощь") == "help")
        #expect(name("ls") == "list")
        #expect(name("список") == "list")
        #expect(name("отмена") == "undo")
        #expect(name("frobnicate") == nil)
        #expect(name("parse") == nil, "parse is a command-line command only")
        #expect(name("parse", .oneShot) == "parse")
        #expect(name("why", .oneShot) == nil, "why needs a session")
    }

    /// `command(named:)` takes a command's own name before reading the session words: that is
    /// only right while no `word` rule gives one command's name to another.
    @Test func noSessionWordGivesACommandsNameToAnother() {
        for command in CommandRegistry.all {
            let given = words.name(in: "command", for: command.name)
            #expect(given == nil || given == command.name, "\(command.name) is a word of \(given ?? "")")
        }
    }

    @Test func undoTakesTheSameArgumentsInBothForms() throws {
        for form in [CommandForm.session, .oneShot] {
            #expect(try UndoCommand(arguments("undo", [], form: form)).target == .latest(1))
            #expect(try UndoCommand(arguments("undo", ["3"], form: form)).target == .latest(3))
            #expect(try UndoCommand(arguments("undo", ["#12"], form: form)).target == .transaction(12))
            #expect(throws: UsageError.self) { try UndoCommand(arguments("undo", ["foo", "bar"], form: form)) }
            #expect(throws: UsageError.self) { try UndoCommand(arguments("undo", ["0"], form: form)) }
            #expect(throws: UsageError.self) { try RedoCommand(arguments("redo", ["x"], form: form)) }
        }
    }

    @Test func argumentsSplitOptionsFromWords() throws {
        let parsed = try arguments("list", ["today", "--from", "2026-03-01", "--type=income", "--", "--text"],
                                   options: ListFilter.options)
        #expect(parsed.words == ["today", "--text"])
        #expect(parsed.values == ["--from": "2026-03-01", "--type": "income"])
        #expect(throws: UsageError(key: "usage.unknown-option", arguments: ["option": "--frob"])) {
            try arguments("list", ["--frob"], options: ListFilter.options)
        }
        #expect(throws: UsageError(key: "usage.missing-value", arguments: ["option": "--from"])) {
            try arguments("list", ["--from"], options: ListFilter.options)
        }
        #expect(try arguments("parse", ["refund", "-500"]).words == ["refund", "-500"])
    }

    @Test func listFilterWordsAndOptions() throws {
        func filter(_ words: [String], form: CommandForm = .session) throws(UsageError) -> ListFilter {
            try ListCommand(arguments("list", words, form: form, options: ListFilter.options)).filter
        }
        #expect(try filter([]).span == .latest(ListFilter.defaultCount))
        #expect(try filter([], form: .oneShot).span == .all)
        #expect(try filter(["today"]).span == .today)
        #expect(try filter(["вчера"]).span == .yesterday)
        #expect(try filter(["5"]).span == .latest(5))
        #expect(try filter(["--type", "доход"]).type == .income)
        #expect(throws: UsageError(key: "list.bad-filter", arguments: ["value": "someday"])) { try filter(["someday"]) }
        #expect(throws: UsageError(key: "usage.bad-option-date", arguments: ["option": "--from", "value": "2026-02-30"])) {
            try filter(["--from", "2026-02-30"])
        }
        #expect(throws: UsageError(key: "usage.bad-option-type", arguments: ["option": "--type", "value": "gift"])) {
            try filter(["--type", "gift"])
        }
    }

    @Test func listFilterNarrowsTheJournal() throws {
        let today = Fixtures.today
        let path = TestSupport.makeTemporaryDirectory("list-filter").appendingPathComponent("j.kassa").path
        let journal = try Journal.open(path: path)
        for days in [-2, -1, 0] {
            _ = try journal.commit([Draft(amount: Money(minorUnits: 100, currency: .kzt), date: today.adding(days: days))], input: "")
        }
        func selected(_ span: ListFilter.Span, from: CivilDate? = nil) throws -> [Int] {
            let query = try ListFilter(span: span, from: from).query(today: today, category: { _ in fatalError("no category needed") }).get()
            return journal.query(query).map(\.id)
        }
        #expect(try selected(.today) == [3])
        #expect(try selected(.yesterday) == [2])
        #expect(try selected(.latest(2)) == [2, 3])
        #expect(try selected(.all) == [1, 2, 3])
        #expect(try selected(.all, from: today.adding(days: -1)) == [2, 3])
    }

    @Test func idsAndEditFields() throws {
        #expect(try DeleteCommand(arguments("delete", ["#3", "#5-#7"])).ids == [3, 5, 6, 7])
        let edit = try EditCommand(arguments("edit", ["#3,#4", "category", "groceries"]))
        #expect(edit.ids == [3, 4] && edit.field == "category" && edit.value == "groceries")
        #expect(try EditCommand(arguments("edit", ["#2", "сумма", "1600"])).field == "amount")
        #expect(throws: UsageError(key: "ids.expected", arguments: ["command": ":delete"])) { try DeleteCommand(arguments("delete", [])) }
        #expect(throws: UsageError(key: "edit.usage", arguments: ["command": "kassa edit"])) {
            try EditCommand(arguments("edit", ["#2"], form: .oneShot))
        }
    }

    @Test func shippedSessionWordsNameOnlyWhatKassaHas() {
        #expect(Fixtures.resources.commandWordProblems.isEmpty)
        var typo = CommandWords()
        typo.load("word command lsit = lsit\nword field amuont = amuont\nword command list = list\n", file: "mine.rules")
        #expect(typo.unknownNames(known: CommandWords.knownNames).map(\.line) == [1, 2])
        #expect(typo.unknownNames(known: CommandWords.knownNames).first?.unknown == "command.lsit")
    }

    @Test func everyCommandHasWordsAndHelpInBothLanguages() {
        for type in CommandRegistry.all {
            #expect(!words.words("command", type.name).isEmpty, "no words for \(type.name)")
            for language in Language.allCases {
                let catalog = Fixtures.catalog(language)
                // The usage line is made from the declaration (CommandUsage); the summary is the command's own.
                #expect(catalog.has("command.\(type.name).summary"), "\(language) help for \(type.name)")
            }
        }
    }

    @Test func helpListsEveryCommandOfItsForm() {
        for form in [CommandForm.session, .oneShot] {
            let text = HelpText(catalog: Fixtures.catalog(.en)).lines(form: form, topic: nil).joined(separator: "\n")
            for type in CommandRegistry.commands(for: form) {
                #expect(text.contains(form.prefix + type.name), "\(type.name) missing from \(form) help")
            }
        }
        #expect(CommandRegistry.commands(for: .oneShot).count + CommandRegistry.commands(for: .session).count
                > CommandRegistry.all.count)
    }

    @Test func completionOffersTheSessionCommands() {
        let completion = Completion(grammar: Grammar.load(Fixtures.resources.grammarSources).0, words: words, accounts: Completion.AccountNames([]))
        let offered = Set(completion.completer(":").map { $0.dropFirst() }.compactMap { words.name(in: "command", for: $0) })
        #expect(offered == Set(CommandRegistry.commands(for: .session).map { $0.name }))
    }
}
