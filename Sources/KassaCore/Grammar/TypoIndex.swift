// TypoIndex: the grammar's one-word category keywords (brands included), phonetically folded
// (SoundAlike) and bucketed by first letter and length, so a word the grammar does not know can
// be matched against the few keywords it could be a typo of ("resturant", "grocerys", "magnun",
// «супермаркит»). Built the first time a line needs it, never at start-up.
//
// Flat: every keyword's letters in one array and the buckets as ranges in a dense table by
// (first letter, length), so a lookup hashes nothing and allocates nothing. A line with no
// keyword tries each unknown word here: it is on the parse path of every such line.

struct TypoIndex: Sendable {
    /// Every keyword's folded letters, one after another, in bucket order.
    private var letters: [UInt32] = []
    /// Per keyword (in bucket order): where its letters start, its first letter, its letter
    /// signature (SoundAlike.Folded) and its entry.
    private var starts: [Int32] = [0]
    private var firsts: [UInt32] = []
    private var signatures: [UInt64] = []
    private var entries: [Int32] = []
    /// Bucket b's keywords are bucketStart[b]..<bucketStart[b + 1].
    private var bucketStart: [Int32]

    /// First letters get their own bucket row: Latin a–z, Cyrillic а–џ; any other first letter
    /// shares the last row (its first letter is compared there).
    private static let rows = 26 + 48 + 1
    private static let lengths = SoundAlike.maximumLetters + 1

    static func row(_ first: UInt32) -> Int {
        switch first {
        case 0x61...0x7A: Int(first - 0x61)
        case 0x430...0x45F: 26 + Int(first - 0x430)
        default: rows - 1
        }
    }

    static func bucket(_ first: UInt32, _ length: Int) -> Int { row(first) * lengths + length }

    /// From a grammar's tables (its lexicon: the entries each word id begins), before the
    /// grammar itself exists; the grammar owns the tables and this index.
    init(hot: Grammar.Hot, words: WordTable, entries wordEntries: [WordEntry], categoryClass: Int?) {
        // Two passes, a counting sort by bucket: keywords keep the lexicon's order inside one.
        var found: [(bucket: Int, start: Int, signature: UInt64, entry: Int)] = []
        var read: [UInt32] = []
        if let category = categoryClass {
            for w in 0..<words.count {
                for k in Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1]) {
                    let e = Int(hot.lexEntries[k])
                    guard wordEntries[e].classID == category, wordEntries[e].rest.isEmpty,
                          let folded = SoundAlike.folded(words.bytes(Int32(w))) else { continue }
                    found.append((TypoIndex.bucket(folded.letters[0], folded.count), read.count, folded.signature, e))
                    for i in 0..<folded.count { read.append(folded.letters[i]) }
                }
            }
        }
        var bucketStart = [Int32](repeating: 0, count: TypoIndex.rows * TypoIndex.lengths + 1)
        for keyword in found { bucketStart[keyword.bucket + 1] += 1 }
        for b in 0..<TypoIndex.rows * TypoIndex.lengths { bucketStart[b + 1] += bucketStart[b] }
        var next = bucketStart
        var order = [Int](repeating: 0, count: found.count)
        for (n, keyword) in found.enumerated() {
            order[Int(next[keyword.bucket])] = n
            next[keyword.bucket] += 1
        }
        self.bucketStart = bucketStart
        letters.reserveCapacity(read.count)
        for n in order {
            let keyword = found[n]
            let length = keyword.bucket % TypoIndex.lengths
            letters.append(contentsOf: read[keyword.start..<keyword.start + length])
            starts.append(Int32(letters.count))
            firsts.append(read[keyword.start])
            signatures.append(keyword.signature)
            entries.append(Int32(keyword.entry))
        }
    }

    /// The entry of the one category `word` (folded) is a typo of, within SoundAlike's edits and
    /// sharing its first letter; nil when none is, or when keywords of two categories are.
    func entry(for word: SoundAlike.Folded, slug: (Int) -> String) -> Int? {
        let limit = SoundAlike.allowedEdits(word.count)
        let first = word.letters[0]
        var found: Int?
        return letters.withUnsafeBufferPointer { letters -> Int? in
            var heard = word
            return withUnsafeBytes(of: &heard.letters) { raw -> Int? in
                let mine = UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt32.self), count: word.count)
                for length in max(1, word.count - limit)...min(SoundAlike.maximumLetters, word.count + limit) {
                    let b = TypoIndex.bucket(first, length)
                    for k in Int(bucketStart[b])..<Int(bucketStart[b + 1]) where firsts[k] == first {
                        // Letters the keyword lacks each cost an edit: most keywords stop here.
                        guard (word.signature & ~signatures[k]).nonzeroBitCount <= limit else { continue }
                        let theirs = UnsafeBufferPointer(rebasing: letters[Int(starts[k])..<Int(starts[k + 1])])
                        guard SoundAlike.within(mine, theirs, limit) else { continue }
                        let e = Int(entries[k])
                        if let f = found, slug(f) != slug(e) { return nil }
                        if found == nil { found = e }
                    }
                }
                return found
            }
        }
    }
}
