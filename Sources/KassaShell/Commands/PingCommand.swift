// PingCommand: `kassa ping` / `:ping` — says kassa is here and how many changes the journal holds
// (a throwaway command proving that a small command with its own output is one file, its words,
// its messages and its test). Its output renders itself: a localized line, or with --json
// {"event": "ping", "changes": N}.

import KassaCore

public struct PingCommand: Command {
    public static let name = "ping"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            [.output(Output(changes: journal.history(limit: 1).total))]
        }
    }

    /// What ping shows: the number of changes in the journal.
    struct Output: CommandOutput {
        let changes: Int

        func textLines(_ renderer: TextRenderer) -> [String] {
            [renderer.catalog.text("ping.pong", count: changes, ["count": String(changes)])]
        }

        func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
            var json = JSONWriter()
            json.add("event", "ping")
            json.add("changes", changes)
            return [json]
        }
    }
}
