// Tests for GrammarArchive (the grammar compiled at build time): an archived grammar is the text's
// grammar table for table and answers every corpus case and benchmark line the same; an archive
// is used only for the very sources it was made from; a damaged or foreign archive is refused.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct GrammarArchiveTests {
    static let sources = GrammarFixtures.sources()
    static let fromText = Grammar.load(sources).0
    static let fingerprint = GrammarArchive.fingerprint(sources)
    static let archive = fromText.archive(fingerprint: fingerprint)

    @Test func anArchivedGrammarHasTheTextsTables() throws {
        let a = Self.fromText
        let b = try #require(Grammar.unarchive(Self.archive, fingerprint: Self.fingerprint))
        #expect(a.classNames == b.classNames && a.classIDs == b.classIDs)
        #expect(a.categories == b.categories && a.categoryByName == b.categoryByName)
        #expect(a.entries.count == b.entries.count)
        for (x, y) in zip(a.entries, b.entries) {
            #expect(x.classID == y.classID && x.value == y.value && x.number == y.number && x.rest == y.rest
                && x.location == y.location && x.language == y.language && x.order == y.order, "\(x.value) \(x.location)")
        }
        for (x, y) in [(a.words, b.words), (a.endings, b.endings)] {
            #expect(x.arena == y.arena && x.starts == y.starts && x.lengths == y.lengths && x.hashes == y.hashes)
            #expect(x.slotCount == y.slotCount)
        }
        for w in 0..<a.words.count { #expect(b.words.find(Array(a.words.bytes(Int32(w)))) == Int32(w)) }
        #expect(a.patterns.count == b.patterns.count)
        for (x, y) in zip(a.patterns, b.patterns) {
            #expect(x.action == y.action && x.location == y.location && x.order == y.order && x.language == y.language)
            #expect(x.elements.map(Self.describe) == y.elements.map(Self.describe))
        }
        #expect(a.builtinBuckets == b.builtinBuckets && a.currencies == b.currencies)
        let (h, k) = (a.hot, b.hot)
        #expect(Array(h.lexStart) == Array(k.lexStart) && Array(h.lexEntries) == Array(k.lexEntries))
        #expect(Array(h.entryClass) == Array(k.entryClass) && Array(h.entryIsPhrase) == Array(k.entryIsPhrase))
        #expect(Array(h.entryInt) == Array(k.entryInt) && Array(h.entryNumber) == Array(k.entryNumber))
        #expect(Array(h.entryRecurrence) == Array(k.entryRecurrence) && Array(h.entryTime) == Array(k.entryTime))
        #expect(Array(h.phraseStart) == Array(k.phraseStart) && Array(h.formStart) == Array(k.formStart))
        #expect(Array(h.phraseForms) == Array(k.phraseForms))
        #expect(Array(h.entryNames) == Array(k.entryNames) && Array(h.nameStart) == Array(k.nameStart))
        #expect(Array(h.nameWords) == Array(k.nameWords))
        #expect(Array(h.wordBits) == Array(k.wordBits) && Array(h.wordPhraseBits) == Array(k.wordPhraseBits))
        #expect(Array(h.wordStartsPattern) == Array(k.wordStartsPattern))
        #expect(Array(h.elementStart) == Array(k.elementStart) && Array(h.literalWords) == Array(k.literalWords))
        #expect(Array(h.actions) == Array(k.actions) && Array(h.patternLanguages) == Array(k.patternLanguages))
        #expect(Array(h.literalStart) == Array(k.literalStart) && Array(h.literalList) == Array(k.literalList))
        #expect(Array(h.classStart) == Array(k.classStart) && Array(h.classList) == Array(k.classList))
        #expect(Array(h.patternBuiltinBits) == Array(k.patternBuiltinBits))
        #expect(Array(h.patternFirstBuiltins) == Array(k.patternFirstBuiltins))
        #expect(Array(h.patternRequiredClasses) == Array(k.patternRequiredClasses))
        #expect(Array(h.patternRequiredLiterals) == Array(k.patternRequiredLiterals))
        #expect(Array(h.wordLiteralBits) == Array(k.wordLiteralBits))
    }

    static func describe(_ element: PatternElement) -> String {
        switch element.kind {
        case .literal(let start, let count): "literal \(start) \(count) \(element.optional)"
        case .classRef(let id): "class \(id) \(element.optional)"
        case .builtin(let builtin): "builtin \(builtin) \(element.optional)"
        }
    }

    @Test func anArchivedGrammarAnswersEveryCorpusCaseAndBenchLineAsTheTextDoes() throws {
        let archived = Parser(grammar: try #require(Grammar.unarchive(Self.archive, fingerprint: Self.fingerprint)))
        let report = Corpus.run(Self.sources, parser: archived)
        #expect(report.total > 600 && report.failures.isEmpty, "\(report.failures.prefix(3))")
        var inputs: [(String, CivilDate, Language, [Account])] = []
        for source in Self.sources where source.path.hasSuffix(".corpus") {
            for c in Corpus.cases(in: source).0 { inputs.append((c.input, c.today, c.language, c.accounts)) }
        }
        for line in GrammarFixtures.benchEntries {
            inputs.append((line, Corpus.defaultToday, .en, []))
        }
        #expect(inputs.count > 2_000)
        let text = GrammarFixtures.parser
        for (input, today, language, accounts) in inputs {
            let context = ParseContext(today: today, language: language, accounts: accounts)
            let (x, y) = (text.parse(input, context: context), archived.parse(input, context: context))
            #expect(x.drafts == y.drafts && x.error == y.error, "\(input)")
        }
    }

    @Test func anArchiveIsUsedOnlyForTheSourcesItWasMadeFrom() {
        // The same sources: the archive is read (a grammar from a foreign archive would be empty).
        let same = Grammar.load(Self.sources, compiled: Self.archive)
        #expect(same.1.isEmpty && same.0.words.count == Self.fromText.words.count)
        #expect(Grammar.unarchive(Self.archive, fingerprint: Self.fingerprint &+ 1) == nil)
        // A user's override changes the sources: the text is loaded, and the override wins.
        var overridden = Self.sources
        overridden.append(GrammarSource(path: "/home/u/.config/kassa/grammars/ru/mine.rules", language: .ru,
                                        contents: "category food/restaurants = кофе\nclass currency KZT = тугрики\nklass x = y"))
        #expect(GrammarArchive.fingerprint(overridden) != Self.fingerprint)
        let (grammar, errors) = Grammar.load(overridden, compiled: Self.archive)
        #expect(errors.map(\.reasonKey) == ["grammar.unknown-directive"])
        let draft = Parser(grammar: grammar).parse("кофе 900 тугрики", context: ParseContext(today: Corpus.defaultToday)).drafts.first
        #expect(draft?.category == "food/restaurants" && draft?.amount?.currency.code == "KZT")
        // Changing one byte of one rule file, or the language of a folder, changes the fingerprint.
        var edited = Self.sources
        let index = edited.firstIndex { $0.path.hasSuffix(".rules") }!
        edited[index].contents += " "
        #expect(GrammarArchive.fingerprint(edited) != Self.fingerprint)
        var moved = Self.sources
        let ruleIndex = moved.firstIndex { $0.path.hasSuffix(".rules") && $0.language == .ru }!
        moved[ruleIndex].language = .en
        #expect(GrammarArchive.fingerprint(moved) != Self.fingerprint)
        // Corpora and other files are not rules: they do not change it.
        #expect(GrammarArchive.fingerprint(Self.sources.filter { $0.path.hasSuffix(".rules") }) == Self.fingerprint)
    }

    @Test func aDamagedOrForeignArchiveIsRefused() {
        var archive = Self.archive
        #expect(Grammar.unarchive(archive, fingerprint: Self.fingerprint) != nil)
        // Another format version, a truncated archive, extra bytes, a missing string table.
        var version = archive
        version.data[8] &+= 1
        #expect(Grammar.unarchive(version, fingerprint: Self.fingerprint) == nil)
        for cut in [1, 7, archive.data.count / 2, archive.data.count - 24] {
            var truncated = archive
            truncated.data.removeLast(cut)
            #expect(Grammar.unarchive(truncated, fingerprint: Self.fingerprint) == nil, "cut \(cut)")
        }
        archive.data.append(0)
        #expect(Grammar.unarchive(archive, fingerprint: Self.fingerprint) == nil)
        #expect(Grammar.unarchive(GrammarArchive(text: [], data: Self.archive.data), fingerprint: Self.fingerprint) == nil)
        #expect(Grammar.unarchive(GrammarArchive(text: [], data: []), fingerprint: Self.fingerprint) == nil)
        // A refused archive leaves the text path: the same grammar, its errors reported.
        let (grammar, errors) = Grammar.load(Self.sources, compiled: version)
        #expect(errors.isEmpty && grammar.words.count == Self.fromText.words.count)
    }

    @Test func theEmbeddedFormRoundTripsAndIsReadInPlace() throws {
        let words = Self.archive.dataWords
        #expect(words.count == (Self.archive.data.count + 7) / 8)
        let back = try #require(Self.archive.text.withUnsafeBufferPointer { text in
            GrammarArchive(text: text, dataWords: words, byteCount: Self.archive.data.count)
        })
        #expect(back.text == Self.archive.text && back.data == Self.archive.data)
        #expect(String(validating: Self.archive.text, as: UTF8.self) != nil)
        #expect(Self.archive.text.withUnsafeBufferPointer { GrammarArchive(text: $0, dataWords: words, byteCount: words.count * 8 + 1) } == nil)
        // Start-up's form: the hot tables point into the words themselves, no copy.
        let grammar = try #require(Self.archive.text.withUnsafeBufferPointer { text in
            Grammar.unarchive(embeddedText: text, data: words, byteCount: Self.archive.data.count, fingerprint: Self.fingerprint)
        })
        words.withUnsafeBytes { bytes in
            let range = UInt(bitPattern: bytes.baseAddress!)..<UInt(bitPattern: bytes.baseAddress! + bytes.count)
            for table in [grammar.hot.phraseStart, grammar.hot.phraseForms, grammar.hot.nameWords, grammar.hot.literalList] {
                #expect(range.contains(UInt(bitPattern: table.baseAddress!)))
            }
        }
        #expect(Array(grammar.hot.wordBits) == Array(Self.fromText.hot.wordBits))
        // Padding past the counted bytes is not read; a count past them is refused.
        #expect(Self.archive.text.withUnsafeBufferPointer { text in
            Grammar.unarchive(embeddedText: text, data: words + [0], byteCount: Self.archive.data.count, fingerprint: Self.fingerprint)
        } != nil)
        #expect(Self.archive.text.withUnsafeBufferPointer { text in
            Grammar.unarchive(embeddedText: text, data: words + [0], byteCount: Self.archive.data.count + 8, fingerprint: Self.fingerprint)
        } == nil)
    }

    @Test func anArchiveWithAnIdOutOfRangeIsRefused() {
        // A table read in place (the words of category names): one id made one past the last word.
        var archive = Self.archive
        let nameWords = Array(Self.fromText.hot.nameWords)
        let needle = nameWords.prefix(16).flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
        var found: Int?
        for at in stride(from: 0, to: archive.data.count - needle.count, by: 8) where Array(archive.data[at..<(at + needle.count)]) == needle {
            found = at
            break
        }
        guard let at = found else {
            Issue.record("nameWords not found in the archive")
            return
        }
        #expect(Grammar.unarchive(archive, fingerprint: Self.fingerprint) != nil)
        withUnsafeBytes(of: Int32(Self.fromText.words.count).littleEndian) { archive.data.replaceSubrange(at..<(at + 4), with: $0) }
        #expect(Grammar.unarchive(archive, fingerprint: Self.fingerprint) == nil)
    }
}
