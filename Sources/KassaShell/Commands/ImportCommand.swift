// ImportCommand: `kassa import [FILE]` (stdin without FILE): a `kassa list --json` backup,
// validated whole before anything is written; a progress bar on a terminal.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

public struct ImportCommand: Command {
    public static let name = "import"
    public static let forms = CommandForms.oneShot
    public static let options: [CommandOption] = [.flag("--allow-duplicates")]
    let source: String?
    /// Import lines already in the journal too (by id, or by date, amount, account and note).
    let allowDuplicates: Bool

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count <= 1 else { throw arguments.unexpected(Array(arguments.words.dropFirst())) }
        source = arguments.words.first.flatMap { $0 == "-" ? nil : $0 }
        allowDuplicates = arguments.flags.contains("--allow-duplicates")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let bytes = source.map(FileReading.bytes(atPath:)) ?? FileReading.bytes(from: 0) else {
            return context.usage(UsageError(key: "import.unreadable", arguments: ["path": source ?? "-"]))
        }
        let showProgress = isatty(2) == 1
        return context.storeChange { journal in
            do {
                let result = try journal.importJSONLines(bytes, allowDuplicates: allowDuplicates, batchSize: 50_000) { done, total in
                    guard showProgress, total > 0 else { return }
                    Console.write("\r" + ProgressBar.line(done: done, total: total, width: 30), to: 2)
                }
                if showProgress { Console.write("\n", to: 2) }
                return [.notice(key: "import.done", arguments: [:], count: result.imported)]
                    + (result.skipped > 0 ? [.notice(key: "store.import.skipped", arguments: [:], count: result.skipped)] : [])
            } catch let error as StoreError where error.kind == .importInvalid {
                return context.reject(error)
            }
        }
    }
}

/// A one-line progress bar for stderr: "[#######.......]  42%".
enum ProgressBar {
    static func line(done: Int, total: Int, width: Int) -> String {
        let filled = total > 0 ? min(width, done * width / total) : width
        let percent = total > 0 ? done * 100 / total : 100
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + (percent < 10 ? "  " : percent < 100 ? " " : "") + String(percent) + "%"
    }
}
