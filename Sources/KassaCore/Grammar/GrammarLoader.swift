// GrammarLoader: reads grammar files line by line into a Grammar. Decides by extension what a
// file is: `.rules` files are read, everything else (corpora, bench entries, notes) is skipped.
// A bad line becomes a GrammarError (file, line, column, reason) and loading goes on, so one
// typo in a user's override never stops kassa from starting. Works on UTF-8 bytes (every
// syntax character is ASCII) so loading all grammars takes about a millisecond.

struct GrammarLoader {
    var errors: [GrammarError] = []
    /// Every class kassa knows, numbered in GrammarClass order whatever order the files name them
    /// in: the parser's fast paths test a word's classes as bits of one 64-bit word, so the classes
    /// read on every token come first there and the seldom-read ones last (past 64 they are
    /// looked up instead).
    var classNames: [String] = GrammarClass.allCases.map(\.rawValue)
    var classIDs: [String: Int] = Dictionary(uniqueKeysWithValues: GrammarClass.allCases.enumerated().map { ($1.rawValue, $0) })
    var entries: [WordEntry] = []
    var words = WordTable(expected: 32_768)
    /// Per entry: its first word's bytes and endings set name, expanded in `finish`.
    var firstWords: [ItemWord] = []
    /// Per entry: the rest words' bytes and endings set names.
    var restWords: [[ItemWord]] = []
    /// Per entry: the line it came from, for errors found at the end (unknown endings sets).
    var entryLines: [Line] = []
    /// Words made so far from stems and endings, against maxExpandedForms.
    var expandedForms = 0
    var formsExceeded = false
    /// At most this many endings in one set, and this many words made from stems in all.
    static let maxEndingsPerSet = 1_000
    static let maxExpandedForms = 100_000

    /// A word of an item: normalized bytes, its endings set name when it is a stem, and the byte
    /// offset in its line (a column is only computed for an error).
    struct ItemWord {
        var bytes: [UInt8]
        var endings: String?
        var offset: Int
    }
    var endingSetIDs: [String: Int] = [:]
    var endingSets: [[[UInt8]]] = []
    /// `list NAME = w, w, …` lines by language folder and name: the words an item's `$NAME` stands for.
    var lists: [String: [[UInt8]]] = [:]
    /// At most this many items made from one item's lists (`$giver $gives` is giver × gives).
    static let maxListProduct = 10_000
    var patterns: [Pattern] = []
    var literalWords: [Int32] = []
    var categoryOrder: [String] = []
    var categoryNames: [String: [Language: String]] = [:]
    /// Each language folder's `convention` lines, over the plain conventions.
    var conventions: [Language: NumericConventions] = [:]
    var order = 0

    /// One line being read: its bytes and where it is.
    struct Line {
        var bytes: ArraySlice<UInt8>
        var number: Int
        var source: GrammarSource
        var text: String { String(decoding: bytes, as: UTF8.self).replacingTabs }
        /// 1-based column (in Unicode scalars) of byte index `i`.
        func column(_ i: Int) -> Int {
            var c = 1
            for k in bytes.startIndex..<min(i, bytes.endIndex) where bytes[k] & 0xC0 != 0x80 { c += 1 }
            return c
        }
    }

    mutating func classID(_ name: String) -> Int {
        if let id = classIDs[name] { return id }
        classIDs[name] = classNames.count
        classNames.append(name)
        return classNames.count - 1
    }

    mutating func add(_ source: GrammarSource) {
        guard source.path.hasSuffix(".rules") else { return }
        let bytes = Array(source.contents.utf8)
        var number = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            let line = Line(bytes: bytes[start..<end], number: number, source: source)
            let (s, e) = GrammarLoader.trim(line.bytes, line.bytes.startIndex, line.bytes.endIndex)
            if s < e, bytes[s] != UInt8(ascii: "#") { read(line, s, e) }
            start = end + 1
        }
    }

    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }

    static func trim(_ b: ArraySlice<UInt8>, _ s: Int, _ e: Int) -> (Int, Int) {
        var s = s, e = e
        while s < e, isBlank(b[s]) { s += 1 }
        while e > s, isBlank(b[e - 1]) { e -= 1 }
        return (s, e)
    }

    /// Pieces of b[s..<e] separated by `separator` bytes (runs of blanks when nil), trimmed.
    static func split(_ b: ArraySlice<UInt8>, _ s: Int, _ e: Int, on separator: UInt8?) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var i = s
        if let sep = separator {
            var start = s
            while i <= e {
                if i == e || b[i] == sep {
                    out.append(trim(b, start, i))
                    start = i + 1
                }
                i += 1
            }
            return out
        }
        while i < e {
            while i < e, isBlank(b[i]) { i += 1 }
            let start = i
            while i < e, !isBlank(b[i]) { i += 1 }
            if i > start { out.append((start, i)) }
        }
        return out
    }

    mutating func fail(_ line: Line, at index: Int, _ key: String, _ args: [String: String] = [:]) {
        errors.append(GrammarError(file: line.source.path, line: line.number, column: line.column(index),
                                   lineText: line.text, reasonKey: key, reasonArguments: args))
    }

    func string(_ b: ArraySlice<UInt8>, _ r: (Int, Int)) -> String { String(decoding: b[r.0..<r.1], as: UTF8.self) }

    mutating func read(_ line: Line, _ s: Int, _ e: Int) {
        let b = line.bytes
        var equals = s
        while equals < e, b[equals] != UInt8(ascii: "=") { equals += 1 }
        guard equals < e else { fail(line, at: e, "grammar.missing-equals"); return }
        let head = GrammarLoader.split(b, s, equals, on: nil)
        let body = (equals + 1, e)
        guard let directive = head.first else { fail(line, at: s, "grammar.missing-directive"); return }
        let location = RuleLocation(file: line.source.path, line: line.number)
        switch string(b, directive) {
        case "class", "category", "merchant":
            // `merchant SLUG = names`: category keywords that are also the class `merchant`.
            let isMerchant = string(b, directive) == "merchant"
            let isCategory = string(b, directive) == "category" || isMerchant
            let allowed = isCategory ? [2] : [2, 3]
            guard allowed.contains(head.count) else {
                fail(line, at: head.count > allowed.last! ? head[allowed.last!].0 : equals, "grammar.missing-name")
                return
            }
            let name = isCategory ? "category" : string(b, head[1])
            let value = isCategory ? string(b, head[1]) : head.count == 3 ? string(b, head[2]) : ""
            guard let known = GrammarClass(rawValue: name) else {
                fail(line, at: head[1].0, "grammar.unknown-class", ["name": name])
                return
            }
            if known == .currency || known == .currencyAfter || known == .dotGroups, Currency(code: value) == nil {
                fail(line, at: head.count == 3 ? head[2].0 : equals, "grammar.bad-currency", ["value": value])
                return
            }
            if known == .category { noteCategory(value) }
            let id = classID(name)
            let numeric = ExactNumber(decimalText: value)
            for item in GrammarLoader.split(b, body.0, body.1, on: UInt8(ascii: ",")) {
              for itemWords in readItems(line, item) {
                guard let first = itemWords.first else {
                    fail(line, at: item.0, "grammar.empty-item")
                    continue
                }
                for classID in isMerchant ? [id, classID(GrammarClass.merchant.rawValue)] : [id] {
                    entries.append(WordEntry(classID: classID, value: value, number: numeric, rest: [],
                                             location: location, language: line.source.language, order: order))
                    order += 1
                    firstWords.append(first)
                    restWords.append(Array(itemWords.dropFirst()))
                    entryLines.append(line)
                }
              }
            }
        case "list":
            guard head.count == 2 else { fail(line, at: equals, "grammar.missing-name"); return }
            var words: [[UInt8]] = []
            for item in GrammarLoader.split(b, body.0, body.1, on: UInt8(ascii: ",")) {
                guard item.0 < item.1 else { fail(line, at: item.0, "grammar.empty-item"); continue }
                words.append(Array(b[item.0..<item.1]))
            }
            lists[listKey(line, string(b, head[1])), default: []] += words
        case "name":
            guard head.count == 2 else { fail(line, at: equals, "grammar.missing-name"); return }
            guard let language = line.source.language else { fail(line, at: s, "grammar.name-needs-language"); return }
            guard body.0 < body.1 else { fail(line, at: body.1, "grammar.empty-item"); return }
            let slug = string(b, head[1])
            let (ts, te) = GrammarLoader.trim(b, body.0, body.1)
            guard ts < te else { fail(line, at: body.1, "grammar.empty-item"); return }
            noteCategory(slug)
            categoryNames[slug, default: [:]][language] = string(b, (ts, te))
        case "endings":
            guard head.count == 2 else { fail(line, at: equals, "grammar.missing-name"); return }
            var set: [[UInt8]] = [[]]
            for item in GrammarLoader.split(b, body.0, body.1, on: UInt8(ascii: ",")) {
                guard item.0 < item.1 else { fail(line, at: item.0, "grammar.empty-item"); continue }
                var norm: [UInt8] = []
                _ = Tokenizer.tokenize(string(b, item), table: nil, norm: &norm)
                set.append(norm)
            }
            let name = string(b, head[1])
            // Bounded: every stem of the set becomes this many words at every start-up.
            let already = endingSetIDs[name].map { endingSets[$0].count } ?? 0
            if already + set.count > GrammarLoader.maxEndingsPerSet {
                fail(line, at: head[1].0, "grammar.too-many-endings",
                     ["count": String(already + set.count), "limit": String(GrammarLoader.maxEndingsPerSet)])
                set = Array(set.prefix(max(0, GrammarLoader.maxEndingsPerSet - already)))
            }
            if let id = endingSetIDs[name] { endingSets[id] += set } else {
                endingSetIDs[name] = endingSets.count
                endingSets.append(set)
            }
        case "pattern":
            guard head.count == 2 else { fail(line, at: equals, "grammar.missing-name"); return }
            guard let action = PatternAction(rawValue: string(b, head[1])) else {
                fail(line, at: head[1].0, "grammar.unknown-action", ["name": string(b, head[1])])
                return
            }
            readPattern(line, action, body, location)
        case "convention":
            guard head.count == 2 else { fail(line, at: equals, "grammar.missing-name"); return }
            guard let language = line.source.language else { fail(line, at: s, "grammar.convention-needs-language"); return }
            readConvention(line, language, head[1], body)
        case RuleDirective.word.rawValue, RuleDirective.reply.rawValue, RuleDirective.ask.rawValue:
            // The session's words, replies and questions: read from the same files by their own
            // tables (RuleLines.read(directive:)), checked there.
            return
        default:
            fail(line, at: directive.0, "grammar.unknown-directive", ["name": string(b, directive)])
        }
    }

    /// `convention grouping = comma, dot` / `convention date-order = month-day`: see
    /// NumericConventions. A later line for the same language and name wins.
    mutating func readConvention(_ line: Line, _ language: Language, _ name: (Int, Int), _ body: (Int, Int)) {
        let b = line.bytes
        guard let which = NumericConventions.Name(rawValue: string(b, name)) else {
            fail(line, at: name.0, "grammar.unknown-convention", ["name": string(b, name)])
            return
        }
        let items = GrammarLoader.split(b, body.0, body.1, on: UInt8(ascii: ","))
        var value = conventions[language] ?? .plain
        switch which {
        case .grouping:
            var comma = false, dot = false
            for item in items {
                switch string(b, item) {
                case "comma": comma = true
                case "dot": dot = true
                default:
                    fail(line, at: item.0, "grammar.bad-convention",
                         ["name": which.rawValue, "value": string(b, item), "expected": NumericConventions.groupingMarks.joined(separator: ", ")])
                    return
                }
            }
            value.groupsWithComma = comma
            value.groupsWithDot = dot
        case .dateOrder:
            guard items.count == 1, NumericConventions.dateOrders.contains(string(b, items[0])) else {
                fail(line, at: items.first?.0 ?? body.0, "grammar.bad-convention",
                     ["name": which.rawValue, "value": String(string(b, body).trimmingSpaces),
                      "expected": NumericConventions.dateOrders.joined(separator: ", ")])
                return
            }
            value.monthFirst = string(b, items[0]) == "month-day"
        }
        conventions[language] = value
    }

    mutating func noteCategory(_ slug: String) {
        if categoryNames[slug] == nil {
            categoryNames[slug] = [:]
            categoryOrder.append(slug)
        }
    }

    /// A list's key: its language folder's and its name (a Russian `$giver` is the Russian list).
    func listKey(_ line: Line, _ name: String) -> String { (line.source.language?.rawValue ?? "") + "/" + name }

    /// The items one item stands for: itself, or with every `$NAME` word replaced by each word of
    /// the list NAME in turn (`$giver дал~past` is one item per giver). A list must be read before
    /// an item names it; an unknown list, or a product past maxListProduct, is an error.
    mutating func readItems(_ line: Line, _ item: (Int, Int)) -> [[ItemWord]] {
        let b = line.bytes
        let pieces = GrammarLoader.split(b, item.0, item.1, on: nil)
        // `$` alone, or before digits, is the dollar sign ("$", "$5"); before a letter it names a list.
        func namesList(_ piece: (Int, Int)) -> Bool {
            piece.1 - piece.0 > 1 && b[piece.0] == UInt8(ascii: "$") && (0x61...0x7A).contains(b[piece.0 + 1] | 0x20)
        }
        guard pieces.contains(where: namesList) else { return [readItem(line, item)] }
        var made: [[UInt8]] = [[]]
        for piece in pieces {
            var choices = [Array(b[piece.0..<piece.1])]
            if namesList(piece) {
                let name = string(b, (piece.0 + 1, piece.1))
                guard let words = lists[listKey(line, name)] else {
                    fail(line, at: piece.0, "grammar.unknown-list", ["name": name])
                    return []
                }
                choices = words
            }
            guard made.count * choices.count <= GrammarLoader.maxListProduct else {
                fail(line, at: piece.0, "grammar.list-too-large", ["limit": String(GrammarLoader.maxListProduct)])
                return []
            }
            made = made.flatMap { prefix in choices.map { prefix.isEmpty ? $0 : prefix + [0x20] + $0 } }
        }
        return made.map { bytes in
            let expanded = Line(bytes: bytes[...], number: line.number, source: line.source)
            // Offsets point into the rule's own line, for errors found later (unknown endings).
            return readItem(expanded, (0, bytes.count)).map { ItemWord(bytes: $0.bytes, endings: $0.endings, offset: item.0) }
        }
    }

    /// The normalized words of one item: `yandex go` → [yandex, go]; `молок~` → stem with set "noun".
    func readItem(_ line: Line, _ item: (Int, Int)) -> [ItemWord] {
        let b = line.bytes
        var out: [ItemWord] = []
        for piece in GrammarLoader.split(b, item.0, item.1, on: nil) {
            var baseEnd = piece.1
            var endings: String?
            if let tilde = b[piece.0..<piece.1].firstIndex(of: UInt8(ascii: "~")) {
                baseEnd = tilde
                endings = tilde + 1 < piece.1 ? string(b, (tilde + 1, piece.1)) : "noun"
            }
            // Most items are plain words: lower-case their bytes directly, else tokenize.
            if let word = GrammarLoader.lowercasedWord(b[piece.0..<baseEnd]) {
                out.append(ItemWord(bytes: word, endings: endings, offset: piece.0))
                continue
            }
            var norm: [UInt8] = []
            let all = Tokenizer.tokenize(string(b, (piece.0, baseEnd)), table: nil, norm: &norm)
            // Punctuation inside an item only separates its words ("где-то" is "где то"); at the
            // start of an item it is a word of its own: an arrow ("→", ">") or "/mo" (so "3 mo"
            // stays three months while "4500/mo" is monthly).
            let lead = out.isEmpty ? all.prefix { !$0.isContent } : []
            let tokens = Array(lead) + all.dropFirst(lead.count).filter(\.isContent)
            for (k, t) in tokens.enumerated() {
                out.append(ItemWord(bytes: Array(norm[t.normStart..<t.normEnd]), endings: k == tokens.count - 1 ? endings : nil,
                                    offset: piece.0))
            }
        }
        return out
    }

    /// The normalized bytes of a word made only of ASCII or basic Cyrillic letters (ё folded to е),
    /// exactly as the tokenizer would give them; nil for anything else.
    static func lowercasedWord(_ b: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = b.startIndex
        while i < b.endIndex {
            let c = b[i]
            if c >= 0x61 && c <= 0x7A { out.append(c); i += 1; continue }
            if c >= 0x41 && c <= 0x5A { out.append(c + 32); i += 1; continue }
            guard i + 1 < b.endIndex else { return nil }
            let d = b[i + 1]
            if c == 0xD0 {
                switch d {
                case 0xB0...0xBF: out += [0xD0, d]                   // а-п
                case 0x90...0x9F: out += [0xD0, d + 0x20]            // А-П
                case 0xA0...0xAF: out += [0xD1, d - 0x20]            // Р-Я
                case 0x81: out += [0xD0, 0xB5]                        // Ё
                default: return nil
                }
            } else if c == 0xD1 {
                switch d {
                case 0x80...0x8F: out += [0xD1, d]                   // р-я
                case 0x91: out += [0xD0, 0xB5]                        // ё
                default: return nil
                }
            } else { return nil }
            i += 2
        }
        return out.isEmpty ? nil : out
    }

    mutating func readPattern(_ line: Line, _ action: PatternAction, _ body: (Int, Int), _ location: RuleLocation) {
        let b = line.bytes
        var elements: [PatternElement] = []
        for piece in GrammarLoader.split(b, body.0, body.1, on: nil) {
            var (s, e) = piece
            var optional = false
            if b[e - 1] == UInt8(ascii: "?") { optional = true; e -= 1 }
            guard s < e else { fail(line, at: piece.0, "grammar.empty-item"); return }
            if b[s] == UInt8(ascii: "@") {
                guard s + 1 < e else { fail(line, at: piece.0, "grammar.missing-name"); return }
                guard GrammarClass(rawValue: string(b, (s + 1, e))) != nil else {
                    fail(line, at: piece.0, "grammar.unknown-class", ["name": string(b, (s + 1, e))])
                    return
                }
                elements.append(PatternElement(kind: .classRef(classID(string(b, (s + 1, e)))), optional: optional))
            } else if b[s] == UInt8(ascii: "#") {
                guard let builtin = Builtin(rawValue: string(b, (s + 1, e))) else {
                    fail(line, at: piece.0, "grammar.unknown-builtin", ["name": string(b, (s, e))])
                    return
                }
                if builtin == .name, elements.allSatisfy(\.optional) {
                    fail(line, at: piece.0, "grammar.name-first")
                    return
                }
                elements.append(PatternElement(kind: .builtin(builtin), optional: optional))
            } else {
                var ids: [Int32] = []
                for alt in GrammarLoader.split(b, s, e, on: UInt8(ascii: "|")) {
                    var norm: [UInt8] = []
                    let tokens = Tokenizer.tokenize(string(b, alt), table: nil, norm: &norm).filter(\.isContent)
                    guard tokens.count == 1 else { fail(line, at: alt.0, "grammar.empty-item"); return }
                    ids.append(words.intern(Array(norm[tokens[0].normStart..<tokens[0].normEnd])))
                }
                elements.append(PatternElement(kind: .literal(start: Int32(literalWords.count), count: Int32(ids.count)),
                                               optional: optional))
                literalWords += ids
            }
        }
        guard elements.contains(where: { !$0.optional }) else { fail(line, at: body.0, "grammar.empty-pattern"); return }
        patterns.append(Pattern(action: action, elements: elements, location: location, order: order,
                                language: line.source.language))
        order += 1
    }

    mutating func forms(_ word: ItemWord, entry: Int) -> [Int32] {
        guard let name = word.endings else { return [words.intern(word.bytes)] }
        guard let set = endingSetIDs[name] else {
            fail(entryLines[entry], at: word.offset, "grammar.unknown-endings", ["name": name])
            return []
        }
        // Bounded: stems × endings could otherwise cost seconds and gigabytes at every start-up.
        expandedForms += endingSets[set].count
        if expandedForms > GrammarLoader.maxExpandedForms {
            if !formsExceeded {
                formsExceeded = true
                fail(entryLines[entry], at: word.offset, "grammar.too-many-forms",
                     ["limit": String(GrammarLoader.maxExpandedForms)])
            }
            return [words.intern(word.bytes)]
        }
        var out: [Int32] = []
        var buffer = word.bytes
        for ending in endingSets[set] {
            buffer.removeLast(buffer.count - word.bytes.count)
            buffer += ending
            out.append(words.intern(buffer))
        }
        return out
    }

    mutating func finish() -> (Grammar, [GrammarError]) {
        // Stems: expand `молок~` into молок, молока, молоку, ... so parsing needs one lookup.
        // (word, entry) pairs, then a counting sort into lexStart/lexEntries (entries stay in
        // definition order within a word, so later definitions come last).
        var pairWords: [Int32] = [], pairEntries: [Int32] = []
        pairWords.reserveCapacity(entries.count * 8)
        pairEntries.reserveCapacity(entries.count * 8)
        for e in entries.indices {
            var previous: Int32 = -1
            for id in forms(firstWords[e], entry: e) where id != previous {
                pairWords.append(id); pairEntries.append(Int32(e))
                previous = id
            }
            if !restWords[e].isEmpty { entries[e].rest = restWords[e].map { forms($0, entry: e) } }
        }
        var lexStart = [Int32](repeating: 0, count: words.count + 1)
        for w in pairWords { lexStart[Int(w) + 1] += 1 }
        for k in 0..<words.count { lexStart[k + 1] += lexStart[k] }
        var fill = lexStart
        var lexEntries = [Int32](repeating: 0, count: pairWords.count)
        for (k, w) in pairWords.enumerated() {
            lexEntries[Int(fill[Int(w)])] = pairEntries[k]
            fill[Int(w)] += 1
        }
        var endingTable = WordTable()
        for set in endingSets { for ending in set { _ = endingTable.intern(ending) } }

        var literalBuckets: [Int32: [Int]] = [:]
        var classBuckets = [[Int]](repeating: [], count: classNames.count)
        var builtinBuckets: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            for element in pattern.elements {
                switch element.kind {
                case .literal(let start, let count):
                    for w in literalWords[Int(start)..<Int(start + count)] where literalBuckets[w]?.last != index {
                        literalBuckets[w, default: []].append(index)
                    }
                case .classRef(let id): if classBuckets[id].last != index { classBuckets[id].append(index) }
                case .builtin: if builtinBuckets.last != index { builtinBuckets.append(index) }
                }
                if !element.optional { break }
            }
        }
        var categories: [CategoryInfo] = []
        for slug in categoryOrder { categories.append(CategoryInfo(slug: slug, names: categoryNames[slug] ?? [:])) }
        let grammar = Grammar(
            categories: categories, classNames: classNames, classIDs: classIDs, entries: entries, words: words,
            lexStart: lexStart, lexEntries: lexEntries, endings: endingTable, patterns: patterns, literalWords: literalWords,
            literalBuckets: literalBuckets, classBuckets: classBuckets, builtinBuckets: builtinBuckets,
            conventions: conventions)
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
