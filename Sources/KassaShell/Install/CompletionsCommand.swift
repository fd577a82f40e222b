// CompletionsCommand: `kassa completions bash|zsh|fish` prints a completion script
// (CompletionScripts); `kassa completions accounts|categories|commands` prints the words those
// scripts ask for when Tab is pressed, one per line (with --null each ended by a NUL byte instead:
// a name from an imported file may hold a line break, and the scripts must get it whole). Asking
// never creates a journal: without one the only account is the default.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore

public struct CompletionsCommand: Command {
    public static let name = "completions"
    public static let forms = CommandForms.oneShot
    public static let readsJournal = false
    public static let options: [CommandOption] = [.flag("--null")]
    static let lists = ["accounts", "categories", "commands"]
    public static let surface = CommandSurface(.required(.choice(CompletionScripts.shells + lists)))

    let what: String
    let nullEnded: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count == 1, let word = arguments.words.first?.lowercased(),
              CompletionScripts.shells.contains(word) || CompletionsCommand.lists.contains(word) else {
            throw UsageError(key: "usage.completions")
        }
        what = word
        nullEnded = arguments.flags.contains("--null")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let scripts = CompletionScripts(catalog: app.catalog, words: context.words)
        var lines: [String]
        var words = true
        switch what {
        case "accounts":
            lines = [context.configuration.defaultAccount]
            var info = stat()
            if stat(app.ownJournal, &info) == 0, let journal = try? context.journal() {
                // Defined accounts, and those made by their first use (as the session's Tab offers).
                lines += journal.accounts.flatMap { [$0.name] + $0.aliases } + journal.accountsInUse()
            }
        case "categories":
            lines = []
            for category in context.parser.grammar.categories.sorted(by: { $0.slug < $1.slug }) {
                lines.append(category.slug)
                if let name = category.names[app.language] { lines.append(name.lowercased()) }
            }
        case "commands":
            lines = CommandRegistry.commands(for: .oneShot).map { $0.name }
        default:
            words = false
            lines = scripts.script(what).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
        }
        // A word list once each (an alias may repeat a name); a script as it is.
        var seen = Set<String>()
        let kept = lines.filter { !words || seen.insert($0).inserted }
        if nullEnded && words {
            app.console.append(kept.flatMap { Array($0.utf8) + [0] })
        } else {
            app.console.write(kept.map { OutputLine($0) })
        }
        return []
    }
}
