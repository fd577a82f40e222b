// GrammarLoader: reads grammar files line by line into a Grammar. Decides by extension what a
// file is: `.rules` files are read, everything else (corpora, bench entries, notes) is skipped.
// A bad line becomes a GrammarError (file, line, column, reason) and loading goes on, so one
// typo in a user's override never stops kassa from starting.

struct GrammarLoader {
    static let actions: Set<String> = [
        "offset", "weekday", "daymonth", "dayonly", "dayprevmonth", "numeric", "monthsago",
        "time", "quantity", "recurrence",
    ]

    var errors: [GrammarError] = []
    var classNames: [String] = []
    var classIDs: [String: Int] = [:]
    var entries: [WordEntry] = []
    var firstWords: [(entry: Int, text: String, endings: String?, column: Int, lineText: String)] = []
    var endingSetIDs: [String: Int] = [:]
    var endingSets: [Set<String>] = []
    var patterns: [Pattern] = []
    var pendingEndingRefs: [(entry: Int, word: Int, name: String, location: RuleLocation, column: Int, lineText: String)] = []
    var categoryOrder: [String] = []
    var categoryNames: [String: [Language: String]] = [:]
    var order = 0

    mutating func classID(_ name: String) -> Int {
        if let id = classIDs[name] { return id }
        classIDs[name] = classNames.count
        classNames.append(name)
        return classNames.count - 1
    }

    mutating func add(_ source: GrammarSource) {
        guard source.path.hasSuffix(".rules") else { return }
        var lineNumber = 0
        for rawLine in source.contents.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingSpaces
            if line.isEmpty || line.first == "#" { continue }
            readLine(line, raw: rawLine, number: lineNumber, source: source)
        }
    }

    mutating func fail(_ source: GrammarSource, _ line: Int, _ raw: Substring, at index: Substring.Index?,
                       _ key: String, _ args: [String: String] = [:]) {
        let column = index.map { raw.distance(from: raw.startIndex, to: $0) + 1 } ?? 1
        errors.append(GrammarError(file: source.path, line: line, column: column,
                                   lineText: String(raw).replacingTabs, reasonKey: key, reasonArguments: args))
    }

    mutating func readLine(_ line: Substring, raw: Substring, number: Int, source: GrammarSource) {
        let location = RuleLocation(file: source.path, line: number)
        guard let equals = line.firstIndex(of: "=") else {
            fail(source, number, raw, at: line.endIndex, "grammar.missing-equals")
            return
        }
        let head = line[..<equals].split(whereSeparator: { $0 == " " || $0 == "\t" })
        let body = line[line.index(after: equals)...]
        guard let directive = head.first else {
            fail(source, number, raw, at: line.startIndex, "grammar.missing-directive")
            return
        }
        switch directive {
        case "class", "category":
            let name: String, value: String
            if directive == "category" {
                guard head.count == 2 else {
                    fail(source, number, raw, at: head.count > 2 ? head[2].startIndex : equals, "grammar.missing-name")
                    return
                }
                name = "category"; value = String(head[1])
                noteCategory(value)
            } else {
                guard head.count == 2 || head.count == 3 else {
                    fail(source, number, raw, at: head.count > 3 ? head[3].startIndex : equals, "grammar.missing-name")
                    return
                }
                name = String(head[1]); value = head.count == 3 ? String(head[2]) : ""
                if name == "currency", Currency(code: value) == nil {
                    fail(source, number, raw, at: head.count == 3 ? head[2].startIndex : equals,
                         "grammar.bad-currency", ["value": value])
                    return
                }
                if name == "category" { noteCategory(value) }
            }
            let id = classID(name)
            let numeric = ExactNumber(decimalText: value)
            for words in readItems(body, raw: raw, number: number, source: source) {
                let first = words[0]
                var entry = WordEntry(classID: id, value: value, number: numeric, rest: [], location: location,
                                      language: source.language, order: order)
                order += 1
                let index = entries.count
                for (k, word) in words.dropFirst().enumerated() {
                    entry.rest.append(PhraseWord(text: word.text, endings: nil))
                    if let set = word.endings {
                        pendingEndingRefs.append((index, k, set, location, word.column, String(raw)))
                    }
                }
                entries.append(entry)
                firstWords.append((index, first.text, first.endings, first.column, String(raw)))
            }
        case "name":
            guard head.count == 2 else {
                fail(source, number, raw, at: equals, "grammar.missing-name")
                return
            }
            guard let language = source.language else {
                fail(source, number, raw, at: line.startIndex, "grammar.name-needs-language")
                return
            }
            let text = body.trimmingSpaces
            guard !text.isEmpty else {
                fail(source, number, raw, at: body.endIndex, "grammar.empty-item")
                return
            }
            let slug = String(head[1])
            noteCategory(slug)
            categoryNames[slug, default: [:]][language] = String(text)
        case "endings":
            guard head.count == 2 else {
                fail(source, number, raw, at: equals, "grammar.missing-name")
                return
            }
            var set: Set<String> = [""]
            for item in body.split(separator: ",", omittingEmptySubsequences: false) {
                let t = item.trimmingSpaces
                if t.isEmpty {
                    fail(source, number, raw, at: item.startIndex, "grammar.empty-item")
                    continue
                }
                set.insert(Tokenizer.normalize(t))
            }
            let name = String(head[1])
            if let id = endingSetIDs[name] {
                endingSets[id].formUnion(set)
            } else {
                endingSetIDs[name] = endingSets.count
                endingSets.append(set)
            }
        case "pattern":
            guard head.count == 2 else {
                fail(source, number, raw, at: equals, "grammar.missing-name")
                return
            }
            let action = String(head[1])
            guard GrammarLoader.actions.contains(action) else {
                fail(source, number, raw, at: head[1].startIndex, "grammar.unknown-action", ["name": action])
                return
            }
            readPattern(action, body, raw: raw, number: number, source: source, location: location)
        default:
            fail(source, number, raw, at: directive.startIndex, "grammar.unknown-directive", ["name": String(directive)])
        }
    }

    mutating func noteCategory(_ slug: String) {
        if categoryNames[slug] == nil {
            categoryNames[slug] = [:]
            categoryOrder.append(slug)
        }
    }

    struct ItemWord { var text: String; var endings: String?; var column: Int }

    /// Splits `a, b c, d~` into phrases of normalized words; `~name` marks a stem.
    mutating func readItems(_ body: Substring, raw: Substring, number: Int, source: GrammarSource) -> [[ItemWord]] {
        var out: [[ItemWord]] = []
        for item in body.split(separator: ",", omittingEmptySubsequences: false) {
            var words: [ItemWord] = []
            for piece in item.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var base = piece
                var endings: String?
                if let tilde = piece.firstIndex(of: "~") {
                    base = piece[..<tilde]
                    let name = piece[piece.index(after: tilde)...]
                    endings = name.isEmpty ? "noun" : String(name)
                }
                let column = raw.distance(from: raw.startIndex, to: piece.startIndex) + 1
                let tokens = Tokenizer.tokenize(Array(base.unicodeScalars)).filter { $0.kind != .punct }
                for (k, token) in tokens.enumerated() {
                    words.append(ItemWord(text: token.text, endings: k == tokens.count - 1 ? endings : nil, column: column))
                }
            }
            if words.isEmpty {
                fail(source, number, raw, at: item.startIndex, "grammar.empty-item")
                continue
            }
            out.append(words)
        }
        return out
    }

    mutating func readPattern(_ action: String, _ body: Substring, raw: Substring, number: Int,
                              source: GrammarSource, location: RuleLocation) {
        var elements: [PatternElement] = []
        for piece in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var text = piece
            var optional = false
            if text.last == "?" { optional = true; text = text.dropLast() }
            if text.first == "@" {
                let name = String(text.dropFirst())
                guard !name.isEmpty else {
                    fail(source, number, raw, at: piece.startIndex, "grammar.missing-name")
                    return
                }
                elements.append(PatternElement(kind: .classRef(classID(name)), optional: optional))
            } else if text.first == "#" {
                guard let builtin = Builtin(rawValue: String(text.dropFirst())) else {
                    fail(source, number, raw, at: piece.startIndex, "grammar.unknown-builtin", ["name": String(text)])
                    return
                }
                elements.append(PatternElement(kind: .builtin(builtin), optional: optional))
            } else {
                let words = text.split(separator: "|").map { Tokenizer.normalize($0) }
                guard !words.isEmpty, !words.contains(where: \.isEmpty) else {
                    fail(source, number, raw, at: piece.startIndex, "grammar.empty-item")
                    return
                }
                elements.append(PatternElement(kind: .literal(words), optional: optional))
            }
        }
        guard elements.contains(where: { !$0.optional }) else {
            fail(source, number, raw, at: body.startIndex, "grammar.empty-pattern")
            return
        }
        patterns.append(Pattern(action: action, elements: elements, location: location, order: order))
        order += 1
    }

    mutating func finish() -> (Grammar, [GrammarError]) {
        // Stems: expand `молок~` into молок, молока, молоку, ... so parsing needs one lookup.
        var lexicon: [String: [Int]] = [:]
        lexicon.reserveCapacity(firstWords.count * 4)
        for word in firstWords {
            if let name = word.endings {
                guard let set = endingSetIDs[name] else {
                    let e = entries[word.entry]
                    errors.append(GrammarError(file: e.location.file, line: e.location.line, column: word.column,
                                               lineText: word.lineText.replacingTabs,
                                               reasonKey: "grammar.unknown-endings", reasonArguments: ["name": name]))
                    continue
                }
                for ending in endingSets[set] { lexicon[word.text + ending, default: []].append(word.entry) }
            } else {
                lexicon[word.text, default: []].append(word.entry)
            }
        }
        for ref in pendingEndingRefs {
            if let set = endingSetIDs[ref.name] {
                entries[ref.entry].rest[ref.word].endings = set
            } else {
                errors.append(GrammarError(file: ref.location.file, line: ref.location.line, column: ref.column,
                                           lineText: ref.lineText.replacingTabs,
                                           reasonKey: "grammar.unknown-endings", reasonArguments: ["name": ref.name]))
            }
        }
        var literalBuckets: [String: [Int]] = [:]
        var classBuckets = [[Int]](repeating: [], count: classNames.count)
        var builtinBuckets: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            for element in pattern.elements {
                switch element.kind {
                case .literal(let words): for w in words where literalBuckets[w]?.last != index { literalBuckets[w, default: []].append(index) }
                case .classRef(let id): if classBuckets[id].last != index { classBuckets[id].append(index) }
                case .builtin: if builtinBuckets.last != index { builtinBuckets.append(index) }
                }
                if !element.optional { break }
            }
        }
        var categoryByName: [String: String] = [:]
        var categories: [CategoryInfo] = []
        for slug in categoryOrder {
            let names = categoryNames[slug] ?? [:]
            categories.append(CategoryInfo(slug: slug, names: names))
        }
        // Later keys never replace earlier ones except by a user's own name (deterministic order).
        for info in categories {
            categoryByName[info.slug] = info.slug
            if let last = info.slug.split(separator: "/").last, categoryByName[String(last)] == nil {
                categoryByName[String(last)] = info.slug
            }
        }
        for info in categories {
            for language in Language.allCases {
                if let name = info.names[language] { categoryByName[Tokenizer.normalize(Substring(name))] = info.slug }
            }
        }
        let grammar = Grammar(
            categories: categories, classNames: classNames, classIDs: classIDs, entries: entries, lexicon: lexicon,
            endingSets: endingSets, patterns: patterns, literalBuckets: literalBuckets, classBuckets: classBuckets,
            builtinBuckets: builtinBuckets, categoryByName: categoryByName)
        return (grammar, errors)
    }
}

extension String {
    var replacingTabs: String { String(map { $0 == "\t" ? " " : $0 }) }
}

extension ExactNumber {
    /// Reads "1000", "-1", "0.5"; nil for anything else (including an empty string).
    init?(decimalText text: String) {
        var units: Int64 = 0
        var digits = 0
        var fraction = -1
        var negative = false
        for (i, c) in text.utf8.enumerated() {
            if c == UInt8(ascii: "-"), i == 0 { negative = true; continue }
            if c == UInt8(ascii: "."), fraction < 0 { fraction = 0; continue }
            guard c >= 48, c <= 57 else { return nil }
            let (m, o1) = units.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(c - 48))
            guard !o1, !o2 else { return nil }
            units = s
            digits += 1
            if fraction >= 0 { fraction += 1 }
        }
        guard digits > 0 else { return nil }
        self.init(units: negative ? -units : units, fractionDigits: max(fraction, 0))
    }
}
