// GrammarTables: the grammar's hot tables, the ones every token of every line consults, derived
// once from the loaded entries and patterns and kept as raw buffers the Grammar owns. Reading a
// Swift array held by a class costs reference counting on each access and an array of structs
// copies them; a raw buffer of plain values costs a load. The buffers come from the Grammar's
// MemoryArena, so they live (and are freed) with their Grammar; every LineView holds its Grammar.
// A grammar read from its archive gets most of them ready-made (GrammarArchive.swift), some
// pointing into the archive's words, which the Grammar holds too.

extension Grammar {
    struct Hot: @unchecked Sendable {
        // @unchecked: the buffers are written once, here, and only read afterwards; `arena` owns them.

        /// Entries whose first word is word id w: lexEntries[lexStart[w]..<lexStart[w+1]].
        var lexStart, lexEntries: UnsafeBufferPointer<Int32>
        var entryClass: UnsafeBufferPointer<Int32>
        var entryIsPhrase: UnsafeBufferPointer<Bool>
        /// An entry's value as a number (Grammar.noInt when it is none), and exactly.
        var entryInt: UnsafeBufferPointer<Int>
        var entryNumber: UnsafeBufferPointer<ExactNumber?>
        /// An entry's value read as a recurrence ("monthly") or a time of day ("19:00"), for the
        /// entries of those classes: read once here rather than at every match.
        var entryRecurrence: UnsafeBufferPointer<Recurrence?>
        var entryTime: UnsafeBufferPointer<TimeOfDay?>
        /// The words after a phrase's first: entry e's positions are phraseStart[e]..<phraseStart[e+1],
        /// position k's allowed word ids phraseForms[formStart[k]..<formStart[k+1]].
        var phraseStart, formStart, phraseForms: UnsafeBufferPointer<Int32>
        /// The display names of a category entry's category as word ids, to tell saying a name
        /// from a guessed keyword: entry e's names are entryNames[e]..<entryNames[e+1], name k's
        /// words nameWords[nameStart[k]..<nameStart[k+1]].
        var entryNames, nameStart, nameWords: UnsafeBufferPointer<Int32>
        /// Per word id, bit k set when the word is a single-word entry of class k (k < 64), and
        /// when a phrase of class k begins with it.
        var wordBits, wordPhraseBits: UnsafeBufferPointer<UInt64>
        /// Per word id: whether some pattern may begin at it (most words: no pattern at all).
        var wordStartsPattern: UnsafeBufferPointer<Bool>
        /// Pattern p's elements: Grammar.elements[elementStart[p]..<elementStart[p+1]]; a literal
        /// element's word ids are literalWords[start..<start+count].
        var elementStart, literalWords: UnsafeBufferPointer<Int32>
        var actions: UnsafeBufferPointer<PatternAction>
        var patternLanguages: UnsafeBufferPointer<Language?>
        /// Patterns by what their first element can be, so each token tries only a few.
        /// Patterns that may begin with word w: literalList[literalStart[w]..<literalStart[w+1]];
        /// with class c: classList[classStart[c]..<classStart[c+1]].
        var literalStart, literalList, classStart, classList: UnsafeBufferPointer<Int32>
        /// The builtins that may match a pattern's first token (through optional elements).
        var patternBuiltinBits: UnsafeBufferPointer<UInt8>
        /// For a pattern whose first matched element is always a builtin (through optional
        /// elements or not), the bits of those builtins; nil when a word or class may come first.
        var patternFirstBuiltins: UnsafeBufferPointer<UInt8?>
        /// The classes (ids < 64) a pattern cannot match without: a line lacking one skips it.
        var patternRequiredClasses: UnsafeBufferPointer<UInt64>
        /// Each required literal element (`months|month` in "#count months|month ago") has a bit,
        /// k mod 64; a word has the bits of the elements it can satisfy. A pattern whose bits the
        /// line's words do not all have cannot match there (a filter: it never rejects a match).
        var patternRequiredLiterals, wordLiteralBits: UnsafeBufferPointer<UInt64>

        init(categories: [CategoryInfo], classIDs: [String: Int], entries: [WordEntry], words: WordTable,
             lexStart: [Int32], lexEntries: [Int32], patterns: [Pattern], literalWords: [Int32],
             literalBuckets: [Int32: [Int]], classBuckets: [[Int]], builtinBuckets: [Int], arena: MemoryArena) {
            func owned<T>(_ array: [T]) -> UnsafeBufferPointer<T> { arena.copy(array) }
            func classID(_ c: GrammarClass) -> Int { classIDs[c.rawValue] ?? -1 }

            // Entries.
            self.lexStart = owned(lexStart)
            self.lexEntries = owned(lexEntries)
            // Per entry, read once: the loops over words below touch only these small arrays (a
            // WordEntry is large; reading its fields word by word cost most of this init).
            let classOf = entries.map { Int32($0.classID) }, isPhrase = entries.map { !$0.rest.isEmpty }
            entryClass = owned(classOf)
            entryIsPhrase = owned(isPhrase)
            entryInt = owned(entries.map { $0.intValue ?? Grammar.noInt })
            // Tables of Swift values (not plain integers) are set by `deriveValueTables`, below.
            (entryNumber, entryRecurrence, entryTime) = (Hot.none(), Hot.none(), Hot.none())
            (actions, patternLanguages, patternFirstBuiltins) = (Hot.none(), Hot.none(), Hot.none())
            let phrases = Hot.flatPhrases(entries)
            (phraseStart, formStart, phraseForms) = (owned(phrases.0), owned(phrases.1), owned(phrases.2))
            let names = Hot.flatCategoryNames(categories, entries: entries, words: words,
                                              categoryClass: classID(.category))
            (entryNames, nameStart, nameWords) = (owned(names.0), owned(names.1), owned(names.2))

            // Words.
            // Per-word class bits and literal bits: deriveWordBits, below.
            (wordBits, wordPhraseBits, patternRequiredLiterals, wordLiteralBits) = (Hot.none(), Hot.none(), Hot.none(), Hot.none())

            // Patterns.
            var starts: [Int32] = [0]
            for p in patterns { starts.append(starts.last! + Int32(p.elements.count)) }
            elementStart = owned(starts)
            self.literalWords = owned(literalWords)
            func flatten(_ lists: [[Int]]) -> ([Int32], [Int32]) {
                var start: [Int32] = [0], list: [Int32] = []
                for l in lists {
                    list += l.map(Int32.init)
                    start.append(Int32(list.count))
                }
                return (start, list)
            }
            // Few words begin a pattern: count per word rather than make an array per word.
            var literalStart = [Int32](repeating: 0, count: words.count + 1)
            for (w, list) in literalBuckets where w >= 0 && Int(w) < words.count { literalStart[Int(w) + 1] = Int32(list.count) }
            for w in 0..<words.count { literalStart[w + 1] += literalStart[w] }
            var literalList = [Int32](repeating: 0, count: Int(literalStart[words.count]))
            for (w, list) in literalBuckets where w >= 0 && Int(w) < words.count {
                for (k, p) in list.enumerated() { literalList[Int(literalStart[Int(w)]) + k] = Int32(p) }
            }
            let (classStart, classList) = flatten(classBuckets)
            (self.literalStart, self.literalList) = (owned(literalStart), owned(literalList))
            (self.classStart, self.classList) = (owned(classStart), owned(classList))
            patternBuiltinBits = owned(patterns.map { p in
                var bits: UInt8 = 0
                for element in p.elements {
                    if case .builtin(let b) = element.kind { bits |= b.bit }
                    if !element.optional { break }
                }
                return bits
            })
            patternRequiredClasses = owned(patterns.map { p in
                var bits: UInt64 = 0
                for element in p.elements where !element.optional {
                    if case .classRef(let c) = element.kind, c < 64 { bits |= 1 << UInt64(c) }
                }
                return bits
            })

            // A word may begin a pattern when a pattern's first element can be that word, one of its
            // classes, or a builtin a number word can be.
            var numberish = [Bool](repeating: false, count: classStart.count)
            for c: GrammarClass in [.ones, .tens, .hundreds, .hundred, .scaleSolo, .fraction, .one, .ordinal] {
                if let id = classIDs[c.rawValue], id < numberish.count { numberish[id] = true }
            }
            // Per class: a word of it may begin a pattern.
            var classStarts = [Bool](repeating: false, count: max(0, classStart.count - 1))
            for c in classStarts.indices {
                classStarts[c] = classStart[c + 1] > classStart[c] || (numberish[c] && !builtinBuckets.isEmpty)
            }
            let startsPattern = arena.filled(false, count: words.count)
            for w in 0..<words.count {
                if literalStart[w + 1] > literalStart[w] { startsPattern[w] = true; continue }
                for k in Int(lexStart[w])..<Int(lexStart[w + 1]) where classStarts[Int(classOf[Int(lexEntries[k])])] {
                    startsPattern[w] = true
                    break
                }
            }
            wordStartsPattern = UnsafeBufferPointer(startsPattern)
            deriveWordBits(wordCount: words.count, patterns: patterns, arena: arena)
            deriveValueTables(entries: entries, patterns: patterns, classIDs: classIDs, arena: arena)
        }

        /// The per-word bit tables (wordBits, wordPhraseBits, wordLiteralBits) and the patterns'
        /// required literals, from the entry and pattern tables: derived on both paths (an archive
        /// would carry them at 8 bytes a word, most of them zero).
        mutating func deriveWordBits(wordCount: Int, patterns: [Pattern], arena: MemoryArena) {
            // Filled in place: a copy of an array this size costs its pages twice.
            let bits: UnsafeMutableBufferPointer<UInt64> = arena.filled(0, count: wordCount)
            let phraseBits: UnsafeMutableBufferPointer<UInt64> = arena.filled(0, count: wordCount)
            for w in 0..<wordCount {
                for k in Int(lexStart[w])..<Int(lexStart[w + 1]) {
                    let e = Int(lexEntries[k]), c = entryClass[e]
                    guard c < 64 else { continue }
                    if entryIsPhrase[e] { phraseBits[w] |= 1 << UInt64(c) } else { bits[w] |= 1 << UInt64(c) }
                }
            }
            wordBits = UnsafeBufferPointer(bits)
            wordPhraseBits = UnsafeBufferPointer(phraseBits)
            let required: UnsafeMutableBufferPointer<UInt64> = arena.filled(0, count: patterns.count)
            let literalBits: UnsafeMutableBufferPointer<UInt64> = arena.filled(0, count: wordCount)
            var group = 0
            for (p, pattern) in patterns.enumerated() {
                for element in pattern.elements where !element.optional {
                    guard case .literal(let start, let count) = element.kind else { continue }
                    let bit: UInt64 = 1 << UInt64(group % 64)
                    group += 1
                    required[p] |= bit
                    for k in Int(start)..<Int(start + count) where Int(literalWords[k]) < wordCount {
                        literalBits[Int(literalWords[k])] |= bit
                    }
                }
            }
            (patternRequiredLiterals, wordLiteralBits) = (UnsafeBufferPointer(required), UnsafeBufferPointer(literalBits))
        }

        /// An empty table, until it is set.
        static func none<T>() -> UnsafeBufferPointer<T> { UnsafeBufferPointer(start: nil, count: 0) }

        /// The tables of Swift values (optionals and enums, whose layout is the compiler's):
        /// derived from the entries and patterns on both paths, the text and an archive (which
        /// holds only plain integers).
        mutating func deriveValueTables(entries: [WordEntry], patterns: [Pattern], classIDs: [String: Int], arena: MemoryArena) {
            func owned<T>(_ array: [T]) -> UnsafeBufferPointer<T> { arena.copy(array) }
            entryNumber = owned(entries.map(\.number))
            let recurrenceClass = classIDs[GrammarClass.recurrence.rawValue] ?? -1
            let daypartClass = classIDs[GrammarClass.daypart.rawValue] ?? -1
            entryRecurrence = owned(entries.map { $0.classID == recurrenceClass ? Recurrence(rawValue: $0.value) : nil })
            entryTime = owned(entries.map { $0.classID == daypartClass ? TimeOfDay(text: $0.value) : nil })
            actions = owned(patterns.map(\.action))
            patternLanguages = owned(patterns.map(\.language))
            patternFirstBuiltins = owned(patterns.map { p -> UInt8? in
                var bits: UInt8 = 0
                for element in p.elements {
                    guard case .builtin(let b) = element.kind else { return nil }
                    bits |= b.bit
                    if !element.optional { break }
                }
                return bits
            })
        }

        /// Phrase continuations flattened: (phraseStart per entry, formStart per position, forms).
        static func flatPhrases(_ entries: [WordEntry]) -> ([Int32], [Int32], [Int32]) {
            var phraseStart: [Int32] = [0], formStart: [Int32] = [0], forms: [Int32] = []
            for entry in entries {
                for position in entry.rest {
                    forms += position
                    formStart.append(Int32(forms.count))
                }
                phraseStart.append(Int32(formStart.count - 1))
            }
            return (phraseStart, formStart, forms)
        }

        /// Each category entry's category names as word ids, flattened: (entryNames per entry,
        /// nameStart per name, words). A name with a word the grammar does not know is left out.
        static func flatCategoryNames(_ categories: [CategoryInfo], entries: [WordEntry], words: WordTable,
                                      categoryClass: Int) -> ([Int32], [Int32], [Int32]) {
            var namesBySlug: [String: [[Int32]]] = [:]
            for info in categories {
                for language in Language.allCases {
                    guard let name = info.names[language] else { continue }
                    var norm: [UInt8] = []
                    let ids = Tokenizer.tokenize(name, table: words, norm: &norm).filter(\.isContent).map(\.word)
                    if !ids.isEmpty, !ids.contains(-1) { namesBySlug[info.slug, default: []].append(ids) }
                }
            }
            var entryNames: [Int32] = [0], nameStart: [Int32] = [0], flat: [Int32] = []
            entryNames.reserveCapacity(entries.count + 1)
            // The entries of one rule line are neighbours with the same value: one lookup a line.
            var lastValue: String?, lastNames: [[Int32]]?
            for entry in entries {
                var names: [[Int32]]?
                if entry.classID == categoryClass {
                    if entry.value != lastValue { (lastValue, lastNames) = (entry.value, namesBySlug[entry.value]) }
                    names = lastNames
                }
                if let names {
                    for name in names {
                        flat += name
                        nameStart.append(Int32(flat.count))
                    }
                }
                entryNames.append(Int32(nameStart.count - 1))
            }
            return (entryNames, nameStart, flat)
        }
    }
}
