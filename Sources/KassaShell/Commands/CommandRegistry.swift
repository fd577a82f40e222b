// CommandRegistry: every command kassa has, in the order help lists them, and the runner that
// reads and runs one. `all` is the hand list in CommandRegistry+All.swift, in the order of
// Grammars/en/session.rules; adding a command is its file (in its feature's folder), its line
// there, its words in Grammars/*/session.rules, its messages in Locales/*/ and its test —
// CommandListTests fails on any of them missing.

public enum CommandRegistry {
    /// The canonical names, for checking session.rules.
    public static var names: Set<String> { Set(all.map { $0.name }) }

    /// The commands usable in a form, in help order.
    public static func commands(for form: CommandForm) -> [any Command.Type] {
        all.filter { $0.forms.contains(form == .session ? .session : .oneShot) }
    }

    /// The command a word names in this form: its canonical name, or any of its words in
    /// session.rules (`list`, `ls`, `список`). nil when none (or not in this form).
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
    /// The one place the journal is refreshed before a command: in a session, once the words
    /// were read (a usage mistake never touches the journal), for a command that reads it.
    /// On the command line the journal is opened fresh for the one command, so there is nothing
    /// to catch up with.
    static func run(_ type: any Command.Type, words: [String], context: CommandContext) -> [SessionEvent] {
        let command: any Command
        do {
            let arguments = try CommandArguments(name: type.name, form: context.form, words: words, options: type.options,
                                                 vocabulary: context.words)
            command = try type.init(arguments)
        } catch {
            return context.usage(error)
        }
        if context.session != nil, type.readsJournal {
            // A failure to read what others saved is said as a journal error, and the command does not run.
            let failure = context.storeChange(readOnly: true) { journal in
                try journal.refresh()
                return []
            }
            if !failure.isEmpty { return failure }
        }
        return command.run(context)
    }
}
