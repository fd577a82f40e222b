// SessionRunner: the read–handle–render loop (cf. Lua's doREPL): one reader, one session, one
// renderer. Interactive on a terminal (libedit), scripted otherwise, the same dialog either way.
// Output is buffered and flushed before each wait for input, so every answer is out before the
// next line is read.

import KassaCore
import KassaStore

struct SessionRunner {
    let context: AppContext

    func run() -> Int32 {
        let journal: Journal
        do {
            journal = try context.openJournal()
        } catch {
            context.console.write(context.textRenderer.render(.error((error as? any LocalizableError) ?? SessionError("store.failed"))))
            return KassaApp.ExitStatus.journal.rawValue
        }
        return run(journal: journal)
    }

    func run(journal: Journal) -> Int32 {
        let session = Session(configuration: context.sessionConfiguration, parser: context.parser,
                              words: context.resources.commandWords, journal: journal)
        session.app = context
        session.primeBudgets()
        let reader = ReaderFactory.make(context: context)
        // Account names and aliases for Tab, renewed after every change the session makes (the
        // completer must be Sendable, the journal is not).
        func accountNames() -> [String] {
            [context.sessionConfiguration.defaultAccount(in: journal)] + journal.accounts.flatMap { [$0.name] + $0.aliases }
                + journal.accountsInUse()
        }
        let accounts = Completion.AccountNames(context.interactive ? accountNames() : [])
        reader.completer = Completion(grammar: context.grammar, words: context.resources.commandWords, accounts: accounts).completer
        let renderer = context.renderer(form: .session)
        if context.interactive {
            context.console.write([OutputLine(context.style.dim(context.catalog.text("session.welcome", [
                "path": context.ownJournal, "version": KassaApp.version,
            ])))])
        }
        // A file at the history path that kassa did not write is kept as it is, and said.
        if let edit = reader as? EditLineReader, edit.historyIsForeign, let path = context.paths.history {
            context.console.write([OutputLine(context.style.note(context.catalog.text("session.history-foreign", ["path": path])), to: .error)])
        }
        // Due payments of recurring series as one batch, and reminders (nothing without series).
        renderer.write(session.start(), to: context.console)
        while !session.finished {
            context.console.flush()
            let prompt = reader.showsPrompt ? context.catalog.text(session.state == .confirming ? "prompt.confirm" : "prompt.entry") + " " : ""
            let input = reader.readLine(prompt: prompt)
            if case .line(let text) = input, context.interactive, !text.trimmingSpaces.isEmpty {
                reader.addToHistory(text)
            }
            var events = session.handle(input)
            // A paste arrives as a burst: lines already waiting are read before anything is
            // shown, and the batch's card is shown once, for the whole burst.
            while context.interactive, !session.finished, case .line = input, InputBurst.moreWaiting() {
                let next = reader.readLine(prompt: "")
                if case .line(let text) = next, !text.trimmingSpaces.isEmpty { reader.addToHistory(text) }
                events = InputBurst.coalesce(events + session.handle(next))
                if case .end = next { break }
            }
            renderer.write(events, to: context.console)
            if context.interactive, events.contains(where: \.changesAccounts) { accounts.replace(accountNames()) }
        }
        context.console.flush()
        return SessionRunner.status(session: session, interactive: context.interactive)
    }

    static func status(session: Session, interactive: Bool) -> Int32 {
        if session.hadStoreError { return KassaApp.ExitStatus.journal.rawValue }
        if session.hadInputError && !interactive { return KassaApp.ExitStatus.inputError.rawValue }
        return KassaApp.ExitStatus.success.rawValue
    }
}

extension SessionEvent {
    /// The event may bring or take away an account name (a save says so with its first-use
    /// notice): only then is the list Tab offers made again.
    var changesAccounts: Bool {
        switch self {
        case .changed, .undone, .redone: return true
        case .output(let output): return output is AccountChangeOutput
        case .notice(let key, _, _): return key == "account.first-use"
        default: return false
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
