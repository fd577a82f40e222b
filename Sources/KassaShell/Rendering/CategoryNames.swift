// CategoryNames: the display names of categories per language, read from the `name SLUG =
// Display name` lines of the rule files alone. Showing "Кофе" for food/coffee in a listing or
// an undo message must not cost building the whole grammar (`kassa list` never parses).

import KassaCore

public struct CategoryNames: Sendable {
    private var names: [Language: [String: String]] = [:]

    public init() {}

    /// Reads every `name` line of the language folders' rule files; later files win, as in the
    /// grammar (the person's own rules come after the shipped ones).
    public init(sources: [GrammarSource]) {
        for source in sources {
            guard let language = source.language, source.path.hasSuffix(".rules") else { continue }
            for line in source.contents.split(separator: "\n") {
                guard line.hasPrefix("name "), let equals = line.firstIndex(of: "=") else { continue }
                let slug = line[line.index(line.startIndex, offsetBy: 5)..<equals].trimmingSpaces
                let name = line[line.index(after: equals)...].trimmingSpaces
                guard !slug.isEmpty, !name.isEmpty else { continue }
                names[language, default: [:]][slug] = name
            }
        }
    }

    /// The name of `slug` in `language`, or nil when the rules give none.
    public func name(_ slug: String, language: Language) -> String? {
        names[language]?[slug]
    }
}
