// Session commands: a line that is a command rather than an entry. Commands start with ":"
// (":undo", ":list today"); the bare words of session.rules (`bare.*`: help, quit, undo …)
// alone on a line work too, as does a command's word before a transaction's number ("delete #3"),
// and while a draft waits, yes/no answers ("y", "д", "n", "нет")
// come first. The commands themselves are the registry's (Commands/), run here with this
// session as their context.

import KassaCore
import KassaStore

extension Session {
    /// The events of `line` when it is an answer or a command; nil when it is an entry or a
    /// correction. An unknown ":word" is an error.
    func command(_ line: String) -> [SessionEvent]? {
        let lowered = line.lowercased()
        if state == .confirming, let answer = words.name(in: "confirm", for: lowered) {
            if answer == "yes" { return confirmAnswered() }
            return discardPending()
        }
        if line.hasPrefix(":") {
            let tokens = CommandLineWords.split(line.dropFirst())
            guard let first = tokens.first,
                  let type = CommandRegistry.command(named: first, vocabulary: words, form: .session) else {
                let name = tokens.first ?? ""
                return reject(SessionError("command.unknown", ["command": ":" + name]))
            }
            return run(type, words: Array(tokens.dropFirst()))
        }
        if let bare = words.name(in: "bare", for: lowered),
           let type = CommandRegistry.command(named: bare, vocabulary: words, form: .session) {
            return run(type, words: [])
        }
        if let events = referenceCommand(line) { return events }
        return nil
    }

    /// "edit #1 amount 1800", "delete #3", «удали #2», "why #4": a command's word followed by a
    /// transaction's number runs the command as if typed with ":" — no purchase reads so, and
    /// drafting it made "₸1 delete #". Without a "#N" right after it the word stays an entry's.
    func referenceCommand(_ line: String) -> [SessionEvent]? {
        let tokens = CommandLineWords.split(Substring(line))
        guard tokens.count >= 2, let hash = tokens[1].first, hash == "#",
              tokens[1].dropFirst().first?.isASCII == true, tokens[1].dropFirst().first?.isNumber == true,
              let type = CommandRegistry.command(named: tokens[0], vocabulary: words, form: .session) else { return nil }
        return run(type, words: Array(tokens.dropFirst()))
    }

    /// Runs a registry command in this session; what it got wrong counts for the exit status.
    public func run(_ type: any Command.Type, words arguments: [String]) -> [SessionEvent] {
        var emitted: [SessionEvent] = []
        let context = CommandContext(
            form: .session, configuration: configuration, words: words, session: self, app: app,
            journal: { [journal] _ in journal }, parser: { [parser] in parser }, sink: { emitted += $0 })
        let events = CommandRegistry.run(type, words: arguments, context: context)
        hadInputError = hadInputError || context.hadInputError
        hadStoreError = hadStoreError || context.hadStoreError
        return emitted + events
    }

    /// `:quit`: leaves, saying if a waiting draft was not saved.
    func quit() -> [SessionEvent] {
        var events: [SessionEvent] = []
        if state == .confirming {
            events.append(.notice(key: "session.unsaved-on-exit", arguments: [:], count: pending.count))
            clearPending()
        }
        finished = true
        return events + [.quit]
    }
}
