// Completion: Tab candidates for the word before the cursor: commands after ":", category
// names and slugs (both languages), account names (kept current as the session adds them),
// correction field words. On an empty line only the commands are offered, not every word.

import KassaCore
import Synchronization

struct Completion: Sendable {
    let grammar: Grammar
    let words: CommandWords
    let accounts: AccountNames

    /// The account names Tab offers, replaced by the session after a change (the completer
    /// runs inside libedit and must not touch the journal).
    final class AccountNames: Sendable {
        private let names: Mutex<[String]>

        init(_ names: [String]) { self.names = Mutex(names) }

        var current: [String] { names.withLock { $0 } }

        func replace(_ new: [String]) { names.withLock { $0 = new } }
    }

    var completer: Completer {
        let grammar = grammar, words = words, accounts = accounts
        return { line in
            let tokens = line.split(separator: " ", omittingEmptySubsequences: false)
            let current = String(tokens.last ?? "")
            let lowered = current.lowercased()
            // The session's commands (the registry's), by every word session.commands gives them.
            let session = Set(CommandRegistry.commands(for: .session).map { $0.name })
            let commands = words.allWords(in: "command").filter { words.name(in: "command", for: $0).map(session.contains) ?? false }
                .map { ":" + $0 }
            var pool: [String] = []
            if line.trimmingWhitespace.isEmpty {
                pool = commands
            } else if tokens.count == 1, current.hasPrefix(":") {
                pool = commands
            } else {
                for category in grammar.categories {
                    pool.append(category.slug)
                    pool += category.names.values.map { $0.lowercased() }
                }
                pool += accounts.current
                if tokens.count == 1 { pool += words.allWords(in: "field") + words.allWords(in: "bare") }
            }
            return Array(Set(pool.filter { $0.lowercased().hasPrefix(lowered) && $0.count > 1 })).sorted()
        }
    }
}
