// Grammar: every rule and word of Grammars/, loaded once at start-up. PLACEHOLDER from the
// skeleton: the parser work replaces it with the real rule format (see Grammars/README.md).

public struct CategoryInfo: Sendable, Hashable {
    public var slug: String
    public var names: [Language: String]

    public init(slug: String, names: [Language: String]) {
        self.slug = slug
        self.names = names
    }
}

public final class Grammar: Sendable {
    public let categories: [CategoryInfo]

    init(categories: [CategoryInfo]) {
        self.categories = categories
    }

    /// Loads what it can; each mistake is reported and the rest still loads.
    public static func load(_ sources: [GrammarSource]) -> (Grammar, [GrammarError]) {
        (Grammar(categories: []), [])
    }

    /// The slug for what a person calls a category: "groceries", "продукты", "food/groceries".
    public func categorySlug(named text: String) -> String? {
        let lowered = text.lowercased()
        return categories.first { $0.slug == lowered || $0.names.values.contains { $0.lowercased() == lowered } }?.slug
    }
}
