// HelpCommand: `:help`, `kassa help`, `kassa --help` — every command of the form in use, made
// from the registry; `:help list` / `kassa help list` / `kassa list --help`: one command.

public struct HelpCommand: Command {
    public static let name = "help"
    public static let forms = CommandForms.both
    public static let readsJournal = false
    public static let surface = CommandSurface(.optional(.command))
    /// The command asked about (canonical name), if any.
    let topic: String?

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count <= 1 else { throw arguments.unexpected() }
        if let word = arguments.words.first {
            guard let known = CommandRegistry.command(named: word, vocabulary: arguments.vocabulary, form: arguments.form) else {
                throw UsageError(key: "usage.unknown-command", arguments: ["command": word])
            }
            topic = known.name
        } else {
            topic = nil
        }
    }

    init(topic: String?) { self.topic = topic }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        [.output(HelpOutput(form: context.form, topic: topic))]
    }
}
