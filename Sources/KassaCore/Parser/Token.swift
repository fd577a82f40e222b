// Token: one word, number, symbol or punctuation mark of a line. Its normalized bytes (lower
// case, ё → е) live in the line's buffer; `word` is their id in the grammar's WordTable (-1 when
// the grammar does not know them). Offsets in Unicode scalars serve carets and explanations.

struct Token: Sendable {
    enum Kind: Sendable { case word, number, symbol, punct }

    var kind: Kind
    var word: Int32 = -1
    /// Normalized bytes in the line's buffer.
    var normStart: Int
    var normEnd: Int
    /// Scalar offsets into the input.
    var start: Int
    var end: Int
    /// UTF-8 offsets into the input, for the original text of notes.
    var byteStart: Int
    var byteEnd: Int
    /// No space between this token and the previous one ("10k", "US$", "14april").
    var glued: Bool
    /// The scalar of a one-scalar token (punctuation, symbols, single letters), else 0.
    var scalar: UInt32
    var firstScalar: UInt32
    /// Bit k set when the token is a single-word entry of grammar class k (k < 64).
    var bits: UInt64 = 0
    /// Bit k set when a phrase of class k begins with this token's word.
    var phraseBits: UInt64 = 0
    /// Number tokens: all digits, and the value as a plain number (nil for dates and times).
    var digitsOnly = false
    var plainValue: ExactNumber?

    var isContent: Bool { kind != .punct }
    var isWord: Bool { kind == .word }
    func isPunct(_ c: Unicode.Scalar) -> Bool { kind == .punct && scalar == c.value }
}
