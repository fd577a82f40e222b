// CommandSurface: everything a command takes after its name, declared as data in the command's
// own file — its verbs (each with its positional words) and the positional words it takes
// without one; its options are `Command.options`, each with the kind of its value. The command's
// reader asks the surface for its verb (`CommandArguments.verb`), so a verb that is not declared
// is refused; help, Tab in the session, `kassa completions bash|zsh|fish` and the man page are
// made from the same declaration, and CommandSurfaceTests fails when any of them differ from it.

public struct CommandSurface: Sendable, Hashable {
    /// The session.rules group whose entries name the verbs in every language
    /// (`account.add: add new …`); nil when only the canonical names are taken.
    public var group: String?
    public var verbs: [CommandVerb]
    /// The words taken when the first word is no verb (or the command has none): `rate [CODE]`,
    /// `list [today|yesterday|all|N]`.
    public var arguments: [ArgumentSlot]
    /// The command takes nothing without one of its verbs (`grammar check|test`): its usage
    /// line shows no bare alternative.
    public var verbRequired = false

    public init(group: String? = nil, verbs: [CommandVerb] = [], arguments: [ArgumentSlot] = []) {
        self.group = group
        self.verbs = verbs
        self.arguments = arguments
    }

    public init(group: String? = nil, verbs: [CommandVerb] = [], _ arguments: ArgumentSlot...) {
        self.init(group: group, verbs: verbs, arguments: arguments)
    }

    public var verbNames: [String] { verbs.map(\.name) }

    /// The declared verb a word names: its canonical name in any case, or a word the group
    /// gives it in any language. nil for anything else (the reader refuses it as a verb).
    public func verb(for word: String, vocabulary: CommandWords) -> CommandVerb? {
        let lowered = word.lowercased()
        let name = group.flatMap { vocabulary.name(in: $0, for: word) } ?? lowered
        return verbs.first { $0.name == name } ?? verbs.first { $0.name == lowered }
    }

    /// Every word a person may type for a verb in the session (canonical and vocabulary words).
    public func words(of verb: CommandVerb, vocabulary: CommandWords) -> [String] {
        [verb.name] + (group.map { vocabulary.words($0, verb.name) } ?? [])
    }

    /// The slot of positional word `index` (0 = the first after the command's name), given the
    /// words before it: after a verb, the verb's; without one, the command's own.
    public func slot(at index: Int, after words: [String], vocabulary: CommandWords) -> ArgumentSlot? {
        if let first = words.first, let verb = verb(for: first, vocabulary: vocabulary) {
            return index == 0 ? nil : verb.arguments.slot(at: index - 1)
        }
        return arguments.slot(at: index)
    }
}
