// LineView: the tokens stage's result and what every later stage reads: the line's tokens
// (normalized and looked up in the grammar's word table), their bytes, its language, and the
// read-only helpers the stages share: class lookup, phrase matching, skipping punctuation, the
// original text of a span. Nothing in it changes after it is made; the tokens live in the
// parser's scratch memory for the one parse that made them. A class, not a struct: every stage
// holds the view and stages are copied (ScanStage holds the number stage twice, DraftStage the
// scan, a `#label` look-ahead makes a DateStage), so a struct this size (grammar, class ids,
// context, input: many reference-counted fields) would be copied and retained field by field
// at each of them; a reference costs one retain.

final class LineView {
    let grammar: Grammar
    /// The grammar's raw tables (valid while `grammar` lives, which this view ensures).
    let hot: Grammar.Hot
    let ids: ClassIDs
    let context: ParseContext
    /// The line itself; spans are cut from its UTF-8 view.
    let input: String
    /// The line's tokens and their normalized bytes, in the scratch memory the view was made in.
    let tokens: UnsafeBufferPointer<Token>
    let norm: UnsafeBufferPointer<UInt8>
    /// The classes of all the line's words (single words and phrase starts), for skipping
    /// patterns that need a class the line does not have.
    let lineBits: UInt64
    /// The required-literal bits of the line's words (see Grammar.Hot.wordLiteralBits).
    let lineLiterals: UInt64
    /// The line's language, from its letters; the context's when it has none.
    let language: Language
    /// How that language writes numbers and dates in digits (its grammar's `convention` lines).
    let conventions: NumericConventions

    /// Tokenizes `input` into `scratch` (grown to fit), which must stay untouched while the view is read.
    init(_ input: String, grammar: Grammar, ids: ClassIDs, context: ParseContext, scratch: LineScratch) {
        self.grammar = grammar
        let tables = grammar.hot
        hot = tables
        self.ids = ids
        self.input = input
        var copy = input  // withUTF8 needs a var; a native string is not copied
        let (count, normCount) = copy.withUTF8 { bytes in
            scratch.reserve(scalars: Tokenizer.scalarCount(bytes))
            return Tokenizer.tokenize(bytes, table: grammar.words, tokens: scratch.buffers.tokens,
                                      norm: scratch.buffers.norm, normBase: 0)
        }
        let buffers = scratch.buffers
        let toks = UnsafeMutableBufferPointer(start: buffers.tokens, count: count)
        let bytes = UnsafeBufferPointer(start: UnsafePointer(buffers.norm), count: normCount)
        var cyrillic = 0, latin = 0
        for t in toks where t.kind == .word {
            if t.firstScalar >= 0x400 && t.firstScalar <= 0x4FF { cyrillic += 1 } else { latin += 1 }
        }
        let lang = cyrillic > latin ? Language.ru : latin > cyrillic ? .en : context.language
        let written = grammar.conventions(for: lang)
        var all: UInt64 = 0, literals: UInt64 = 0
        for i in toks.indices {
            if toks[i].word >= 0 {
                let w = Int(toks[i].word)
                toks[i].bits = tables.wordBits[w]
                toks[i].phraseBits = tables.wordPhraseBits[w]
                all |= toks[i].bits | toks[i].phraseBits
                literals |= tables.wordLiteralBits[w]
            }
            guard toks[i].kind == .number else { continue }
            let slice = UnsafeBufferPointer(rebasing: bytes[toks[i].normStart..<toks[i].normEnd])
            toks[i].plainValue = NumericForms.number(bytes: slice, conventions: written)
            toks[i].digitsOnly = !slice.contains { $0 < 48 || $0 > 57 }
        }
        lineBits = all
        lineLiterals = literals
        tokens = UnsafeBufferPointer(toks)
        norm = bytes
        language = lang
        conventions = written
        // Stored last: read above, storing it first would copy it (and retain its arrays) twice.
        self.context = context
    }

    var count: Int { tokens.count }

    /// The input's own text from token `start` to token `end` (exclusive).
    func text(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        return text(bytes: tokens[start].byteStart..<tokens[end - 1].byteEnd)
    }

    /// The input's own text of a byte range (an explanation's words).
    func text(bytes: Range<Int>) -> String {
        var copy = input  // withUTF8 needs a var; a native string is not copied
        return copy.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[bytes]), as: UTF8.self) }
    }

    /// An explanation of `field` by tokens start..<end and `rule`, kept as offsets until asked for.
    func why(_ field: StaticString, _ start: Int, _ end: Int, _ rule: Why.Rule) -> Why {
        guard start < end else { return Why(field: field, byteStart: 0, byteEnd: 0, rule: rule) }
        return Why(field: field, byteStart: Int32(tokens[start].byteStart), byteEnd: Int32(tokens[end - 1].byteEnd), rule: rule)
    }

    /// The text of a number token ("1,500.50"), made when a date or time reading needs it.
    func numberText(_ i: Int) -> String { wordText(i) }

    /// Length in bytes of token `i`'s normalized text.
    func length(_ i: Int) -> Int { tokens[i].normEnd - tokens[i].normStart }

    /// The value of an all-digits token, else nil.
    func digitsValue(_ i: Int) -> Int64? {
        tokens[i].kind == .number && tokens[i].digitsOnly ? tokens[i].plainValue?.intValue : nil
    }

    /// The normalized text of token `i`.
    func wordText(_ i: Int) -> String {
        String(decoding: norm[tokens[i].normStart..<tokens[i].normEnd], as: UTF8.self)
    }

    func normBytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: norm[tokens[i].normStart..<tokens[i].normEnd])
    }

    func isPunct(_ i: Int, _ c: Unicode.Scalar) -> Bool { i < tokens.count && tokens[i].isPunct(c) }

    /// The first non-punctuation token at or after `i` (`;` is never skipped: it ends a part).
    func skipPunct(_ i: Int) -> Int {
        var j = i
        while j < tokens.count, tokens[j].kind == .punct, tokens[j].scalar != 0x3B { j += 1 }
        return j
    }

    /// A full stop, "!" or "?" followed by a capital letter ends a sentence of dictation ("Coffee
    /// 1500 yesterday. Today taxi 2000."): the sentences are separate purchases. A stop before a
    /// small letter ("руб. кофе", "tel. 5") is an abbreviation and separates nothing.
    func endsSentence(_ i: Int) -> Bool {
        let t = tokens[i]
        guard t.scalar == 0x2E || t.scalar == 0x21 || t.scalar == 0x3F, i + 1 < tokens.count else { return false }
        let next = tokens[i + 1]
        guard next.kind == .word else { return false }
        return input.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var decoder = UTF8()
            var iterator = bytes[next.byteStart..<min(bytes.count, next.byteStart + 4)].makeIterator()
            guard case .scalarValue(let first) = decoder.decode(&iterator) else { return false }
            return first.properties.isUppercase
        } ?? false
    }

    /// Indices into hot.lexEntries of the entries whose first word is token `i`.
    @inline(__always) func lexRange(_ i: Int) -> Range<Int> {
        let w = Int(tokens[i].word)
        guard w >= 0 else { return 0..<0 }
        return Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1])
    }

    func hasEntries(_ i: Int) -> Bool { !lexRange(i).isEmpty }

    @inline(__always) func has(_ i: Int, _ cls: Int) -> Bool {
        guard cls >= 0, i < tokens.count else { return false }
        if cls < 64 { return tokens[i].bits & (1 << UInt64(cls)) != 0 }
        return entry(i, cls) != nil
    }

    /// Whether an amount can begin at token `i` (MoneyStage.readMoney): a number, or a word of a
    /// class that begins a number phrase or is a currency said first. Most words are neither,
    /// and the scan skips reading money there (a call and an empty 250-byte reading each).
    @inline(__always) func mayBeginMoney(_ i: Int) -> Bool {
        let t = tokens[i]
        return t.kind == .number || !ids.moneyStartComplete || (t.bits | t.phraseBits) & ids.moneyStart != 0
    }

    /// Whether token `i` can begin a number or a day ("15", "twenty", "first", "полторы").
    func isNumberish(_ i: Int) -> Bool { tokens[i].kind == .number || tokens[i].bits & ids.numberish != 0 }

    /// The last-defined single-word entry of `cls` at token `i`. The class-bit test is inlined
    /// at every caller: most tokens are not of the class asked about, and a call per question
    /// (the number reader asks five at each word) cost more than the answer.
    @inline(__always) func entry(_ i: Int, _ cls: Int) -> Int? {
        guard cls >= 0, i < tokens.count else { return nil }
        if cls < 64, tokens[i].bits & (1 << UInt64(cls)) == 0 { return nil }
        return entryOfWord(i, cls)
    }

    @inline(never) private func entryOfWord(_ i: Int, _ cls: Int) -> Int? {
        var found: Int?
        for k in lexRange(i) {
            let e = Int(hot.lexEntries[k])
            if hot.entryClass[e] == cls && !hot.entryIsPhrase[e] { found = e }
        }
        return found
    }

    func intValue(_ e: Int) -> Int? {
        let v = hot.entryInt[e]
        return v == Grammar.noInt ? nil : v
    }

    /// The longest phrase of class `cls` starting at token `i`: (entry index, end token).
    /// Equal lengths go to the later definition, so user overrides win.
    /// The class-bit test is inlined at every caller (see `entry`).
    @inline(__always) func matchClass(_ i: Int, _ cls: Int) -> (entry: Int, end: Int)? {
        guard cls >= 0, i < tokens.count else { return nil }
        if cls < 64, (tokens[i].bits | tokens[i].phraseBits) & (1 << UInt64(cls)) == 0 { return nil }
        return matchEntries(i, cls)
    }

    @inline(never) private func matchEntries(_ i: Int, _ cls: Int) -> (entry: Int, end: Int)? {
        var best: (entry: Int, end: Int)?
        for k in lexRange(i) {
            let e = Int(hot.lexEntries[k])
            guard hot.entryClass[e] == cls else { continue }
            var j = i + 1
            if hot.entryIsPhrase[e] {
                var ok = true
                for position in Int(hot.phraseStart[e])..<Int(hot.phraseStart[e + 1]) {
                    let t = skipPunct(j)
                    guard t < tokens.count, tokens[t].word >= 0, hasForm(position, tokens[t].word) else { ok = false; break }
                    j = t + 1
                }
                if !ok { continue }
            }
            if best == nil || j >= best!.end { best = (e, j) }
        }
        return best
    }

    /// A phrase of class `cls` whose first word is at `i` and whose other words come right
    /// after `gap` (the amount said inside it: "got 5000 back"), or the whole phrase right
    /// before it ("got back 5000", "found 5000"); its end is past its last word.
    func matchClass(_ i: Int, _ cls: Int, around gap: Range<Int>) -> (entry: Int, end: Int)? {
        guard cls >= 0, i < tokens.count else { return nil }
        if cls < 64, (tokens[i].bits | tokens[i].phraseBits) & (1 << UInt64(cls)) == 0 { return nil }
        guard skipPunct(i + 1) == gap.lowerBound else {
            guard let whole = matchClass(i, cls), skipPunct(whole.end) == gap.lowerBound else { return nil }
            return whole
        }
        var best: (entry: Int, end: Int)?
        for k in lexRange(i) {
            let e = Int(hot.lexEntries[k])
            guard hot.entryClass[e] == cls else { continue }
            // One word said right before the amount ("found 5000") is the whole phrase.
            guard hot.entryIsPhrase[e] else {
                if best == nil { best = (e, i + 1) }
                continue
            }
            var j = gap.upperBound, ok = true
            for position in Int(hot.phraseStart[e])..<Int(hot.phraseStart[e + 1]) {
                let t = skipPunct(j)
                guard t < tokens.count, tokens[t].word >= 0, hasForm(position, tokens[t].word) else { ok = false; break }
                j = t + 1
            }
            if ok, best == nil || j >= best!.end { best = (e, j) }
        }
        return best
    }

    /// Whether word id `w` is one of the forms a phrase allows at `position` (a hot.phraseStart index).
    @inline(__always) func hasForm(_ position: Int, _ w: Int32) -> Bool {
        for k in Int(hot.formStart[position])..<Int(hot.formStart[position + 1]) where hot.phraseForms[k] == w { return true }
        return false
    }

    func location(_ e: Int) -> String { grammar.entries[e].location.description }
}
