// GrammarArchive: a loaded Grammar written out and read back, so the built-in grammar is compiled
// at build time (kassa-embed, through the EmbedData plugin) and start-up reads tables instead of
// tokenizing rules and expanding stems (most of start-up before). What is written is what
// GrammarLoader.finish hands to Grammar.init plus the hot tables it derived (Grammar.Hot) that
// cost most to derive again: the entry and pattern tables, which the reader points at where the
// archive lies (the build embeds the data part as 64-bit words the compiler lays out in the
// binary), and the per-word ones as narrow columns. What is cheap to derive (per-word bits, Swift
// enum values) is derived by the same code on both paths, so an archived grammar answers as the text did.
//
// The Grammars/ text stays the source of truth: an archive carries the fingerprint of the rule
// files it was compiled from and is used only for the very same files (any --data-dir,
// KASSA_DATA_DIR or user override changes the sources, and the text is loaded as before). A
// grammar with errors is never archived: loading its text reports them.

public struct GrammarArchive: Sendable {
    /// Bump when what is written, or what Grammar.init derives from it, changes.
    static let formatVersion: UInt64 = 3
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
        // Entries by column: most columns fit a byte or two per entry. Their classes and later
        // words are in the hot tables (entryClass, phraseStart/formStart/phraseForms).
        let values = entries.map { w.stringID($0.value) }, files = entries.map { w.stringID($0.location.file) }
        w.compact(values)
        w.compact(files)
        w.compact(entries.map(\.location.line))
        w.array(entries.map { ArchiveWriter.languageCode($0.language) })
        w.compact(entries.map(\.order))
        // The entries whose value is a number, and the number (read once here, not at start-up).
        let numbered = entries.indices.filter { entries[$0].number != nil }
        w.compact(numbered)
        w.array(numbered.map { entries[$0].number!.units })
        w.compact(numbered.map { entries[$0].number!.fractionDigits })
        w.wordTable(words)
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
        w.ints(builtinBuckets)
        // Each language's conventions: 0 when its grammar says none, else 1 and three flags.
        for conventions in conventionsByLanguage {
            guard let c = conventions else { w.u8(0); continue }
            w.u8(1); w.u8(c.groupsWithComma ? 1 : 0); w.u8(c.groupsWithDot ? 1 : 0); w.u8(c.monthFirst ? 1 : 0)
        }
        w.hot(hot)
        // Header and string table first: the reader needs the strings before anything names one.
        // Padded to 8 bytes, so what the body aligns is aligned in the whole.
        var head = ArchiveWriter()
        head.u64(GrammarArchive.magic)
        head.u64(GrammarArchive.formatVersion)
        head.u64(fingerprint)
        head.array(w.stringTable)
        head.align()
        return GrammarArchive(text: w.text, data: head.data + w.data)
    }

    /// The grammar an archive holds, when it was made from sources with `fingerprint` by this
    /// version of kassa; nil otherwise (or when it does not read whole).
    public static func unarchive(_ archive: GrammarArchive, fingerprint: UInt64) -> Grammar? {
        archive.text.withUnsafeBufferPointer { text in
            unarchive(embeddedText: text, data: archive.dataWords, byteCount: archive.data.count, fingerprint: fingerprint)
        }
    }

    /// The grammar of an archive in its embedded form — the text read where it lies (in the
    /// binary), the data as little-endian 64-bit words (the first `byteCount` bytes count) whose
    /// hot tables the grammar reads in place, holding `data` — when it was made from sources
    /// with `fingerprint`; nil otherwise. Start-up's path: no decoding, no copy of the tables.
    public static func unarchive(embeddedText text: UnsafeBufferPointer<UInt8>, data: [UInt64], byteCount: Int,
                                 fingerprint: UInt64) -> Grammar? {
        // In place needs the layout the writer had: little-endian, 64-bit Int (else the text is loaded).
        #if _endian(big)
        return nil
        #else
        guard MemoryLayout<Int>.size == 8, byteCount >= 0, byteCount <= data.count * 8 else { return nil }
        // The storage of `data` outlives the closure: the grammar holds `data`, and an array's
        // storage does not move while it is not mutated.
        return data.withUnsafeBytes { bytes in
            unarchive(text: UnsafeRawBufferPointer(text), data: UnsafeRawBufferPointer(rebasing: bytes.prefix(byteCount)),
                      backing: data, fingerprint: fingerprint)
        }
        #endif
    }

    static func unarchive(text: UnsafeRawBufferPointer, data: UnsafeRawBufferPointer, backing: [UInt64],
                          fingerprint: UInt64) -> Grammar? {
        var r = ArchiveReader(text: text, data: data)
        guard r.u64() == GrammarArchive.magic, r.u64() == GrammarArchive.formatVersion, r.u64() == fingerprint else { return nil }
        r.readStringTable()
        r.align()
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
        let valueOf = r.compact(), fileOf = r.compact(), lineOf = r.compact()
        let languageOf = r.array(of: UInt8.self), orderOf = r.compact()
        let numbered = r.compact(), units = r.array(of: Int64.self), fractionDigits = r.compact()
        let entryCount = valueOf.count
        guard !r.failed, [fileOf.count, lineOf.count, languageOf.count, orderOf.count].allSatisfy({ $0 == entryCount }),
              units.count == numbered.count, fractionDigits.count == numbered.count,
              numbered.allSatisfy({ $0 < entryCount }) else { return nil }
        guard let words = r.wordTable(), let endings = r.wordTable() else { return nil }
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
        let builtinBuckets = r.ints()
        var conventions: [Language: NumericConventions] = [:]
        for language in Language.allCases where r.u8() == 1 {
            conventions[language] = NumericConventions(groupsWithComma: r.u8() == 1, groupsWithDot: r.u8() == 1,
                                                       monthFirst: r.u8() == 1)
        }
        let arena = MemoryArena()
        var hot = Grammar.Hot(reading: &r, arena: arena)
        guard !r.failed, r.atEnd,
              hot.fits(entries: entryCount, words: words.count, classes: classNames.count, patterns: patterns,
                       builtinBuckets: builtinBuckets)
        else { return nil }
        // The entries: their classes and later words from the (checked) hot tables.
        var numbers = [ExactNumber?](repeating: nil, count: entryCount)
        let ints: UnsafeMutableBufferPointer<Int> = arena.filled(Grammar.noInt, count: entryCount)
        for k in numbered.indices {
            let number = ExactNumber(units: units[k], fractionDigits: Int(fractionDigits[k]))
            numbers[Int(numbered[k])] = number
            // As WordEntry.intValue reads it.
            if let v = number.intValue, v >= Int64(Int32.min), v <= Int64(Int32.max) { ints[Int(numbered[k])] = Int(v) }
        }
        hot.entryInt = UnsafeBufferPointer(ints)
        let isPhrase: UnsafeMutableBufferPointer<Bool> = arena.filled(false, count: entryCount)
        for e in 0..<entryCount { isPhrase[e] = hot.phraseStart[e + 1] > hot.phraseStart[e] }
        hot.entryIsPhrase = UnsafeBufferPointer(isPhrase)
        hot.deriveWordBits(wordCount: words.count, patterns: patterns, arena: arena)
        var entries: [WordEntry] = []
        entries.reserveCapacity(entryCount)
        for e in 0..<entryCount {
            var rest: [[Int32]] = []
            let (first, last) = (Int(hot.phraseStart[e]), Int(hot.phraseStart[e + 1]))
            if last > first {
                rest.reserveCapacity(last - first)
                for k in first..<last { rest.append(Array(hot.phraseForms[Int(hot.formStart[k])..<Int(hot.formStart[k + 1])])) }
            }
            let language = Int(languageOf[e]) < Language.allCases.count ? Language.allCases[Int(languageOf[e])] : nil
            entries.append(WordEntry(classID: Int(hot.entryClass[e]), value: r.string(at: Int(valueOf[e])), number: numbers[e],
                                     rest: rest, location: RuleLocation(file: r.string(at: Int(fileOf[e])), line: Int(lineOf[e])),
                                     language: language, order: Int(orderOf[e])))
        }
        guard !r.failed else { return nil }
        hot.deriveValueTables(entries: entries, patterns: patterns, classIDs: classIDs, arena: arena)
        return Grammar(
            categories: categories, classNames: classNames, classIDs: classIDs, entries: entries, words: words,
            endings: endings, patterns: patterns, builtinBuckets: builtinBuckets,
            conventions: conventions, hot: hot, tables: arena,
            backing: backing)
    }
}

extension ArchiveWriter {
    /// The hot tables Grammar.Hot(reading:) reads back: the entry and pattern tables in place,
    /// the per-word ones as narrow columns (most of their values are small). The per-word bit
    /// tables and the tables of Swift values are not written: they are derived when read.
    mutating func hot(_ h: Grammar.Hot) {
        let words = h.lexStart.count - 1
        compact((0..<words).map { h.lexStart[$0 + 1] - h.lexStart[$0] })
        compact(h.lexEntries)
        compact(h.entryClass)
        inPlace(h.phraseStart)
        inPlace(h.formStart)
        inPlace(h.phraseForms)
        inPlace(h.entryNames)
        inPlace(h.nameStart)
        inPlace(h.nameWords)
        inPlace(h.wordStartsPattern)
        inPlace(h.elementStart)
        inPlace(h.literalWords)
        compact((0..<words).map { h.literalStart[$0 + 1] - h.literalStart[$0] })
        inPlace(h.literalList)
        inPlace(h.classStart)
        inPlace(h.classList)
        inPlace(h.patternBuiltinBits)
        inPlace(h.patternRequiredClasses)
    }
}

extension Grammar.Hot {
    /// The tables ArchiveWriter.hot wrote: in place, or widened into `arena`. The derived ones
    /// are left empty (entryIsPhrase, entryInt and the bit tables are set by unarchive, the
    /// tables of Swift values by deriveValueTables). Check them with `fits` before use.
    init(reading r: inout ArchiveReader, arena: MemoryArena) {
        /// Counts as the starts of consecutive ranges (a 0 first, then running sums).
        func starts(_ counts: [Int32]) -> UnsafeBufferPointer<Int32> {
            let out: UnsafeMutableBufferPointer<Int32> = arena.filled(0, count: counts.count + 1)
            var sum: Int32 = 0
            for k in counts.indices {
                sum &+= counts[k]
                out[k + 1] = sum
            }
            return UnsafeBufferPointer(out)
        }
        lexStart = starts(r.compact())
        lexEntries = arena.copy(r.compact())
        entryClass = arena.copy(r.compact())
        phraseStart = r.inPlace(Int32.self)
        formStart = r.inPlace(Int32.self)
        phraseForms = r.inPlace(Int32.self)
        entryNames = r.inPlace(Int32.self)
        nameStart = r.inPlace(Int32.self)
        nameWords = r.inPlace(Int32.self)
        wordStartsPattern = r.inPlaceFlags()
        elementStart = r.inPlace(Int32.self)
        literalWords = r.inPlace(Int32.self)
        literalStart = starts(r.compact())
        literalList = r.inPlace(Int32.self)
        classStart = r.inPlace(Int32.self)
        classList = r.inPlace(Int32.self)
        patternBuiltinBits = r.inPlace(UInt8.self)
        patternRequiredClasses = r.inPlace(UInt64.self)
        (entryIsPhrase, entryInt) = (Grammar.Hot.none(), Grammar.Hot.none())
        (wordBits, wordPhraseBits, patternRequiredLiterals, wordLiteralBits) = (Grammar.Hot.none(), Grammar.Hot.none(), Grammar.Hot.none(), Grammar.Hot.none())
        (entryNumber, entryRecurrence, entryTime) = (Grammar.Hot.none(), Grammar.Hot.none(), Grammar.Hot.none())
        (actions, patternLanguages, patternFirstBuiltins) = (Grammar.Hot.none(), Grammar.Hot.none(), Grammar.Hot.none())
    }

    /// Every table has the length its grammar gives it and every id in it points inside what it
    /// indexes, so a damaged archive is refused rather than read out of bounds later.
    func fits(entries: Int, words: Int, classes: Int, patterns: [Pattern], builtinBuckets: [Int]) -> Bool {
        /// Starts of consecutive ranges: `count` + 1 of them, from 0, never falling, ending at `end`.
        // Branch-free loops over raw pointers (no bounds checks): these run at every start-up.
        func ranges(_ starts: UnsafeBufferPointer<Int32>, count: Int, end: Int) -> Bool {
            guard starts.count == count + 1, starts[0] == 0, Int(starts[count]) == end, let p = starts.baseAddress else { return false }
            var falls: Int64 = 0  // 64-bit: a difference of two Int32 never wraps
            for k in 1..<starts.count { falls |= (Int64(p[k]) - Int64(p[k - 1])) >> 63 }
            return falls == 0
        }
        /// Every id at least 0 and below `bound`.
        func ids(_ table: UnsafeBufferPointer<Int32>, below bound: Int) -> Bool {
            guard let p = table.baseAddress else { return true }
            var largest = Int32.min, smallest = Int32.max
            for k in 0..<table.count {
                largest = max(largest, p[k])
                smallest = min(smallest, p[k])
            }
            return smallest >= 0 && Int(largest) < bound
        }
        var elements = 0
        for p in patterns { elements += p.elements.count }
        guard ranges(lexStart, count: words, end: lexEntries.count), ids(lexEntries, below: entries),
              entryClass.count == entries, ids(entryClass, below: classes),
              ranges(phraseStart, count: entries, end: formStart.count - 1), formStart.count >= 1,
              ranges(formStart, count: formStart.count - 1, end: phraseForms.count), ids(phraseForms, below: words),
              ranges(entryNames, count: entries, end: nameStart.count - 1), nameStart.count >= 1,
              ranges(nameStart, count: nameStart.count - 1, end: nameWords.count), ids(nameWords, below: words),
              wordStartsPattern.count == words,
              ranges(elementStart, count: patterns.count, end: elements), ids(literalWords, below: words),
              ranges(literalStart, count: words, end: literalList.count), ids(literalList, below: patterns.count),
              ranges(classStart, count: classes, end: classList.count), ids(classList, below: patterns.count),
              patternBuiltinBits.count == patterns.count, patternRequiredClasses.count == patterns.count,
              builtinBuckets.allSatisfy({ $0 >= 0 && $0 < patterns.count })
        else { return false }
        for (p, pattern) in patterns.enumerated() {
            guard Int(elementStart[p + 1] - elementStart[p]) == pattern.elements.count else { return false }
            for element in pattern.elements {
                switch element.kind {
                case .literal(let start, let count):
                    if start < 0 || count < 0 || Int(start) + Int(count) > literalWords.count { return false }
                case .classRef(let id): if id < 0 || id >= classes { return false }
                case .builtin: break
                }
            }
        }
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
    /// `data` as little-endian 64-bit words, the last padded with zeros: the form the build
    /// embeds (kassa-embed writes them as an array literal, which the compiler lays out in the
    /// binary as it is: start-up reads it in place, nothing decoded) and unarchive reads.
    public var dataWords: [UInt64] {
        var words = [UInt64](repeating: 0, count: (data.count + 7) / 8)
        for (k, byte) in data.enumerated() { words[k / 8] |= UInt64(byte) << UInt64(8 * (k % 8)) }
        return words
    }

    /// An archive from its embedded form (`byteCount` bytes of `dataWords`).
    public init?(text: UnsafeBufferPointer<UInt8>, dataWords: [UInt64], byteCount: Int) {
        guard byteCount >= 0, byteCount <= dataWords.count * 8 else { return nil }
        self.init(text: Array(text), data: (0..<byteCount).map { UInt8(truncatingIfNeeded: dataWords[$0 / 8] >> UInt64(8 * ($0 % 8))) })
    }
}
