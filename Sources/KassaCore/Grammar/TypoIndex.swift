// TypoIndex: the grammar's one-word category keywords (brands included), phonetically folded
// (SoundAlike) and bucketed by first letter and length, so a word the grammar does not know can
// be matched against the few keywords it could be a typo of ("resturant", "grocerys", "magnun",
// «супермаркит»). Built the first time a line needs it, never at start-up.

struct TypoIndex: Sendable {
    struct Keyword: Sendable {
        let folded: [UInt32]
        let entry: Int
    }

    /// (first folded letter, length) → keywords.
    private var buckets: [Int: [Keyword]] = [:]

    /// From a grammar's tables (its lexicon: the entries each word id begins), before the
    /// grammar itself exists; the grammar owns the tables and this index.
    init(hot: Grammar.Hot, words: WordTable, entries: [WordEntry], categoryClass: Int?) {
        guard let category = categoryClass else { return }
        for w in 0..<words.count {
            for k in Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1]) {
                let e = Int(hot.lexEntries[k])
                guard entries[e].classID == category, entries[e].rest.isEmpty,
                      let folded = SoundAlike.fold(words.bytes(Int32(w))) else { continue }
                buckets[TypoIndex.key(folded[0], folded.count), default: []].append(Keyword(folded: folded, entry: e))
            }
        }
    }

    static func key(_ first: UInt32, _ length: Int) -> Int { Int(first) &* 64 &+ length }

    /// The entry of the one category `word` (folded) is a typo of, within SoundAlike's edits and
    /// sharing its first letter; nil when none is, or when keywords of two categories are.
    func entry(for word: [UInt32], slug: (Int) -> String) -> Int? {
        let limit = SoundAlike.allowedEdits(word.count)
        var found: Int?
        for length in max(1, word.count - limit)...(word.count + limit) {
            for keyword in buckets[TypoIndex.key(word[0], length)] ?? [] where SoundAlike.within(word, keyword.folded, limit) {
                if let f = found, slug(f) != slug(keyword.entry) { return nil }
                if found == nil { found = keyword.entry }
            }
        }
        return found
    }
}
