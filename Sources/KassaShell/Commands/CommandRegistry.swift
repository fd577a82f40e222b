// CommandRegistry: every command kassa has, in the order help lists them. Adding a command is
// one file in this folder, its line here, its words in Grammars/*/session.commands and its
// `command.NAME.usage` / `command.NAME.summary` messages in Locales/*/shell.messages.

public enum CommandRegistry {
    public static let all: [any Command.Type] = [
        HelpCommand.self,
        ParseCommand.self,
        AddCommand.self,
        ListCommand.self,
        BalanceCommand.self,
        ReportCommand.self,
        AskCommand.self,
        BudgetCommand.self,
        HistoryCommand.self,
        UndoCommand.self,
        RedoCommand.self,
        EditCommand.self,
        DeleteCommand.self,
        AccountsCommand.self,
        AccountCommand.self,
        RecurringCommand.self,
        DueCommand.self,
        RepeatCommand.self,
        CategoriesCommand.self,
        CategoryCommand.self,
        RateCommand.self,
        LessonsCommand.self,
        ForgetCommand.self,
        WhyCommand.self,
        ImportCommand.self,
        ExportCommand.self,
        CheckCommand.self,
        RepairCommand.self,
        DevicesCommand.self,
        ConflictsCommand.self,
        GrammarCommand.self,
        ConfigCommand.self,
        ManualCommand.self,
        CompletionsCommand.self,
        InstallCommand.self,
        UninstallCommand.self,
        QuitCommand.self,
    ]

    /// The canonical names, for checking session.commands.
    public static var names: Set<String> { Set(all.map { $0.name }) }

    /// The commands usable in a form, in help order.
    public static func commands(for form: CommandForm) -> [any Command.Type] {
        all.filter { $0.forms.contains(form == .session ? .session : .oneShot) }
    }

    /// The command a word names in this form: its canonical name, or any of its words in
    /// session.commands (`list`, `ls`, `список`). nil when none (or not in this form).
    /// A command's own name is taken as it is, before the session words are read (they are
    /// read only when first wanted, and `kassa parse` needs none); CommandRegistryTests holds
    /// the words to never give a command's name to another command.
    public static func command(named word: String, vocabulary: CommandWords, form: CommandForm) -> (any Command.Type)? {
        if let own = commands(for: form).first(where: { $0.name == word }) { return own }
        let name = vocabulary.name(in: "command", for: word) ?? word.lowercased()
        return commands(for: form).first { $0.name == name }
    }

    /// Every option any command takes a value for: the command line must know them before it
    /// knows the command (`kassa --from 2026-03-01 list`).
    public static var valueOptions: Set<String> {
        Set(all.flatMap { $0.options.filter(\.takesValue).map(\.name) })
    }

    /// Reads and runs `words` as the command `type` in `context`; a usage mistake is said.
    static func run(_ type: any Command.Type, words: [String], context: CommandContext) -> [SessionEvent] {
        do {
            let arguments = try CommandArguments(name: type.name, form: context.form, words: words, options: type.options,
                                                 vocabulary: context.words)
            return try type.init(arguments).run(context)
        } catch {
            return context.usage(error)
        }
    }
}
