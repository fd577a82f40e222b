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

    /// Currency and other signs that stand as tokens of their own.
    static func isSymbol(_ v: UInt32) -> Bool {
        switch v {
        case 0x24, 0x20AC, 0xA3, 0x20BD, 0x20B8, 0x20B4, 0xA2, 0xA5, 0x20B9, 0x20BA, 0x20A9, 0x20AA, 0x20AE, 0x20BC, 0x20BE,
             0x25, 0x23, 0x2B, 0x26: return true
        default: return false
        }
    }

    /// Lower case for Latin and Cyrillic, ё folded to е; other scripts through Unicode's mapping.
    @inline(__always) static func lower(_ v: UInt32) -> UInt32 {
        if v >= 0x41 && v <= 0x5A { return v + 32 }
        if v < 0x80 { return v }
        if v >= 0x410 && v <= 0x42F { return v + 0x20 }
        if v == 0x401 || v == 0x451 { return 0x435 }
        if v >= 0x430 && v <= 0x44F { return v }
        return lowerOther(v)
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

    @inline(__always) static func width(_ v: UInt32) -> Int { v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4 }

    /// Decodes valid UTF-8 (Swift strings always are) into `out`, which has room for one scalar
    /// per byte; returns the number of scalars. A scalar's byte offset is recovered later from
    /// the widths of the scalars before it, so no offset table is built.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt32>) -> Int {
        var i = 0, k = 0
        let n = bytes.count
        while i < n {
            let b = UInt32(bytes[i])
            if b < 0x80 {
                out[k] = b; i += 1
            } else if b < 0xE0, i + 1 < n {
                out[k] = ((b & 0x1F) << 6) | (UInt32(bytes[i + 1]) & 0x3F); i += 2
            } else if b < 0xF0, i + 2 < n {
                out[k] = ((b & 0x0F) << 12) | ((UInt32(bytes[i + 1]) & 0x3F) << 6) | (UInt32(bytes[i + 2]) & 0x3F); i += 3
            } else if i + 3 < n {
                out[k] = ((b & 0x07) << 18) | ((UInt32(bytes[i + 1]) & 0x3F) << 12)
                    | ((UInt32(bytes[i + 2]) & 0x3F) << 6) | (UInt32(bytes[i + 3]) & 0x3F); i += 4
            } else {
                out[k] = 0xFFFD; i += 1
            }
            k += 1
        }
        return k
    }

    /// Tokens of `text`, their normalized bytes appended to `norm`, each looked up in `table`.
    /// For grammar items and names; lines being parsed go through LineScratch instead.
    static func tokenize(_ text: String, table: WordTable?, norm: inout [UInt8]) -> [Token] {
        var copy = text
        return copy.withUTF8 { bytes in
            let scalars = UnsafeMutablePointer<UInt32>.allocate(capacity: bytes.count + 1)
            defer { scalars.deallocate() }
            let n = decode(bytes, into: scalars)
            let tokens = UnsafeMutablePointer<Token>.allocate(capacity: n + 1)
            defer { tokens.deallocate() }  // Token is a plain value: nothing to deinitialize
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: n * 4 + 4)
            defer { out.deallocate() }
            let (count, written) = tokenize(UnsafeBufferPointer(start: scalars, count: n), table: table, tokens: tokens,
                                            norm: out, normBase: norm.count)
            norm.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
            return Array(UnsafeBufferPointer(start: tokens, count: count))
        }
    }

    /// Writes the UTF-8 of `v` at p[w...]; the buffer has room for four bytes per scalar.
    @inline(__always) static func put(_ v: UInt32, _ p: UnsafeMutablePointer<UInt8>, _ w: inout Int) {
        if v < 0x80 {
            p[w] = UInt8(v); w += 1
        } else if v < 0x800 {
            p[w] = UInt8(0xC0 | (v >> 6)); p[w + 1] = UInt8(0x80 | (v & 0x3F)); w += 2
        } else if v < 0x10000 {
            p[w] = UInt8(0xE0 | (v >> 12)); p[w + 1] = UInt8(0x80 | ((v >> 6) & 0x3F)); p[w + 2] = UInt8(0x80 | (v & 0x3F))
            w += 3
        } else {
            p[w] = UInt8(0xF0 | (v >> 18)); p[w + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            p[w + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); p[w + 3] = UInt8(0x80 | (v & 0x3F)); w += 4
        }
    }

    /// The core: tokens of `scalars` into `tokens` (room for one per scalar), their normalized
    /// bytes into `out` (room for four per scalar, plus four: lower-casing may change a scalar's
    /// width, never beyond four bytes). Token offsets into the normalized bytes start at
    /// `normBase`. Returns how many tokens and bytes were written.
    static func tokenize(_ scalars: UnsafeBufferPointer<UInt32>, table: WordTable?, tokens: UnsafeMutablePointer<Token>,
                         norm out: UnsafeMutablePointer<UInt8>, normBase base: Int) -> (tokens: Int, bytes: Int) {
        var count = 0
        var w = 0
        var i = 0
        let n = scalars.count
        var spaceBefore = true
        var byte = 0  // the byte offset of scalar i
        while i < n {
            let v = scalars[i]
            if isSpace(v) { spaceBefore = true; byte += width(v); i += 1; continue }
            let start = i
            let byteStart = byte
            let normStart = w
            var kind: Token.Kind
            if isLetter(v) {
                kind = .word
                while i < n {
                    let c = scalars[i]
                    if isLetter(c) {
                        put(lower(c), out, &w); i += 1
                    } else if (c == 0x27 || c == 0x2019), i + 1 < n, isLetter(scalars[i + 1]) {
                        i += 1  // apostrophes inside a word are dropped: mcdonald's → mcdonalds
                    } else { break }
                }
            } else if isDigit(v) || (v == 0x2E && spaceBefore && i + 1 < n && isDigit(scalars[i + 1])) {
                kind = .number
                var dots = 0
                while i < n {
                    let c = scalars[i]
                    if isDigit(c) {
                        out[w] = UInt8(c); w += 1; i += 1
                    } else if c == 0x2E || c == 0x2C || c == 0x3A || c == 0x2F || c == 0x2D, i + 1 < n, isDigit(scalars[i + 1]) {
                        if c == 0x2E { dots += 1 }
                        out[w] = UInt8(c); w += 1; i += 1
                    } else { break }
                }
                // "10.12." — a trailing dot after a d.m pair marks a date: keep it.
                if dots == 1, i < n, scalars[i] == 0x2E, i + 1 == n || !isDigit(scalars[i + 1]) {
                    out[w] = 0x2E; w += 1; i += 1
                }
            } else {
                kind = isSymbol(v) ? .symbol : .punct
                put(lower(v), out, &w); i += 1
            }
            for k in start..<i { byte += width(scalars[k]) }
            var token = Token(kind: kind, normStart: base + normStart, normEnd: base + w, start: start, end: i,
                              byteStart: byteStart, byteEnd: byte, glued: !spaceBefore,
                              scalar: i - start == 1 ? lower(scalars[start]) : 0, firstScalar: lower(scalars[start]))
            if let table = table, kind != .number {
                token.word = table.find(UnsafeBufferPointer(start: out + normStart, count: w - normStart))
            }
            (tokens + count).initialize(to: token)
            count += 1
            spaceBefore = false
        }
        return (count, w)
    }

    /// The normalized form of a short text (category names, learning keys): lower case, ё → е.
    static func normalize<S: StringProtocol>(_ text: S) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(Unicode.Scalar(lower(s.value)) ?? s) }
        return String(out)
    }
}
