// Grammar: every word class, pattern and category of Grammars/, loaded once at start-up
// (see Grammars/README.md for the format). Built by GrammarLoader; read-only afterwards, so one
// instance is shared by every parse. Lookups are one dictionary probe per token: Russian stems
// (`молок~`) are expanded into their inflected forms at load time.

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
    let classNames: [String]
    let classIDs: [String: Int]
    let entries: [WordEntry]
    /// Normalized word (a phrase's first word) → indices into `entries`, later definitions last.
    let lexicon: [String: [Int]]
    let endingSets: [Set<String>]
    let patterns: [Pattern]
    /// Patterns by what their first element can be, so each token tries only a few.
    let literalBuckets: [String: [Int]]
    let classBuckets: [[Int]]
    let builtinBuckets: [Int]
    /// Normalized display name, slug or last slug component → slug.
    let categoryByName: [String: String]

    init(categories: [CategoryInfo], classNames: [String], classIDs: [String: Int], entries: [WordEntry],
         lexicon: [String: [Int]], endingSets: [Set<String>], patterns: [Pattern],
         literalBuckets: [String: [Int]], classBuckets: [[Int]], builtinBuckets: [Int],
         categoryByName: [String: String]) {
        self.categories = categories
        self.classNames = classNames
        self.classIDs = classIDs
        self.entries = entries
        self.lexicon = lexicon
        self.endingSets = endingSets
        self.patterns = patterns
        self.literalBuckets = literalBuckets
        self.classBuckets = classBuckets
        self.builtinBuckets = builtinBuckets
        self.categoryByName = categoryByName
    }

    /// Loads what it can; each mistake is reported and the rest still loads.
    public static func load(_ sources: [GrammarSource]) -> (Grammar, [GrammarError]) {
        var loader = GrammarLoader()
        for source in sources { loader.add(source) }
        return loader.finish()
    }

    /// The slug for what a person calls a category: "groceries", "продукты", "food/groceries".
    /// Falls back to the keyword lexicon ("такси" → transport/taxi).
    public func categorySlug(named text: String) -> String? {
        let key = Tokenizer.normalize(Substring(text)).trimmingSpaces
        guard !key.isEmpty else { return nil }
        if let slug = categoryByName[String(key)] { return slug }
        guard let category = classIDs["category"] else { return nil }
        let tokens = Tokenizer.tokenize(Array(String(key).unicodeScalars)).filter(\.isContent)
        guard tokens.count == 1 else { return nil }
        return lexicon[tokens[0].text]?.last { entries[$0].classID == category && entries[$0].rest.isEmpty }
            .map { entries[$0].value }
    }

    /// All words of a class, for tools and tests (e.g. the filler words).
    func words(ofClass name: String) -> [String] {
        guard let id = classIDs[name] else { return [] }
        return lexicon.filter { $0.value.contains { entries[$0].classID == id } }.keys.sorted()
    }
}
