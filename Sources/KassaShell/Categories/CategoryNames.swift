// CategoryNames: the display names of categories per language, read from the `name SLUG =
// Display name` lines of the rule files alone. Showing "Кофе" for food/coffee in a listing or
// an undo message must not cost building the whole grammar (`kassa list` never parses).

import KassaCore
import Synchronization

public struct CategoryNames: Sendable {
    /// The rule files' names, read on the first lookup (most commands show no category).
    private var fromRules: Deferred<[Language: [String: String]]>?
    private var names: [Language: [String: String]] { fromRules?.value ?? [:] }
    /// The person's own categories and renames (journal records), shared by every copy of this
    /// value: a renderer made before the journal opened still shows them.
    private let own = OwnNames()

    final class OwnNames: Sendable {
        let table = Mutex<[Language: [String: String]]>([:])
    }

    /// Shows `definitions` (the journal's category records) over the rule files' names.
    public func use(_ definitions: [CategoryDefinition]) {
        var table: [Language: [String: String]] = [:]
        for definition in definitions {
            for language in Language.allCases {
                if let name = definition.displayName(language) { table[language, default: [:]][definition.slug] = name }
            }
        }
        own.table.withLock { $0 = table }
    }

    public init() {}

    /// Every `name` line of the language folders' rule files, read when a name is first wanted;
    /// later files win, as in the grammar (the person's own rules come after the shipped ones).
    /// On bytes: this runs in every command that shows a category.
    public init(sources: [GrammarSource]) {
        fromRules = Deferred { CategoryNames.read(sources) }
    }

    private static func read(_ sources: [GrammarSource]) -> [Language: [String: String]] {
        var names: [Language: [String: String]] = [:]
        for source in sources {
            guard let language = source.language, source.path.hasSuffix(".rules") else { continue }
            var table = names[language] ?? [:]
            var contents = source.contents
            contents.withUTF8 { bytes in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != 10 { end += 1 }
                    CategoryNames.read(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: &table)
                    start = end + 1
                }
            }
            names[language] = table
        }
        return names
    }

    /// `name SLUG = Display name` → table[SLUG] = Display name; other lines are skipped.
    private static func read(_ line: UnsafeBufferPointer<UInt8>, into table: inout [String: String]) {
        // "name " by byte: this looks at every line of every rule file on start-up.
        let prefix = 5
        guard line.count > prefix, line[0] == UInt8(ascii: "n"), line[1] == UInt8(ascii: "a"), line[2] == UInt8(ascii: "m"),
              line[3] == UInt8(ascii: "e"), line[4] == 32, let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return }
        func trimmed(_ range: Range<Int>) -> String {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, line[lower] == 32 || line[lower] == 9 { lower += 1 }
            while upper > lower, line[upper - 1] == 32 || line[upper - 1] == 9 || line[upper - 1] == 13 { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: line[lower..<upper]), as: UTF8.self)
        }
        let slug = trimmed(prefix..<equals)
        let name = trimmed((equals + 1)..<line.count)
        guard !slug.isEmpty, !name.isEmpty else { return }
        table[slug] = name
    }

    /// Every slug → name of a language.
    public func all(_ language: Language) -> [String: String] {
        (names[language] ?? [:]).merging(own.table.withLock { $0[language] ?? [:] }) { _, mine in mine }
    }

    /// The name of `slug` in `language`, or nil when the rules give none.
    public func name(_ slug: String, language: Language) -> String? {
        own.table.withLock { $0[language]?[slug] } ?? names[language]?[slug]
    }
}
