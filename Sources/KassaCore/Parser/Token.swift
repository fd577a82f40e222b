// Token: one word, number, symbol or punctuation mark of a line, normalized for lookup
// (lower case, ё → е) and located by Unicode-scalar offsets for carets and explanations.

struct Token: Sendable {
    enum Kind: Sendable { case word, number, symbol, punct }

    var kind: Kind
    /// Normalized text used for matching: "кофе", "1,500.50", "$", ",".
    var text: String
    /// Scalar offsets into the input.
    var start: Int
    var end: Int
    /// No space between this token and the previous one ("10k", "US$", "14april").
    var glued: Bool

    var isContent: Bool { kind == .word || kind == .number || kind == .symbol }
    var isWord: Bool { kind == .word }
}
