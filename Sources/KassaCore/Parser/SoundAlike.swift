// SoundAlike: a bounded, deterministic match of a word against a name the way speech engines
// mishear it and people mistype it: account names ("Caspi", "Halic", "Jusson" for Kaspi, Halyk,
// Jusan; AccountMention) and category keywords ("resturant", «супермаркит»; TypoIndex). Both
// sides are folded by a few phonetic rules (c, q → k; y → i; w → v; ph → f; a doubled letter
// once), then compared by edit distance (Damerau: a swap of neighbours is one edit): none for a
// word of fewer than five letters, one edit up to seven folded letters, two from eight. At most
// 32 folded letters are compared, so a long word costs no more than a short one.

enum SoundAlike {
    static let minimumLetters = 5
    static let maximumLetters = 32

    /// The edits a folded word of `letters` letters may be off by (fold has already refused a
    /// word of fewer than five letters as said; folding may shorten it: "coffee" is "kofe").
    static func allowedEdits(_ letters: Int) -> Int { letters < 8 ? 1 : 2 }

    /// The word's letters, phonetically folded; nil for a word too short, too long or not made
    /// of letters alone (digits and signs are no mishearing of a name).
    static func fold<C: Collection>(_ bytes: C) -> [UInt32]? where C.Element == UInt8 {
        var scalars: [UInt32] = []
        var letters = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            guard scalar.properties.isAlphabetic else { return nil }
            letters += 1
            var v = scalar.value
            switch scalar {
            case "c", "q": v = 107  // k
            case "y": v = 105  // i
            case "w": v = 118  // v
            case "h" where scalars.last == 112: scalars.removeLast(); v = 102  // ph → f
            case "ы": v = 0x0438  // и
            case "ё": v = 0x0435  // е
            default: break
            }
            if scalars.last == v { continue }
            scalars.append(v)
            if scalars.count > maximumLetters { return nil }
        }
        return letters >= minimumLetters && scalars.count >= 3 ? scalars : nil
    }

    /// Whether `a` and `b` (folded) are within `limit` edits; early exit past the limit.
    static func within(_ a: [UInt32], _ b: [UInt32], _ limit: Int) -> Bool {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return false }
        let n = b.count
        var previous2 = [Int](repeating: 0, count: n + 1)
        var previous = Array(0...n)
        var current = [Int](repeating: 0, count: n + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in stride(from: 1, through: n, by: 1) {
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
