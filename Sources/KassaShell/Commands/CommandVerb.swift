// CommandVerb: one verb a command takes as its first word (`account rename OLD NEW`): its
// canonical name and the positional words after it, as data (CommandSurface holds them).

public struct CommandVerb: Sendable, Hashable {
    /// The canonical name: what help, the man page and the shell scripts show, and the name a
    /// session.rules word of the command's group gives (`account.add: add new …`).
    public let name: String
    /// What follows the verb, in order.
    public let arguments: [ArgumentSlot]

    public init(_ name: String, _ arguments: ArgumentSlot...) {
        self.name = name
        self.arguments = arguments
    }
}
