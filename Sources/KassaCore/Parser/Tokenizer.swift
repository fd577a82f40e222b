// Tokenizer: splits text into tokens in one linear pass over its UTF-8 bytes, writing each
// token's normalized form (lower case, ё → е) into a byte buffer. Letters and digits are split
// from each other ("14april" → 14, april; "10k$" → 10, k, $) so glued forms need no special
// patterns; digits joined by . , : / - stay one number token ("1,500.50", "2014-04-18", "14:30",
// "10.12.") and the recognizers decide what they are. Grammar items go through the same code, so
// a rule word and an input word normalize identically.

enum Tokenizer {
    @inline(__always) static func isLetter(_ v: UInt32) -> Bool {
        (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x400 && v <= 0x4FF)
            || (v >= 0xC0 && v <= 0x24F && v != 0xD7 && v != 0xF7)
    }

    @inline(__always) static func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

    @inline(__always) static func isSpace(_ v: UInt32) -> Bool {
        if v > 0x20 && v < 0x80 { return false }
        return v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D || v == 0xA0 || v == 0x202F || v == 0x2009
            || v == 0x2007 || v == 0x3000 || v == 0x0B || v == 0x0C || v == 0xFEFF || v == 0x2028
    }

    /// Currency and other signs that stand as tokens of their own: $ ¢ £ ¥ ฿, the whole Currency
    /// Symbols block (₠–₿ and after: ₸ ₽ € ₱ ₦ …, whichever the grammar names), % # + &.
    static func isSymbol(_ v: UInt32) -> Bool {
        switch v {
        case 0x24, 0xA2, 0xA3, 0xA5, 0x0E3F, 0x25, 0x23, 0x2B, 0x26: return true
        default: return v >= 0x20A0 && v <= 0x20CF
        }
    }

    /// Lower case for Latin and Cyrillic, ё folded to е; other scripts through Unicode's mapping.
    @inline(__always) static func lower(_ v: UInt32) -> UInt32 {
        if v >= 0x41 && v <= 0x5A { return v + 32 }
        if v < 0x80 { return v }
        if v >= 0x410 && v <= 0x42F { return v + 0x20 }
        if v == 0x401 || v == 0x451 { return 0x435 }
        if v >= 0x430 && v <= 0x44F { return v }
        if isCaseless(v) { return v }
        return lowerOther(v)
    }

    /// Signs that have no case and are common in input: Latin-1 punctuation (« », °, µ maps to
    /// itself), general punctuation (— … “ ”), currency signs (₸ ₽ €) and arrows (→). Their
    /// lower case is themselves; Unicode's lookup (a String per call) is skipped for them.
    @inline(__always) static func isCaseless(_ v: UInt32) -> Bool {
        (v >= 0xA0 && v <= 0xBF) || (v >= 0x2000 && v <= 0x206F) || (v >= 0x20A0 && v <= 0x20CF) || (v >= 0x2190 && v <= 0x21FF)
    }

    /// Other scripts: Unicode's own mapping (rare in this input, so not inlined).
    static func lowerOther(_ v: UInt32) -> UInt32 {
        guard let s = Unicode.Scalar(v) else { return v }
        let mapped = s.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first!.value : v
    }

    static func append(_ v: UInt32, to out: inout [UInt8]) {
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | (v >> 6))); out.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | (v >> 12))); out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (v >> 18))); out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// The scalar whose UTF-8 begins at byte `i` of valid UTF-8 (Swift strings always are), and
    /// its width in bytes.
    @inline(__always) static func scalar(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (value: UInt32, width: Int) {
        let c = UInt32(b[i])
        if c < 0x80 { return (c, 1) }
        let n = b.count
        if c < 0xE0, i + 1 < n { return (((c & 0x1F) << 6) | (UInt32(b[i + 1]) & 0x3F), 2) }
        if c < 0xF0, i + 2 < n {
            return (((c & 0x0F) << 12) | ((UInt32(b[i + 1]) & 0x3F) << 6) | (UInt32(b[i + 2]) & 0x3F), 3)
        }
        if i + 3 < n {
            return (((c & 0x07) << 18) | ((UInt32(b[i + 1]) & 0x3F) << 12) | ((UInt32(b[i + 2]) & 0x3F) << 6)
                    | (UInt32(b[i + 3]) & 0x3F), 4)
        }
        return (0xFFFD, 1)
    }

    /// The number of scalars in valid UTF-8: every byte that is not a continuation byte
    /// (10xxxxxx). Eight bytes at a time without branches: a byte-by-byte loop mispredicts on
    /// every switch between Latin and Cyrillic.
    static func scalarCount(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = b.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let n = b.count
        var continuations = 0, i = 0
        while i + 8 <= n {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            // Bit 7 of each byte set and bit 6 clear.
            continuations += (x & ~(x << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            i += 8
        }
        while i < n {
            if b[i] & 0xC0 == 0x80 { continuations += 1 }
            i += 1
        }
        return n - continuations
    }

    /// Tokens of `text`, their normalized bytes appended to `norm`, each looked up in `table`.
    /// For grammar items and names; lines being parsed go through LineScratch instead.
    static func tokenize(_ text: String, table: WordTable?, norm: inout [UInt8]) -> [Token] {
        var copy = text
        return copy.withUTF8 { bytes in
            let n = scalarCount(bytes)
            let tokens = UnsafeMutablePointer<Token>.allocate(capacity: n + 1)
            defer { tokens.deallocate() }  // Token is a plain value: nothing to deinitialize
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: n * 4 + 4)
            defer { out.deallocate() }
            let (count, written) = tokenize(bytes, table: table, tokens: tokens, norm: out, normBase: norm.count)
            norm.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
            return Array(UnsafeBufferPointer(start: tokens, count: count))
        }
    }

    /// Whether a dot before `from` ends a sentence: nothing but spaces follow it, or spaces and
    /// a capital letter.
    static func endsSentence(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        var b = from
        while b < bytes.count {
            let (v, vw) = scalar(bytes, b)
            if isSpace(v) { b += vw; continue }
            return b > from && isLetter(v) && lower(v) != v
        }
        return true
    }

    /// Whether ASCII `digits` are "D.M" or "DD.MM" with a day 1–31 and a month 1–12.
    static func isDayMonth(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = digits.firstIndex(of: 0x2E), dot >= 1, dot <= 2,
              digits.count - dot - 1 >= 1, digits.count - dot - 1 <= 2 else { return false }
        var day = 0, month = 0
        for k in 0..<dot { guard isDigit(UInt32(digits[k])) else { return false }; day = day * 10 + Int(digits[k] - 48) }
        for k in (dot + 1)..<digits.count {
            guard isDigit(UInt32(digits[k])) else { return false }
            month = month * 10 + Int(digits[k] - 48)
        }
        return (1...31).contains(day) && (1...12).contains(month)
    }

    /// FNV-1a, as WordTable hashes: the tokenizer hashes each byte as it writes it.
    static let hashSeed: UInt32 = 2_166_136_261
    @inline(__always) static func hash(_ h: UInt32, _ byte: UInt8) -> UInt32 { (h ^ UInt32(byte)) &* 16_777_619 }

    /// Writes the UTF-8 of `v` at p[w...] (room for four bytes), hashing what it writes.
    @inline(__always) static func put(_ v: UInt32, _ p: UnsafeMutablePointer<UInt8>, _ w: inout Int, _ h: inout UInt32) {
        if v < 0x80 {
            p[w] = UInt8(v); h = hash(h, p[w]); w += 1
            return
        }
        var count = 0
        if v < 0x800 {
            p[w] = UInt8(0xC0 | (v >> 6)); p[w + 1] = UInt8(0x80 | (v & 0x3F)); count = 2
        } else if v < 0x10000 {
            p[w] = UInt8(0xE0 | (v >> 12)); p[w + 1] = UInt8(0x80 | ((v >> 6) & 0x3F)); p[w + 2] = UInt8(0x80 | (v & 0x3F))
            count = 3
        } else {
            p[w] = UInt8(0xF0 | (v >> 18)); p[w + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            p[w + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); p[w + 3] = UInt8(0x80 | (v & 0x3F)); count = 4
        }
        for k in 0..<count { h = hash(h, p[w + k]) }
        w += count
    }

    /// The core: the tokens of UTF-8 `bytes` into `tokens` (room for one per scalar), their
    /// normalized bytes into `out` (room for four per scalar, plus four: lower-casing may change
    /// a scalar's width, never beyond four bytes). Token offsets into the normalized bytes start
    /// at `normBase`. One pass over the bytes, decoding as it goes; each word is hashed while it
    /// is written, so looking it up costs one probe. Returns how many tokens and bytes were written.
    static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, table: WordTable?, tokens: UnsafeMutablePointer<Token>,
                         norm out: UnsafeMutablePointer<UInt8>, normBase base: Int) -> (tokens: Int, bytes: Int) {
        let n = bytes.count
        var count = 0
        var w = 0
        var b = 0, si = 0  // byte and scalar offset of the current scalar
        var spaceBefore = true
        @inline(__always) func next(_ at: Int) -> UInt32 { at < n ? scalar(bytes, at).value : 0 }
        while b < n {
            let (v, vw) = scalar(bytes, b)
            if isSpace(v) { spaceBefore = true; b += vw; si += 1; continue }
            let start = si, byteStart = b, normStart = w
            var h = hashSeed
            var kind: Token.Kind
            if isLetter(v) {
                kind = .word
                while b < n {
                    // Latin and basic Cyrillic letters lower-cased on their bytes, as decoding,
                    // `lower` and `put` would write them (most words are nothing else).
                    let byte = bytes[b]
                    if byte >= 0x61 && byte <= 0x7A || byte >= 0x41 && byte <= 0x5A {
                        let lowered = byte | 0x20
                        out[w] = lowered; h = hash(h, lowered); w += 1; b += 1; si += 1
                        continue
                    }
                    if byte == 0xD0 || byte == 0xD1, b + 1 < n, let (lead, tail) = cyrillicLower(byte, bytes[b + 1]) {
                        out[w] = lead; out[w + 1] = tail; h = hash(hash(h, lead), tail); w += 2; b += 2; si += 1
                        continue
                    }
                    let (c, cw) = scalar(bytes, b)
                    if isLetter(c) {
                        put(lower(c), out, &w, &h); b += cw; si += 1
                    } else if c == 0x27 || c == 0x2019, b + cw < n, isLetter(next(b + cw)) {
                        b += cw; si += 1  // apostrophes inside a word are dropped: mcdonald's → mcdonalds
                    } else { break }
                }
            } else if isDigit(v) || (v == 0x2E && spaceBefore && isDigit(next(b + 1))) {
                kind = .number
                var dots = 0
                while b < n {
                    let c = UInt32(bytes[b])  // digits and their separators are ASCII
                    if isDigit(c) {
                        out[w] = UInt8(c); w += 1; b += 1; si += 1
                    } else if c == 0x2E || c == 0x2C || c == 0x3A || c == 0x2F || c == 0x2D, isDigit(next(b + 1)) {
                        if c == 0x2E { dots += 1 }
                        out[w] = UInt8(c); w += 1; b += 1; si += 1
                    } else { break }
                }
                // "10.12." — a trailing dot after a d.m pair marks a date: keep it. Not when the
                // pair cannot be a day and month ("12.50." is 12.50 and a full stop), nor when the
                // dot ends a sentence (the line, or before a capital): dictation ends every
                // sentence with one ("Taxi 3000, no, 3.5. From Kaspi."), so there it says nothing,
                // and the pair stays as weak as one written without it.
                if dots == 1, b < n, bytes[b] == 0x2E, b + 1 < n, !isDigit(next(b + 1)),
                   !endsSentence(bytes, from: b + 1), isDayMonth(UnsafeBufferPointer(rebasing: bytes[byteStart..<b])) {
                    out[w] = 0x2E; w += 1; b += 1; si += 1
                }
            } else {
                kind = isSymbol(v) ? .symbol : .punct
                put(lower(v), out, &w, &h); b += vw; si += 1
            }
            var token = Token(kind: kind, normStart: base + normStart, normEnd: base + w, start: start, end: si,
                              byteStart: byteStart, byteEnd: b, glued: !spaceBefore,
                              scalar: si - start == 1 ? lower(v) : 0, firstScalar: lower(v))
            // A number glued to what is before it, or to letters after it, is looked up too: a
            // rule may name one inside a phrase ("tele2", "аи-92", "2day"). Hashed only then:
            // most numbers stand apart.
            let lookedUp = kind != .number || !spaceBefore || (b < n && isLetter(next(b)))
            if kind == .number, lookedUp {
                for k in normStart..<w { h = hash(h, out[k]) }
            }
            if let table = table, lookedUp {
                token.word = table.find(UnsafeBufferPointer(start: out + normStart, count: w - normStart), hash: h)
            }
            (tokens + count).initialize(to: token)
            count += 1
            spaceBefore = false
        }
        return (count, w)
    }

    /// The UTF-8 of `lower` of U+0401, U+0410–U+044F and U+0451 (А–я, Ё, ё: ё → е) from the
    /// letter's two bytes; nil for the rest of D0/D1 (they take the general path).
    @inline(__always) static func cyrillicLower(_ lead: UInt8, _ tail: UInt8) -> (UInt8, UInt8)? {
        if lead == 0xD0 {
            if tail >= 0xB0 && tail <= 0xBF { return (0xD0, tail) }         // а–п
            if tail >= 0x90 && tail <= 0x9F { return (0xD0, tail + 0x20) }  // А–П → а–п
            if tail >= 0xA0 && tail <= 0xAF { return (0xD1, tail - 0x20) }  // Р–Я → р–я
            if tail == 0x81 { return (0xD0, 0xB5) }                          // Ё → е
            return nil
        }
        if tail >= 0x80 && tail <= 0x8F { return (0xD1, tail) }             // р–я
        if tail == 0x91 { return (0xD0, 0xB5) }                              // ё → е
        return nil
    }

    /// The normalized form of a short text (category names, learning keys): lower case, ё → е.
    static func normalize<S: StringProtocol>(_ text: S) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(Unicode.Scalar(lower(s.value)) ?? s) }
        return String(out)
    }
}
