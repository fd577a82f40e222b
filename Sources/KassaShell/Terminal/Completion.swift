// Completion: Tab candidates for the word before the cursor: commands after ":"; after a
// command, what its declaration (CommandSurface, its options' kinds) says is there — its verbs in
// every language, its options, the values of an option or a word of a known kind (accounts,
// categories, currencies, fixed words); elsewhere category names and slugs (both languages),
// account names (kept current as the session adds them) and correction field words. On an empty
// line only the commands are offered, not every word.

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
            // The session's commands (the registry's), by every word session.rules gives them.
            let session = Set(CommandRegistry.commands(for: .session).map { $0.name })
            let commands = words.allWords(in: "command").filter { words.name(in: "command", for: $0).map(session.contains) ?? false }
                .map { ":" + $0 }
            var pool: [String] = []
            let before = tokens.dropLast().filter { !$0.isEmpty }.map(String.init)
            if line.trimmingWhitespace.isEmpty {
                pool = commands
            } else if tokens.count == 1, current.hasPrefix(":") {
                pool = commands
            } else if let first = before.first, first.hasPrefix(":"),
                      let type = CommandRegistry.command(named: String(first.dropFirst()), vocabulary: words, form: .session),
                      let offered = Completion.offered(type, after: Array(before.dropFirst()), current: current, grammar: grammar,
                                                       words: words, accounts: accounts.current) {
                pool = offered
            } else {
                // After a field word the value is of that field's kind: "account " offers the
                // accounts only, "category " the categories only.
                let field = before.last.flatMap { words.name(in: "field", for: $0) }
                if field != "account" && field != "to_account" {
                    for category in grammar.categories {
                        pool.append(category.slug)
                        pool += category.names.values.map { $0.lowercased() }
                    }
                }
                if field != "category" { pool += accounts.current }
                if tokens.count == 1 { pool += words.allWords(in: "field") + words.allWords(in: "bare") }
            }
            return Array(Set(pool.filter { $0.lowercased().hasPrefix(lowered) && $0.count > 1 })).sorted()
        }
    }

    /// What the declaration of `type` offers for the word `current` after `earlier` words of the
    /// command: its options, an option's values, its verbs, a positional word's values. nil when
    /// it has nothing to say there (free text, an amount): the general words are offered then.
    static func offered(_ type: any Command.Type, after earlier: [String], current: String, grammar: Grammar,
                        words: CommandWords, accounts: [String]) -> [String]? {
        if CommandArguments.isOption(current) { return type.options.map(\.name) }
        if let last = earlier.last, let option = type.options.first(where: { $0.name == last }), let kind = option.value {
            return values(kind, grammar: grammar, words: words, accounts: accounts) ?? []
        }
        // The positional words typed so far: options and their values left out.
        var positional: [String] = []
        var index = 0
        while index < earlier.count {
            let word = earlier[index]
            index += 1
            if CommandArguments.isOption(word) {
                if type.options.first(where: { $0.name == word })?.takesValue == true { index += 1 }
            } else {
                positional.append(word)
            }
        }
        let surface = type.surface
        if positional.isEmpty {
            let verbs = surface.verbs.flatMap { surface.words(of: $0, vocabulary: words) }
            let own = surface.arguments.first.flatMap { values($0.kind, grammar: grammar, words: words, accounts: accounts) }
            return verbs.isEmpty && own == nil ? nil : verbs + (own ?? [])
        }
        guard let slot = surface.slot(at: positional.count, after: positional, vocabulary: words) else { return nil }
        return values(slot.kind, grammar: grammar, words: words, accounts: accounts)
    }

    /// The words of a kind the session knows; nil for a kind typed freely.
    static func values(_ kind: ArgumentKind, grammar: Grammar, words: CommandWords, accounts: [String]) -> [String]? {
        switch kind {
        case .account: return accounts
        case .category:
            return grammar.categories.flatMap { [$0.slug] + $0.names.values.map { $0.lowercased() } }
        case .choice(let names, let group):
            return names + (group.map { group in names.flatMap { words.words(group, $0) } } ?? [])
        case .command:
            let session = Set(CommandRegistry.commands(for: .session).map { $0.name })
            return words.allWords(in: "command").filter { words.name(in: "command", for: $0).map(session.contains) ?? false }
        default: return kind.words
        }
    }
}
