// LineReading: one line under analysis: its tokens, the grammar entries of each token, and
// the helpers every recognizer shares (class lookup, phrase matching, skipping punctuation).

struct LineReading {
    let grammar: Grammar
    let ids: ClassIDs
    let context: ParseContext
    let scalars: [Unicode.Scalar]
    let tokens: [Token]
    /// Per token, indices into grammar.entries (empty for digits and unknown words).
    let entries: [[Int]]
    /// The line's language, from its letters; the context's when it has none.
    let language: Language

    init(_ input: String, grammar: Grammar, ids: ClassIDs, context: ParseContext) {
        self.grammar = grammar
        self.ids = ids
        self.context = context
        scalars = Array(input.unicodeScalars)
        tokens = Tokenizer.tokenize(scalars)
        var entries: [[Int]] = []
        entries.reserveCapacity(tokens.count)
        var cyrillic = 0, latin = 0
        for t in tokens {
            if t.kind == .number {
                entries.append([])
                continue
            }
            entries.append(grammar.lexicon[t.text] ?? [])
            if t.kind == .word, let first = t.text.unicodeScalars.first {
                if first.value >= 0x400 && first.value <= 0x4FF { cyrillic += 1 } else { latin += 1 }
            }
        }
        self.entries = entries
        language = cyrillic > latin ? .ru : latin > cyrillic ? .en : context.language
    }

    var count: Int { tokens.count }

    func text(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[tokens[start].start..<tokens[end - 1].end])
        return String(view)
    }

    /// The first non-punctuation token at or after `i` (`;` is never skipped: it ends a part).
    func skipPunct(_ i: Int) -> Int {
        var j = i
        while j < tokens.count, tokens[j].kind == .punct, tokens[j].text != ";" { j += 1 }
        return j
    }

    func has(_ i: Int, _ cls: Int) -> Bool {
        guard cls >= 0, i < tokens.count else { return false }
        for e in entries[i] where grammar.entries[e].classID == cls && grammar.entries[e].rest.isEmpty { return true }
        return false
    }

    /// The last-defined single-word entry of `cls` at token `i`.
    func entry(_ i: Int, _ cls: Int) -> WordEntry? {
        guard cls >= 0, i < tokens.count else { return nil }
        var found: Int?
        for e in entries[i] where grammar.entries[e].classID == cls && grammar.entries[e].rest.isEmpty { found = e }
        return found.map { grammar.entries[$0] }
    }

    func wordMatches(_ token: Token, _ word: PhraseWord) -> Bool {
        if token.text == word.text { return true }
        guard let set = word.endings, token.text.hasPrefix(word.text) else { return false }
        return grammar.endingSets[set].contains(String(token.text.dropFirst(word.text.count)))
    }

    /// The longest phrase of class `cls` starting at token `i`: (entry index, end token).
    /// Equal lengths go to the later definition, so user overrides win.
    func matchClass(_ i: Int, _ cls: Int) -> (entry: Int, end: Int)? {
        guard cls >= 0, i < tokens.count else { return nil }
        var best: (entry: Int, end: Int)?
        for e in entries[i] where grammar.entries[e].classID == cls {
            var j = i + 1
            var ok = true
            for word in grammar.entries[e].rest {
                let k = skipPunct(j)
                guard k < tokens.count, wordMatches(tokens[k], word) else { ok = false; break }
                j = k + 1
            }
            if ok, best == nil || j >= best!.end { best = (e, j) }
        }
        return best
    }

    func isNumberWord(_ i: Int) -> Bool {
        has(i, ids.ones) || has(i, ids.tens) || has(i, ids.hundreds) || has(i, ids.hundred)
            || has(i, ids.scaleSolo) || has(i, ids.fraction)
    }
}
