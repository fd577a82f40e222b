// Grammar: every word class, pattern and category of Grammars/, loaded once at start-up
// (see Sources/KassaCore/Grammar/README.md for the format). Built by GrammarLoader; read-only afterwards, so one
// instance is shared by every parse. Words are interned in a WordTable; Russian stems (`молок~`)
// are expanded into their inflected forms at load time, so a token needs one lookup, and the
// entries of a word sit in flat arrays (no per-token allocation while parsing).

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
    let words: WordTable
    /// The currency of each `currency` entry.
    let currencies: [Currency?]
    /// All endings of all sets, for inflected account aliases.
    let endings: WordTable
    let patterns: [Pattern]
    /// Every pattern's elements in one flat array: pattern p's are
    /// elements[hot.elementStart[p]..<hot.elementStart[p+1]].
    let elements: [PatternElement]
    /// Patterns that may begin with a builtin (a number, a day, a clock time).
    let builtinBuckets: [Int]
    /// Normalized display name, slug or last slug component → slug: made when a category is
    /// first looked up by name (a parse seldom does; start-up should not pay for it).
    private let categoryIndex: Deferred<[String: String]>
    var categoryByName: [String: String] { categoryIndex.value }
    /// One-word category keywords for typo matching: made when a line first needs it.
    private let typoKeywords: Deferred<TypoIndex>
    var typos: TypoIndex { typoKeywords.value }
    /// Each language's `convention` lines, by Language.allCases index (nil: none said).
    let conventionsByLanguage: [NumericConventions?]
    /// The tables every token consults, as raw buffers (see GrammarTables.swift).
    let hot: Hot
    /// Owns the buffers of `hot`, which are freed with it.
    private let tables: MemoryArena
    /// The archive words some of `hot`'s buffers point into, when it was read from one in place
    /// (GrammarArchive): held so they live as long as this grammar.
    private let backing: [UInt64]

    static let noInt = Int.min

    convenience init(categories: [CategoryInfo], classNames: [String], classIDs: [String: Int], entries: [WordEntry],
                     words: WordTable, lexStart: [Int32], lexEntries: [Int32], endings: WordTable, patterns: [Pattern],
                     literalWords: [Int32], literalBuckets: [Int32: [Int]], classBuckets: [[Int]], builtinBuckets: [Int],
                     conventions: [Language: NumericConventions]) {
        let arena = MemoryArena()
        let hot = Hot(categories: categories, classIDs: classIDs, entries: entries, words: words, lexStart: lexStart,
                      lexEntries: lexEntries, patterns: patterns, literalWords: literalWords, literalBuckets: literalBuckets,
                      classBuckets: classBuckets, builtinBuckets: builtinBuckets, arena: arena)
        self.init(categories: categories, classNames: classNames, classIDs: classIDs, entries: entries, words: words,
                  endings: endings, patterns: patterns, builtinBuckets: builtinBuckets,
                  conventions: conventions, hot: hot, tables: arena, backing: [])
    }

    /// With `hot` made already: derived above from the loaded tables, or read from an archive
    /// (its buffers in `tables` or in `backing`).
    init(categories: [CategoryInfo], classNames: [String], classIDs: [String: Int], entries: [WordEntry],
         words: WordTable, endings: WordTable, patterns: [Pattern], builtinBuckets: [Int],
         conventions: [Language: NumericConventions], hot: Hot, tables: MemoryArena,
         backing: [UInt64]) {
        self.categories = categories
        self.classNames = classNames
        self.classIDs = classIDs
        self.entries = entries
        self.words = words
        let currencyClass = classIDs[GrammarClass.currency.rawValue] ?? -1
        let afterClass = classIDs[GrammarClass.currencyAfter.rawValue] ?? -1
        currencies = entries.map { $0.classID == currencyClass || $0.classID == afterClass ? Currency(code: $0.value) : nil }
        self.endings = endings
        self.patterns = patterns
        elements = patterns.flatMap(\.elements)
        self.builtinBuckets = builtinBuckets
        categoryIndex = Deferred { Grammar.categoryIndex(categories) }
        let categoryClass = classIDs[GrammarClass.category.rawValue]
        typoKeywords = Deferred { TypoIndex(hot: hot, words: words, entries: entries, categoryClass: categoryClass) }
        conventionsByLanguage = Language.allCases.map { conventions[$0] }
        self.hot = hot
        self.tables = tables
        self.backing = backing
    }

    /// The id of class `c` in this grammar; nil when no rule defines it.
    func classID(_ c: GrammarClass) -> Int? { classIDs[c.rawValue] }

    /// How `language` writes numbers and dates in digits; the plain conventions when its grammar
    /// says nothing.
    func conventions(for language: Language) -> NumericConventions {
        // Once per parse: a switch (in allCases order), not a search of allCases, which builds an array each call.
        let k: Int
        switch language {
        case .en: k = 0
        case .ru: k = 1
        }
        return conventionsByLanguage[k] ?? .plain
    }

    /// Loads what it can; each mistake is reported and the rest still loads.
    public static func load(_ sources: [GrammarSource]) -> (Grammar, [GrammarError]) {
        var loader = GrammarLoader()
        for source in sources { loader.add(source) }
        return loader.finish()
    }

    /// The same grammar, read from `compiled` when it was compiled from exactly these sources
    /// (the built-in grammar at start-up: no tokenizing, no stem expansion); from the text
    /// otherwise (a data directory, a user's override, an archive of another version).
    public static func load(_ sources: [GrammarSource], compiled: GrammarArchive?) -> (Grammar, [GrammarError]) {
        if let compiled, let grammar = unarchive(compiled, fingerprint: GrammarArchive.fingerprint(sources)) {
            return (grammar, [])
        }
        return load(sources)
    }

    /// Normalized display name, slug or last slug component → slug.
    static func categoryIndex(_ categories: [CategoryInfo]) -> [String: String] {
        var index: [String: String] = [:]
        for info in categories {
            index[info.slug] = info.slug
            if let last = info.slug.split(separator: "/").last, index[String(last)] == nil {
                index[String(last)] = info.slug
            }
        }
        for info in categories {
            for language in Language.allCases {
                if let name = info.names[language] { index[Tokenizer.normalize(name)] = info.slug }
            }
        }
        return index
    }

    /// The slug for what a person calls a category: "groceries", "продукты", "food/groceries".
    /// Falls back to the keyword lexicon ("такси" → transport/taxi), then to a name in another
    /// case ("на еду" → food, named "Еда").
    public func categorySlug(named text: String) -> String? {
        let key = Tokenizer.normalize(text).trimmingSpaces
        guard !key.isEmpty else { return nil }
        if let slug = categoryByName[String(key)] { return slug }
        guard let category = classID(.category) else { return nil }
        var norm: [UInt8] = []
        let tokens = Tokenizer.tokenize(String(key), table: words, norm: &norm).filter(\.isContent)
        guard tokens.count == 1 else { return nil }
        guard tokens[0].word >= 0 else { return inflectedCategory(String(key)) }
        let w = Int(tokens[0].word)
        var found: String?
        for k in Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1]) {
            let e = Int(hot.lexEntries[k])
            if hot.entryClass[e] == category && !hot.entryIsPhrase[e] { found = entries[e].value }
        }
        return found ?? inflectedCategory(String(key))
    }

    /// The category whose one-word name is `word` in another case or number: both are one stem
    /// (two letters at least) plus an ending of Grammars/endings.rules, or the bare stem —
    /// "еду", "еды" → food ("Еда"), "одежду" → shopping/clothes. Display names are not keywords
    /// (a parent is not what a purchase is filed under), so the lexicon's stems do not cover
    /// them. The longest stem decides; two categories at that stem are no answer.
    func inflectedCategory(_ word: String) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 3, !scalars.contains(" ") else { return nil }
        var suffixes: Set<String> = [""]
        for id in 0..<endings.count { suffixes.insert(endings.string(Int32(id))) }
        // Only cuts that leave a known ending after them and a stem no longer than a name can
        // match: a 10 KB word costs a few tries, not ten thousand copies of itself.
        let longestEnding = suffixes.map { $0.unicodeScalars.count }.max() ?? 0
        let longestName = categoryByName.keys.map { $0.unicodeScalars.count }.max() ?? 0
        let lowest = max(2, scalars.count - longestEnding)
        guard lowest <= scalars.count - 1, lowest <= longestName else { return nil }
        for cut in stride(from: scalars.count - 1, through: lowest, by: -1) where cut <= longestName {
            var ending = String.UnicodeScalarView(), stem = String.UnicodeScalarView()
            ending.append(contentsOf: scalars[cut...])
            stem.append(contentsOf: scalars[..<cut])
            guard suffixes.contains(String(ending)) else { continue }
            var slugs: Set<String> = []
            for (name, slug) in categoryByName where name.unicodeScalars.starts(with: stem) {
                var rest = String.UnicodeScalarView()
                rest.append(contentsOf: name.unicodeScalars.dropFirst(stem.count))
                if suffixes.contains(String(rest)) { slugs.insert(slug) }
            }
            if !slugs.isEmpty { return slugs.count == 1 ? slugs.first : nil }
        }
        return nil
    }

    /// The one-word entry of class `cls` that word id `w` is, if any (the last defined wins, as
    /// when parsing); for a word found inside another ("схалыка": «с» + «халыка»).
    func entry(word w: Int32, inClass cls: Int) -> Int? {
        guard cls >= 0, w >= 0 else { return nil }
        var found: Int?
        for k in Int(hot.lexStart[Int(w)])..<Int(hot.lexStart[Int(w) + 1]) {
            let e = Int(hot.lexEntries[k])
            if hot.entryClass[e] == cls, !hot.entryIsPhrase[e] { found = e }
        }
        return found
    }

    func hasEntry(word w: Int32, inClass cls: Int) -> Bool { entry(word: w, inClass: cls) != nil }

    /// The values one word has in a word class: ("апреля", "month") → ["4"]; empty when the word
    /// is not in the class (or is only part of one of its phrases). For the shell's own sentences
    /// (a series' new amount "from april") that must know what kind of date they were told.
    public func values(of word: String, inClass name: String) -> [String] {
        guard let classID = classIDs[name] else { return [] }
        var norm: [UInt8] = []
        let tokens = Tokenizer.tokenize(word, table: words, norm: &norm).filter(\.isContent)
        guard tokens.count == 1, tokens[0].word >= 0 else { return [] }
        let w = Int(tokens[0].word)
        var found: [String] = []
        for k in Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1]) {
            let e = Int(hot.lexEntries[k])
            if hot.entryClass[e] == classID && !hot.entryIsPhrase[e] { found.append(entries[e].value) }
        }
        return found
    }
}
