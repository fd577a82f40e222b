// Grammar: every word class, pattern and category of Grammars/, loaded once at start-up
// (see Grammars/README.md for the format). Built by GrammarLoader; read-only afterwards, so one
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
    /// Entries whose first word is word id w: lexEntries[lexStart[w]..<lexStart[w+1]].
    let lexStart: [Int32]
    let lexEntries: [Int32]
    let entryClass: [Int32]
    let entryInt: [Int]
    let entryNumber: [ExactNumber?]
    let entryIsPhrase: [Bool]
    /// Per word id, bit k set when the word is a single-word entry of class k (k < 64).
    let wordBits: [UInt64]
    /// Per word id, bit k set when a phrase of class k (k < 64) begins with the word.
    let wordPhraseBits: [UInt64]
    /// The currency of each `currency` entry.
    let currencies: [Currency?]
    /// All endings of all sets, for inflected account aliases.
    let endings: WordTable
    let patterns: [Pattern]
    let literalWords: [Int32]
    /// Every pattern's elements in one flat array: pattern p is elements[elementStart[p]..<elementStart[p+1]].
    let elements: [PatternElement]
    let elementStart: [Int32]
    let actions: [PatternAction]
    let patternLanguages: [Language?]
    /// For a pattern whose first matched element is always a builtin (through optional elements
    /// or not), the bits of those builtins; nil when a word or class may come first.
    let patternFirstBuiltins: [UInt8?]
    /// The builtins that may match a pattern's first token (through optional elements).
    let patternBuiltinBits: [UInt8]
    /// The classes (ids < 64) a pattern cannot match without: a line lacking one skips it.
    let patternRequiredClasses: [UInt64]
    /// Patterns by what their first element can be, so each token tries only a few.
    /// Patterns that may begin with word w: literalList[literalStart[w]..<literalStart[w+1]];
    /// with class c: classList[classStart[c]..<classStart[c+1]].
    let literalStart: [Int32]
    let literalList: [Int32]
    let classStart: [Int32]
    let classList: [Int32]
    let builtinBuckets: [Int]
    /// Normalized display name, slug or last slug component → slug.
    let categoryByName: [String: String]

    static let noInt = Int.min

    /// The tables every token consults, copied into buffers this object owns: reading a class's
    /// array properties costs reference counting on each access, raw buffers cost nothing. They
    /// live as long as the grammar, and every LineReading holds its grammar.
    struct Hot: @unchecked Sendable {
        var lexStart, lexEntries, entryClass, literalStart, literalList, classStart, classList: UnsafeBufferPointer<Int32>
        var elementStart, literalWords: UnsafeBufferPointer<Int32>
        var entryIsPhrase: UnsafeBufferPointer<Bool>
        var entryInt: UnsafeBufferPointer<Int>
        var entryNumber: UnsafeBufferPointer<ExactNumber?>
        /// An entry's value read as a recurrence ("monthly") and as a time of day ("19:00"), once
        /// at load rather than at every match.
        var entryRecurrence: UnsafeBufferPointer<Recurrence?>
        var entryTime: UnsafeBufferPointer<TimeOfDay?>
        /// The words after a phrase's first: entry e's positions are phraseStart[e]..<phraseStart[e+1],
        /// position k's allowed word ids phraseForms[formStart[k]..<formStart[k+1]].
        var phraseStart, formStart, phraseForms: UnsafeBufferPointer<Int32>
        /// The display names of a category entry's category as word ids, to tell saying a name
        /// from a guessed keyword: entry e's names are entryNames[e]..<entryNames[e+1], name k's
        /// words nameWords[nameStart[k]..<nameStart[k+1]].
        var entryNames, nameStart, nameWords: UnsafeBufferPointer<Int32>
        var patternRequiredClasses: UnsafeBufferPointer<UInt64>
        /// Each required literal element (`months|month` in "#count months|month ago") has a bit,
        /// k mod 64; a word has the bits of the elements it can satisfy. A pattern whose bits the
        /// line's words do not all have cannot match there (a filter: it never rejects a match).
        var patternRequiredLiterals, wordLiteralBits: UnsafeBufferPointer<UInt64>
        var patternBuiltinBits: UnsafeBufferPointer<UInt8>
        var patternFirstBuiltins: UnsafeBufferPointer<UInt8?>
        var patternLanguages: UnsafeBufferPointer<Language?>
        var actions: UnsafeBufferPointer<PatternAction>
        var wordBits, wordPhraseBits: UnsafeBufferPointer<UInt64>
        /// Per word id: whether some pattern may begin at it (most words: no pattern at all).
        var wordStartsPattern: UnsafeBufferPointer<Bool>

        /// Every buffer, for freeing: all hold plain values, so no deinitialization is needed.
        var all: [UnsafeRawPointer?] {
            [UnsafeRawPointer(lexStart.baseAddress), UnsafeRawPointer(lexEntries.baseAddress),
             UnsafeRawPointer(entryClass.baseAddress), UnsafeRawPointer(literalStart.baseAddress),
             UnsafeRawPointer(literalList.baseAddress), UnsafeRawPointer(classStart.baseAddress),
             UnsafeRawPointer(classList.baseAddress), UnsafeRawPointer(elementStart.baseAddress),
             UnsafeRawPointer(literalWords.baseAddress), UnsafeRawPointer(entryIsPhrase.baseAddress),
             UnsafeRawPointer(entryInt.baseAddress), UnsafeRawPointer(entryNumber.baseAddress),
             UnsafeRawPointer(entryRecurrence.baseAddress), UnsafeRawPointer(entryTime.baseAddress),
             UnsafeRawPointer(phraseStart.baseAddress), UnsafeRawPointer(formStart.baseAddress),
             UnsafeRawPointer(phraseForms.baseAddress), UnsafeRawPointer(patternRequiredClasses.baseAddress),
             UnsafeRawPointer(entryNames.baseAddress), UnsafeRawPointer(nameStart.baseAddress),
             UnsafeRawPointer(nameWords.baseAddress),
             UnsafeRawPointer(patternRequiredLiterals.baseAddress), UnsafeRawPointer(wordLiteralBits.baseAddress),
             UnsafeRawPointer(patternBuiltinBits.baseAddress), UnsafeRawPointer(patternFirstBuiltins.baseAddress),
             UnsafeRawPointer(patternLanguages.baseAddress), UnsafeRawPointer(actions.baseAddress),
             UnsafeRawPointer(wordBits.baseAddress), UnsafeRawPointer(wordPhraseBits.baseAddress),
             UnsafeRawPointer(wordStartsPattern.baseAddress)]
        }
    }
    let hot: Hot

    static func owned<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    deinit {
        for p in hot.all { UnsafeMutableRawPointer(mutating: p)?.deallocate() }
    }

    init(categories: [CategoryInfo], classNames: [String], classIDs: [String: Int], entries: [WordEntry],
         words: WordTable, lexStart: [Int32], lexEntries: [Int32], endings: WordTable, patterns: [Pattern], literalWords: [Int32],
         literalBuckets: [Int32: [Int]], classBuckets: [[Int]], builtinBuckets: [Int], categoryByName: [String: String]) {
        self.categories = categories
        self.classNames = classNames
        self.classIDs = classIDs
        self.entries = entries
        self.words = words
        self.lexStart = lexStart
        self.lexEntries = lexEntries
        entryClass = entries.map { Int32($0.classID) }
        entryInt = entries.map { $0.intValue ?? Grammar.noInt }
        entryNumber = entries.map(\.number)
        entryIsPhrase = entries.map { !$0.rest.isEmpty }
        var bits = [UInt64](repeating: 0, count: words.count)
        var phraseBits = [UInt64](repeating: 0, count: words.count)
        for w in 0..<words.count {
            for k in Int(lexStart[w])..<Int(lexStart[w + 1]) {
                let e = Int(lexEntries[k])
                guard entries[e].classID < 64 else { continue }
                if entries[e].rest.isEmpty { bits[w] |= 1 << UInt64(entries[e].classID) } else {
                    phraseBits[w] |= 1 << UInt64(entries[e].classID)
                }
            }
        }
        wordBits = bits
        wordPhraseBits = phraseBits
        let currencyClass = classIDs["currency"] ?? -1
        currencies = entries.map { $0.classID == currencyClass ? Currency(code: $0.value) : nil }
        self.endings = endings
        self.patterns = patterns
        self.literalWords = literalWords
        var flat: [PatternElement] = [], starts: [Int32] = [0]
        for p in patterns {
            flat += p.elements
            starts.append(Int32(flat.count))
        }
        elements = flat
        actions = patterns.map(\.action)
        patternLanguages = patterns.map(\.language)
        elementStart = starts
        var nameWords: [String: [[Int32]]] = [:]
        for info in categories {
            for language in Language.allCases {
                guard let name = info.names[language] else { continue }
                var norm: [UInt8] = []
                let ids = Tokenizer.tokenize(name, table: words, norm: &norm).filter(\.isContent).map(\.word)
                if !ids.isEmpty, !ids.contains(-1) { nameWords[info.slug, default: []].append(ids) }
            }
        }
        // Per entry of the category class, the names of the category it means.
        var entryNames: [Int32] = [0], nameStart: [Int32] = [0], flatNames: [Int32] = []
        let categoryClass = classIDs["category"] ?? -1
        for entry in entries {
            if entry.classID == categoryClass, let names = nameWords[entry.value] {
                for name in names {
                    flatNames += name
                    nameStart.append(Int32(flatNames.count))
                }
            }
            entryNames.append(Int32(nameStart.count - 1))
        }
        patternBuiltinBits = patterns.map { p in
            var bits: UInt8 = 0
            for element in p.elements {
                if case .builtin(let b) = element.kind { bits |= b.bit }
                if !element.optional { break }
            }
            return bits
        }
        patternRequiredClasses = patterns.map { p in
            var bits: UInt64 = 0
            for element in p.elements where !element.optional {
                if case .classRef(let c) = element.kind, c < 64 { bits |= 1 << UInt64(c) }
            }
            return bits
        }
        patternFirstBuiltins = patterns.map { p in
            var bits: UInt8 = 0
            for element in p.elements {
                guard case .builtin(let b) = element.kind else { return nil }
                bits |= b.bit
                if !element.optional { break }
            }
            return bits
        }
        func flatten(_ lists: [[Int]]) -> ([Int32], [Int32]) {
            var start: [Int32] = [0], list: [Int32] = []
            for l in lists {
                list += l.map(Int32.init)
                start.append(Int32(list.count))
            }
            return (start, list)
        }
        var byWord = [[Int]](repeating: [], count: words.count)
        for (w, list) in literalBuckets where Int(w) < words.count { byWord[Int(w)] = list }
        (literalStart, literalList) = flatten(byWord)
        (classStart, classList) = flatten(classBuckets)
        self.builtinBuckets = builtinBuckets
        self.categoryByName = categoryByName
        // A word may begin a pattern when a pattern's first element can be that word, one of its
        // classes, or a builtin a number word can be.
        var numberish: Set<Int> = []
        for name in ["ones", "tens", "hundreds", "hundred", "scale-solo", "fraction", "one", "ordinal"] {
            if let id = classIDs[name] { numberish.insert(id) }
        }
        var startsPattern = [Bool](repeating: false, count: words.count)
        for w in 0..<words.count {
            if literalStart[w + 1] > literalStart[w] { startsPattern[w] = true; continue }
            for k in Int(lexStart[w])..<Int(lexStart[w + 1]) {
                let c = entries[Int(lexEntries[k])].classID
                if classStart[c + 1] > classStart[c] || (numberish.contains(c) && !builtinBuckets.isEmpty) {
                    startsPattern[w] = true
                    break
                }
            }
        }
        var requiredLiterals = [UInt64](repeating: 0, count: patterns.count)
        var literalBits = [UInt64](repeating: 0, count: words.count)
        var group = 0
        for (p, pattern) in patterns.enumerated() {
            for element in pattern.elements where !element.optional {
                guard case .literal(let start, let count) = element.kind else { continue }
                let bit: UInt64 = 1 << UInt64(group % 64)
                group += 1
                requiredLiterals[p] |= bit
                for k in Int(start)..<Int(start + count) where Int(literalWords[k]) < words.count {
                    literalBits[Int(literalWords[k])] |= bit
                }
            }
        }
        var phraseStart: [Int32] = [0], formStart: [Int32] = [0], phraseForms: [Int32] = []
        for entry in entries {
            for forms in entry.rest {
                phraseForms += forms
                formStart.append(Int32(phraseForms.count))
            }
            phraseStart.append(Int32(formStart.count - 1))
        }
        let recurrenceClass = classIDs["recurrence"] ?? -1, daypartClass = classIDs["daypart"] ?? -1
        hot = Hot(lexStart: Grammar.owned(lexStart), lexEntries: Grammar.owned(lexEntries),
                  entryClass: Grammar.owned(entryClass), literalStart: Grammar.owned(literalStart),
                  literalList: Grammar.owned(literalList), classStart: Grammar.owned(classStart),
                  classList: Grammar.owned(classList), elementStart: Grammar.owned(elementStart),
                  literalWords: Grammar.owned(literalWords), entryIsPhrase: Grammar.owned(entryIsPhrase),
                  entryInt: Grammar.owned(entryInt), entryNumber: Grammar.owned(entryNumber),
                  entryRecurrence: Grammar.owned(entries.map { $0.classID == recurrenceClass ? Recurrence(rawValue: $0.value) : nil }),
                  entryTime: Grammar.owned(entries.map { $0.classID == daypartClass ? TimeOfDay(text: $0.value) : nil }),
                  phraseStart: Grammar.owned(phraseStart), formStart: Grammar.owned(formStart),
                  phraseForms: Grammar.owned(phraseForms), entryNames: Grammar.owned(entryNames),
                  nameStart: Grammar.owned(nameStart), nameWords: Grammar.owned(flatNames),
                  patternRequiredClasses: Grammar.owned(patternRequiredClasses),
                  patternRequiredLiterals: Grammar.owned(requiredLiterals), wordLiteralBits: Grammar.owned(literalBits),
                  patternBuiltinBits: Grammar.owned(patternBuiltinBits),
                  patternFirstBuiltins: Grammar.owned(patternFirstBuiltins),
                  patternLanguages: Grammar.owned(patternLanguages), actions: Grammar.owned(actions),
                  wordBits: Grammar.owned(wordBits),
                  wordPhraseBits: Grammar.owned(wordPhraseBits), wordStartsPattern: Grammar.owned(startsPattern))
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
        let key = Tokenizer.normalize(text).trimmingSpaces
        guard !key.isEmpty else { return nil }
        if let slug = categoryByName[String(key)] { return slug }
        guard let category = classIDs["category"] else { return nil }
        var norm: [UInt8] = []
        let tokens = Tokenizer.tokenize(String(key), table: words, norm: &norm).filter(\.isContent)
        guard tokens.count == 1, tokens[0].word >= 0 else { return nil }
        let w = Int(tokens[0].word)
        var found: String?
        for k in Int(lexStart[w])..<Int(lexStart[w + 1]) {
            let e = Int(lexEntries[k])
            if entryClass[e] == category && !entryIsPhrase[e] { found = entries[e].value }
        }
        return found
    }
}
