// GrammarArchive: a loaded Grammar written out and read back, so the built-in grammar is compiled
// at build time (kassa-embed, through the EmbedData plugin) and start-up reads tables instead of
// tokenizing rules and expanding stems (most of start-up before). What is written is exactly what
// GrammarLoader.finish hands to Grammar.init, and reading hands it to the same init: the hot
// tables are derived the same way on both paths, so an archived grammar answers as the text did.
//
// The Grammars/ text stays the source of truth: an archive carries the fingerprint of the rule
// files it was compiled from and is used only for the very same files (any --data-dir,
// KASSA_DATA_DIR or user override changes the sources, and the text is loaded as before). A
// grammar with errors is never archived: loading its text reports them.

public struct GrammarArchive: Sendable {
    /// Bump when what is written, or what Grammar.init derives from it, changes.
    static let formatVersion: UInt64 = 2
    static let magic: UInt64 = 0x3152_4147_5353_414B  // "KASSGAR1", little-endian

    /// Every string and word byte, concatenated: valid UTF-8 (it is built from the rule text).
    public var text: [UInt8]
    /// Everything else: little-endian integers; strings as (offset, length) into `text`.
    public var data: [UInt8]

    public init(text: [UInt8], data: [UInt8]) {
        self.text = text
        self.data = data
    }

    /// Identifies the rule files a grammar is loaded from (only `.rules` files are read by the
    /// loader): path, language and contents of each, in order, and the format version.
    /// A 64-bit multiply-rotate hash, eight bytes a step: it runs at every start-up.
    public static func fingerprint(_ sources: [GrammarSource]) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ formatVersion
        func mix(_ word: UInt64) {
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h = (h << 29) | (h >> 35)
        }
        func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
            let raw = UnsafeRawBufferPointer(bytes)
            var i = 0
            while i + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            var tail: UInt64 = 0
            for k in i..<raw.count { tail |= UInt64(raw[k]) << UInt64(8 * (k - i)) }
            mix(tail ^ UInt64(raw.count) << 56)
        }
        func mix(_ text: String) {
            var text = text
            text.withUTF8 { mix($0) }
        }
        for source in sources where source.path.hasSuffix(".rules") {
            mix(source.path)
            mix(source.language?.rawValue ?? "")
            mix(source.contents)
        }
        return h
    }
}

extension Grammar {
    /// The grammar as an archive for `fingerprint` (the fingerprint of its sources).
    public func archive(fingerprint: UInt64) -> GrammarArchive {
        var w = ArchiveWriter()
        w.int(classNames.count)
        for name in classNames { w.string(name) }
        w.int(categories.count)
        for info in categories {
            w.string(info.slug)
            for language in Language.allCases { w.optionalString(info.names[language]) }
        }
        // Entries by column: most columns fit a byte or two per entry.
        let values = entries.map { w.stringID($0.value) }, files = entries.map { w.stringID($0.location.file) }
        w.compact(entries.map(\.classID))
        w.compact(values)
        w.compact(files)
        w.compact(entries.map(\.location.line))
        w.array(entries.map { ArchiveWriter.languageCode($0.language) })
        w.compact(entries.map(\.order))
        // A phrase's later words: positions per entry, forms per position, the forms.
        w.compact(entries.map(\.rest.count))
        w.compact(entries.flatMap { $0.rest.map(\.count) })
        w.compact(entries.flatMap { $0.rest.joined() })
        w.wordTable(words)
        w.compact((0..<words.count).map { hot.lexStart[$0 + 1] - hot.lexStart[$0] })
        w.compact(hot.lexEntries)
        w.wordTable(endings)
        w.int(patterns.count)
        for pattern in patterns {
            w.u8(UInt8(PatternAction.allCases.firstIndex(of: pattern.action)!))
            w.string(pattern.location.file)
            w.int(pattern.location.line)
            w.int(pattern.order)
            w.language(pattern.language)
            w.int(pattern.elements.count)
            for element in pattern.elements {
                w.u8(element.optional ? 1 : 0)
                switch element.kind {
                case .literal(let start, let count): w.u8(0); w.int(Int(start)); w.int(Int(count))
                case .classRef(let id): w.u8(1); w.int(id)
                case .builtin(let builtin): w.u8(2); w.int(Builtin.allCases.firstIndex(of: builtin)!)
                }
            }
        }
        w.compact(hot.literalWords)
        // Patterns by first literal word, by first class, and those that may begin with a builtin.
        var literalWordsWithPatterns: [Int32] = []
        for word in 0..<words.count where hot.literalStart[word + 1] > hot.literalStart[word] {
            literalWordsWithPatterns.append(Int32(word))
        }
        w.int(literalWordsWithPatterns.count)
        for word in literalWordsWithPatterns {
            w.int(Int(word))
            w.array(hot.literalList[Int(hot.literalStart[Int(word)])..<Int(hot.literalStart[Int(word) + 1])])
        }
        w.int(classNames.count)
        for c in classNames.indices { w.array(hot.classList[Int(hot.classStart[c])..<Int(hot.classStart[c + 1])]) }
        w.ints(builtinBuckets)
        // Each language's conventions: 0 when its grammar says none, else 1 and three flags.
        for conventions in conventionsByLanguage {
            guard let c = conventions else { w.u8(0); continue }
            w.u8(1); w.u8(c.groupsWithComma ? 1 : 0); w.u8(c.groupsWithDot ? 1 : 0); w.u8(c.monthFirst ? 1 : 0)
        }
        // Header and string table first: the reader needs the strings before anything names one.
        var head = ArchiveWriter()
        head.u64(GrammarArchive.magic)
        head.u64(GrammarArchive.formatVersion)
        head.u64(fingerprint)
        head.array(w.stringTable)
        return GrammarArchive(text: w.text, data: head.data + w.data)
    }

    /// The grammar an archive holds, when it was made from sources with `fingerprint` by this
    /// version of kassa; nil otherwise (or when it does not read whole).
    public static func unarchive(_ archive: GrammarArchive, fingerprint: UInt64) -> Grammar? {
        archive.text.withUnsafeBytes { text in
            archive.data.withUnsafeBytes { data in
                unarchive(text: text, data: data, fingerprint: fingerprint)
            }
        }
    }

    static func unarchive(text: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer, fingerprint: UInt64) -> Grammar? {
        var r = ArchiveReader(text: text, data: data)
        guard r.u64() == GrammarArchive.magic, r.u64() == GrammarArchive.formatVersion, r.u64() == fingerprint else { return nil }
        r.readStringTable()
        var classNames: [String] = [], classIDs: [String: Int] = [:]
        for id in 0..<r.count() {
            let name = r.string()
            classNames.append(name)
            classIDs[name] = id
        }
        var categories: [CategoryInfo] = []
        for _ in 0..<r.count() {
            let slug = r.string()
            var names: [Language: String] = [:]
            for language in Language.allCases { names[language] = r.optionalString() }
            categories.append(CategoryInfo(slug: slug, names: names))
        }
        let classOf = r.compact(), valueOf = r.compact(), fileOf = r.compact(), lineOf = r.compact()
        let languageOf = r.array(of: UInt8.self), orderOf = r.compact()
        let positions = r.compact(), formCounts = r.compact(), forms = r.compact()
        let entryCount = classOf.count
        guard !r.failed, [valueOf.count, fileOf.count, lineOf.count, languageOf.count, orderOf.count, positions.count]
                .allSatisfy({ $0 == entryCount }),
              Int(positions.reduce(0, +)) == formCounts.count, Int(formCounts.reduce(0, +)) == forms.count
        else { return nil }
        var entries: [WordEntry] = []
        entries.reserveCapacity(entryCount)
        var position = 0, form = 0
        for e in 0..<entryCount {
            let value = r.string(at: Int(valueOf[e]))
            var rest: [[Int32]] = []
            if positions[e] > 0 {
                rest.reserveCapacity(Int(positions[e]))
                for _ in 0..<positions[e] {
                    let n = Int(formCounts[position])
                    rest.append(Array(forms[form..<(form + n)]))
                    position += 1
                    form += n
                }
            }
            guard classOf[e] < classNames.count else { return nil }
            let language = Int(languageOf[e]) < Language.allCases.count ? Language.allCases[Int(languageOf[e])] : nil
            entries.append(WordEntry(classID: Int(classOf[e]), value: value, number: ExactNumber(decimalText: value), rest: rest,
                                     location: RuleLocation(file: r.string(at: Int(fileOf[e])), line: Int(lineOf[e])),
                                     language: language, order: Int(orderOf[e])))
        }
        guard let words = r.wordTable() else { return nil }
        var lexStart = r.compact()
        lexStart.insert(0, at: 0)
        for w in 0..<(lexStart.count - 1) { lexStart[w + 1] &+= lexStart[w] }
        let lexEntries = r.compact()
        guard let endings = r.wordTable(), lexStart.count == words.count + 1 else { return nil }
        var patterns: [Pattern] = []
        for _ in 0..<r.count() {
            let action = Int(r.u8())
            let file = r.string()
            let line = r.int(), order = r.int()
            let language = r.language()
            var elements: [PatternElement] = []
            for _ in 0..<r.count() {
                let optional = r.u8() == 1
                switch r.u8() {
                case 0:
                    let start = r.int(), count = r.int()
                    elements.append(PatternElement(kind: .literal(start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: count)),
                                                   optional: optional))
                case 1: elements.append(PatternElement(kind: .classRef(r.int()), optional: optional))
                default:
                    let index = r.int()
                    guard index >= 0, index < Builtin.allCases.count else { return nil }
                    elements.append(PatternElement(kind: .builtin(Builtin.allCases[index]), optional: optional))
                }
            }
            guard action < PatternAction.allCases.count else { return nil }
            patterns.append(Pattern(action: PatternAction.allCases[action], elements: elements,
                                    location: RuleLocation(file: file, line: line), order: order, language: language))
        }
        let literalWords = r.compact()
        var literalBuckets: [Int32: [Int]] = [:]
        for _ in 0..<r.count() {
            let word = Int32(truncatingIfNeeded: r.int())
            literalBuckets[word] = r.array(of: Int32.self).map(Int.init)
        }
        var classBuckets: [[Int]] = []
        for _ in 0..<r.count() { classBuckets.append(r.array(of: Int32.self).map(Int.init)) }
        let builtinBuckets = r.ints()
        var conventions: [Language: NumericConventions] = [:]
        for language in Language.allCases where r.u8() == 1 {
            conventions[language] = NumericConventions(groupsWithComma: r.u8() == 1, groupsWithDot: r.u8() == 1,
                                                       monthFirst: r.u8() == 1)
        }
        guard !r.failed, r.atEnd, classBuckets.count == classNames.count,
              GrammarArchive.indicesFit(entries: entries, words: words.count, classes: classNames.count, lexStart: lexStart,
                                        lexEntries: lexEntries, patterns: patterns, literalWords: literalWords,
                                        buckets: Array(literalBuckets.values) + classBuckets + [builtinBuckets])
        else { return nil }
        return Grammar(
            categories: categories, classNames: classNames, classIDs: classIDs, entries: entries, words: words,
            lexStart: lexStart, lexEntries: lexEntries, endings: endings, patterns: patterns, literalWords: literalWords,
            literalBuckets: literalBuckets, classBuckets: classBuckets, builtinBuckets: builtinBuckets,
            categoryByName: Grammar.categoryIndex(categories), conventions: conventions)
    }
}

extension GrammarArchive {
    /// Every id in the tables points inside what it indexes, so a damaged archive is refused
    /// rather than read out of bounds later.
    static func indicesFit(entries: [WordEntry], words: Int, classes: Int, lexStart: [Int32], lexEntries: [Int32],
                           patterns: [Pattern], literalWords: [Int32], buckets: [[Int]]) -> Bool {
        guard lexStart.first == 0, lexStart.last == Int32(lexEntries.count) else { return false }
        for k in 1..<lexStart.count where lexStart[k] < lexStart[k - 1] { return false }
        for e in lexEntries where e < 0 || Int(e) >= entries.count { return false }
        for entry in entries {
            for position in entry.rest { for w in position where w < 0 || Int(w) >= words { return false } }
        }
        for w in literalWords where w < 0 || Int(w) >= words { return false }
        for pattern in patterns {
            for element in pattern.elements {
                switch element.kind {
                case .literal(let start, let count):
                    if start < 0 || count < 0 || Int(start) + Int(count) > literalWords.count { return false }
                case .classRef(let id): if id < 0 || id >= classes { return false }
                case .builtin: break
                }
            }
        }
        for bucket in buckets { for p in bucket where p < 0 || p >= patterns.count { return false } }
        return true
    }
}

extension ArchiveWriter {
    /// The words' bytes, one after another in id order (as WordTable.intern lays them out), so
    /// their lengths give their starts.
    mutating func wordTable(_ table: WordTable) {
        var end: Int32 = 0
        for id in 0..<table.count {
            precondition(table.starts[id] == end, "grammar archive: the word table is not in id order")
            end += table.lengths[id]
        }
        textBytes(table.arena)
        compact(table.lengths)
        array(table.hashes)
        int(table.slotCount)
    }

}

extension ArchiveReader {
    mutating func wordTable() -> WordTable? {
        let arena = textBytes()
        let lengths = compact(), hashes = array(of: UInt32.self)
        var starts = [Int32](repeating: 0, count: lengths.count)
        var end: Int32 = 0
        for id in lengths.indices {
            starts[id] = end
            end &+= lengths[id]
        }
        let slotCount = int()
        guard !failed else { return nil }
        return WordTable(arena: arena, starts: starts, lengths: lengths, hashes: hashes, slotCount: slotCount)
    }
}

extension GrammarArchive {
    /// `data` as base64, to embed in a Swift string literal (the build's kassa-embed): `text` is
    /// valid UTF-8 and is embedded as it is.
    public var embeddedData: [UInt8] { Base64.encode(data) }

    /// An archive from its embedded form; nil when the data is not base64. (Start-up reads the
    /// embedded form in place instead: Grammar.unarchive(embeddedText:embeddedData:fingerprint:).)
    public init?(text: UnsafeBufferPointer<UInt8>, embeddedData: UnsafeBufferPointer<UInt8>) {
        guard let data = Base64.decode(embeddedData) else { return nil }
        self.init(text: Array(text), data: data)
    }
}

extension Grammar {
    /// The grammar of an archive in its embedded form — the text read where it lies (in the
    /// binary), only the base64 data decoded — when it was made from sources with `fingerprint`;
    /// nil otherwise. Start-up's path: no copy of the text, a third fewer page faults for it.
    public static func unarchive(embeddedText text: UnsafeBufferPointer<UInt8>, embeddedData: UnsafeBufferPointer<UInt8>,
                                 fingerprint: UInt64) -> Grammar? {
        guard let data = Base64.decode(embeddedData) else { return nil }
        return data.withUnsafeBytes { unarchive(text: UnsafeRawBufferPointer(text), data: $0, fingerprint: fingerprint) }
    }
}
