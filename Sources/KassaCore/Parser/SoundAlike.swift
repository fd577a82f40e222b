// SoundAlike: a bounded, deterministic match of a word against a name the way speech engines
// mishear it and people mistype it: account names ("Caspi", "Halic", "Jusson" for Kaspi, Halyk,
// Jusan; AccountMention) and category keywords ("resturant", «супермаркит»; TypoIndex). Both
// sides are folded by a few phonetic rules (c, q → k; y → i; w → v; ph → f; Russian ы → и, and
// for names the reduced vowels о → а, е/ё → и and voiced consonants to their voiceless pairs,
// б → п, з → с, g → k …; a doubled letter once), then compared by edit distance (Damerau: a swap of neighbours is one edit): none for a
// word of fewer than five letters, one edit up to seven folded letters, two from eight. At most
// 32 folded letters are compared, so a long word costs no more than a short one.

enum SoundAlike {
    static let minimumLetters = 5
    static let maximumLetters = 32

    /// The edits a folded word of `letters` letters may be off by (fold has already refused a
    /// word of fewer than five letters as said; folding may shorten it: "coffee" is "kofe").
    static func allowedEdits(_ letters: Int) -> Int { letters < 8 ? 1 : 2 }

    /// A folded word held inline: no allocation for a word tried and refused (the category
    /// typo fallback folds every unknown word of a line that has no keyword).
    struct Folded {
        var letters = InlineArray<32, UInt32>(repeating: 0)
        var count = 0
        /// One bit per letter value (mod 64). The letters of one word whose bits the other lacks
        /// each need an edit, so their count bounds the distance from below (TypoIndex's filter).
        var signature: UInt64 = 0

        var array: [UInt32] { (0..<count).map { letters[$0] } }
    }

    /// The word's letters, phonetically folded; nil for a word too short, too long or not made
    /// of letters alone (digits and signs are no mishearing of a name). Reads the normalized
    /// (lower-cased) UTF-8 bytes directly: Latin and Cyrillic letters, no Unicode tables.
    static func fold<C: Collection>(_ bytes: C, names: Bool = false) -> [UInt32]? where C.Element == UInt8 {
        folded(bytes, names: names)?.array
    }

    /// `fold`, into inline storage.
    static func folded<C: Collection>(_ bytes: C, names: Bool = false) -> Folded? where C.Element == UInt8 {
        guard bytes.count <= 4 * maximumLetters else { return nil }
        var word = Folded()
        var letters = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let lead = bytes[index]
            var v: UInt32
            if lead < 0x80 {
                guard lead >= 0x61 && lead <= 0x7A else { return nil }  // a-z only
                v = UInt32(lead)
                index = bytes.index(after: index)
            } else if lead & 0xE0 == 0xC0 {
                let next = bytes.index(after: index)
                guard next != bytes.endIndex else { return nil }
                v = UInt32(lead & 0x1F) << 6 | UInt32(bytes[next] & 0x3F)
                // Latin letters with marks (À–ɏ) and Cyrillic (Ѐ–ӿ); not ×, ÷ or signs.
                guard (0xC0...0x24F).contains(v) && v != 0xD7 && v != 0xF7 || (0x400...0x4FF).contains(v) else { return nil }
                index = bytes.index(after: next)
            } else {
                return nil
            }
            letters += 1
            let last: UInt32? = word.count > 0 ? word.letters[word.count - 1] : nil
            switch v {
            case 0x63, 0x71: v = 0x6B  // c, q → k
            case 0x79: v = 0x69  // y → i
            case 0x77: v = names ? 0x66 : 0x76  // w → v (in names on to f, as v goes)
            case 0x68 where last == 0x70: word.count -= 1; v = 0x66  // ph → f
            case 0x44B: v = 0x438  // ы → и
            // Names only: unstressed Russian vowels sound alike, and engines write them as
            // heard: о → а, е/ё → и («холико», «халека» for «халыка»). Not for keywords, where
            // it would make too many ordinary words typos of one another.
            case 0x43E where names: v = 0x430  // о → а
            case 0x435 where names, 0x451 where names: v = 0x438  // е, ё → и
            case 0x451: v = 0x435  // ё → е
            // Names only: a voiced consonant and its voiceless pair are heard for one another
            // (Russian devoices and assimilates them; engines write what they hear): «казби»,
            // «халыга» for «каспи», «халыка»; b, d, g, z, v likewise in Latin names.
            case 0x431 where names: v = 0x43F  // б → п
            case 0x434 where names: v = 0x442  // д → т
            case 0x433 where names: v = 0x43A  // г → к
            case 0x437 where names: v = 0x441  // з → с
            case 0x432 where names: v = 0x444  // в → ф
            case 0x436 where names: v = 0x448  // ж → ш
            case 0x62 where names: v = 0x70  // b → p
            case 0x64 where names: v = 0x74  // d → t
            case 0x67 where names: v = 0x6B  // g → k
            case 0x7A where names: v = 0x73  // z → s
            case 0x76 where names: v = 0x66  // v → f
            default: break
            }
            if word.count > 0, word.letters[word.count - 1] == v { continue }
            // Past the bound a word stays past it (only "ph" takes a letter back, and gives one).
            guard word.count < maximumLetters else { return nil }
            word.letters[word.count] = v
            word.count += 1
        }
        guard letters >= minimumLetters && word.count >= 3 else { return nil }
        for i in 0..<word.count { word.signature |= 1 &<< UInt64(word.letters[i] & 63) }
        return word
    }

    /// Whether `a` and `b` (folded) are within `limit` edits; early exit past the limit.
    static func within(_ a: [UInt32], _ b: [UInt32], _ limit: Int) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in within(a, b, limit) } }
    }

    /// `within` over letters in place. Three rows of at most 33 cells on the stack: no
    /// allocation per comparison.
    static func within(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ limit: Int) -> Bool {
        guard limit >= 0, abs(a.count - b.count) <= limit, !a.isEmpty, !b.isEmpty,
              a.count <= maximumLetters, b.count <= maximumLetters else { return false }
        let n = b.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (maximumLetters + 1)) { rows in
            var previous2 = rows.baseAddress!, previous = previous2 + (n + 1), current = previous + (n + 1)
            for j in 0...n { previous[j] = j; previous2[j] = 0 }
            for i in 1...a.count {
                current[0] = i
                var rowMin = i
                for j in 1...n {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                    current[j] = d
                    rowMin = min(rowMin, d)
                }
                if rowMin > limit { return false }
                (previous2, previous, current) = (previous, current, previous2)
            }
            return previous[n] <= limit
        }
    }
}
