// LineStage: what every stage after the tokens has in common: it reads one LineView. The
// forwarding below lets a stage say `tokens[i]` or `has(i, ids.currency)` for `line.tokens[i]`;
// all of it is inlined, so a stage reads the view as directly as the view itself would.

protocol LineStage {
    var line: LineView { get }
}

extension LineStage {
    @inline(__always) var grammar: Grammar { line.grammar }
    @inline(__always) var hot: Grammar.Hot { line.hot }
    @inline(__always) var ids: ClassIDs { line.ids }
    @inline(__always) var context: ParseContext { line.context }
    @inline(__always) var input: String { line.input }
    @inline(__always) var tokens: UnsafeBufferPointer<Token> { line.tokens }
    @inline(__always) var norm: UnsafeBufferPointer<UInt8> { line.norm }
    @inline(__always) var language: Language { line.language }
    @inline(__always) var conventions: NumericConventions { line.conventions }
    @inline(__always) var lineBits: UInt64 { line.lineBits }
    @inline(__always) var lineLiterals: UInt64 { line.lineLiterals }

    @inline(__always) func text(_ start: Int, _ end: Int) -> String { line.text(start, end) }
    @inline(__always) func why(_ field: StaticString, _ start: Int, _ end: Int, _ rule: Why.Rule) -> Why { line.why(field, start, end, rule) }
    @inline(__always) func numberText(_ i: Int) -> String { line.numberText(i) }
    @inline(__always) func length(_ i: Int) -> Int { line.length(i) }
    @inline(__always) func digitsValue(_ i: Int) -> Int64? { line.digitsValue(i) }
    @inline(__always) func wordText(_ i: Int) -> String { line.wordText(i) }
    @inline(__always) func normBytes(_ i: Int) -> UnsafeBufferPointer<UInt8> { line.normBytes(i) }
    @inline(__always) func isPunct(_ i: Int, _ c: Unicode.Scalar) -> Bool { line.isPunct(i, c) }
    @inline(__always) func skipPunct(_ i: Int) -> Int { line.skipPunct(i) }
    @inline(__always) func lexRange(_ i: Int) -> Range<Int> { line.lexRange(i) }
    @inline(__always) func hasEntries(_ i: Int) -> Bool { line.hasEntries(i) }
    @inline(__always) func has(_ i: Int, _ cls: Int) -> Bool { line.has(i, cls) }
    @inline(__always) func entry(_ i: Int, _ cls: Int) -> Int? { line.entry(i, cls) }
    @inline(__always) func intValue(_ e: Int) -> Int? { line.intValue(e) }
    @inline(__always) func matchClass(_ i: Int, _ cls: Int) -> (entry: Int, end: Int)? { line.matchClass(i, cls) }
    @inline(__always) func matchClass(_ i: Int, _ cls: Int, around gap: Range<Int>) -> (entry: Int, end: Int)? {
        line.matchClass(i, cls, around: gap)
    }
}
