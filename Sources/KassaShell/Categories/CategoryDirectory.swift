// CategoryDirectory: every category a person can name — the built-in tree of the grammars and
// their own (`:category add`), with renames — and the slug a typed name means. Used wherever a
// category is typed: corrections, `:edit`, `list --category`, `:category`.

import KassaCore
import KassaStore

public struct CategoryDirectory {
    public let grammar: Grammar
    public let definitions: [CategoryDefinition]

    public init(grammar: Grammar, journal: Journal) {
        self.grammar = grammar
        definitions = CategoryDirectory.definitions(journal)
    }

    public static func definitions(_ journal: Journal) -> [CategoryDefinition] {
        journal.objects(CategoryDefinition.kind).compactMap(CategoryDefinition.init(record:))
    }

    /// The slug `text` means: an own category by slug or name (any language), then the grammar's
    /// names, slugs and keyword lexicon.
    public func slug(named text: String) -> String? {
        let key = text.trimmingWhitespace.lowercased()
        guard !key.isEmpty else { return nil }
        for definition in definitions {
            if definition.slug == key { return definition.slug }
            if definition.name?.lowercased() == key || definition.names.values.contains(where: { $0.lowercased() == key }) {
                return definition.slug
            }
        }
        return grammar.categorySlug(named: text)
    }

    public func isBuiltIn(_ slug: String) -> Bool { grammar.categories.contains { $0.slug == slug } }

    public func own(_ slug: String) -> CategoryDefinition? { definitions.first { $0.slug == slug && $0.own } }

    /// Every category: the built-in ones with renames applied, then the person's own, by slug.
    public var all: [CategoryInfo] {
        var list = grammar.categories
        for definition in definitions {
            if let index = list.firstIndex(where: { $0.slug == definition.slug }) {
                for language in Language.allCases { if let name = definition.names[language] { list[index].names[language] = name } }
            } else if definition.own {
                var names: [Language: String] = [:]
                for language in Language.allCases { names[language] = definition.displayName(language) }
                list.append(CategoryInfo(slug: definition.slug, names: names))
            }
        }
        return list.sorted { $0.slug < $1.slug }
    }

    /// Every category as `:categories` lists it: `all` with each one's type and whether it is own.
    public var listing: [CategoryListing] {
        all.map { CategoryListing(info: $0, type: type(of: $0.slug), own: own($0.slug) != nil) }
    }

    /// Income or expense for a slug: an own category's type, else the built-in tree's convention.
    public func type(of slug: String) -> TransactionType {
        if let definition = definitions.first(where: { $0.slug == slug }), definition.own { return definition.type }
        return slug == "income" || slug.hasPrefix("income/") ? .income : .expense
    }
}
