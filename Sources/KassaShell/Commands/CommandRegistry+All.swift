// CommandRegistry+All: every command kassa has, in the order help lists them (the order of the
// `command.NAME:` lines of Grammars/en/session.rules). A hand list, kept honest by
// CommandListTests: a type declared `Command` in KassaShell that is missing here, a command out
// of that order, or one without words in a language's session.rules or a help line in its
// Locales fails the tests.

extension CommandRegistry {
    /// Every command kassa has, in the order help lists them.
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
        ReconcileCommand.self,
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
}
