// Completion: Tab candidates for the word before the cursor: commands after ":", category
// names and slugs (both languages), account names, correction field words.

import KassaCore

struct Completion: Sendable {
    let grammar: Grammar
    let words: CommandWords
    let accounts: @Sendable () -> [String]

    var completer: Completer {
        let grammar = grammar, words = words, accounts = accounts
        return { line in
            let tokens = line.split(separator: " ", omittingEmptySubsequences: false)
            let current = String(tokens.last ?? "")
            let lowered = current.lowercased()
            var pool: [String] = []
            if tokens.count == 1, current.hasPrefix(":") {
                // The session's commands (the registry's), by every word session.commands gives them.
                let session = Set(CommandRegistry.commands(for: .session).map { $0.name })
                pool = words.allWords(in: "command").filter { words.name(in: "command", for: $0).map(session.contains) ?? false }
                    .map { ":" + $0 }
            } else {
                for category in grammar.categories {
                    pool.append(category.slug)
                    pool += category.names.values.map { $0.lowercased() }
                }
                pool += accounts()
                if tokens.count == 1 { pool += words.allWords(in: "field") + words.allWords(in: "bare") }
            }
            return Array(Set(pool.filter { $0.lowercased().hasPrefix(lowered) && $0.count > 1 })).sorted()
        }
    }
}
