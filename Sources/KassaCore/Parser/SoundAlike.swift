// SoundAlike: a bounded, deterministic match of a word against a name the way speech engines
// mishear it and people mistype it: account names ("Caspi", "Halic", "Jusson" for Kaspi, Halyk,
// Jusan; AccountMention) and category keywords ("resturant", «супермаркит»; TypoIndex). Both
// sides are folded by a few phonetic rules (c, q → k; y → i; w → v; ph → f; Russian ы → и, and
// for names the reduced vowels о → а, е/ё → и; a doubled letter once), then compared by edit distance (Damerau: a swap of neighbours is one edit): none for a
// word of fewer than five letters, one edit up to seven folded letters, two from eight. At most
// 32 folded letters are compared, so a long word costs no more than a short one.

enum SoundAlike {
    static let minimumLetters = 5
    static let maximumLetters = 32

    /// The edits a folded word of `letters` letters may be off by (fold has already refused a
    /// word of fewer than five letters as said; folding may shorten it: "coffee" is "kofe").
    static func allowedEdits(_ letters: Int) -> Int { letters < 8 ? 1 : 2 }

    /// The word's letters, phonetically folded; nil for a word too short, too long or not made
    /// of letters alone (digits and signs are no mishearing of a name). Reads the normalized
    /// (lower-cased) UTF-8 bytes directly: Latin and Cyrillic letters, no Unicode tables.
    static func fold<C: Collection>(_ bytes: C, names: Bool = false) -> [UInt32]? where C.Element == UInt8 {
        guard bytes.count <= 4 * maximumLetters else { return nil }
        var scalars: [UInt32] = []
        scalars.reserveCapacity(bytes.count)
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
            switch v {
            case 0x63, 0x71: v = 0x6B  // c, q → k
            case 0x79: v = 0x69  // y → i
            case 0x77: v = 0x76  // w → v
            case 0x68 where scalars.last == 0x70: scalars.removeLast(); v = 0x66  // ph → f
            case 0x44B: v = 0x438  // ы → и
            // Names only: unstressed Russian vowels sound alike, and engines write them as
            // heard: о → а, е/ё → и («холико», «халека» for «халыка»). Not for keywords, where
            // it would make too many ordinary words typos of one another.
            case 0x43E where names: v = 0x430  // о → а
            case 0x435 where names, 0x451 where names: v = 0x438  // е, ё → и
            case 0x451: v = 0x435  // ё → е
            default: break
            }
            if scalars.last == v { continue }
            scalars.append(v)
        }
        return letters >= minimumLetters && scalars.count >= 3 && scalars.count <= maximumLetters ? scalars : nil
    }

    /// Whether `a` and `b` (folded) are within `limit` edits; early exit past the limit. Three
    /// rows of at most 33 cells on the stack: no allocation per comparison.
    static func within(_ a: [UInt32], _ b: [UInt32], _ limit: Int) -> Bool {
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
