// BuiltinData: the default Grammars/ and Locales/ compiled into the binary. The file list is
// generated at build time by the EmbedData plugin from the repository's files (which stay the
// source of truth); this module holds only that data, so editing a grammar recompiles one small
// module. String literals cost nothing at start-up: they are read in place, never copied.
// KassaCore is not a dependency here: the compiled grammar is only bytes to this module.

public struct BuiltinFile: Sendable {
    /// Relative to the repository root: "Grammars/en/money.rules", "Locales/ru/shell.messages".
    public let path: String
    public let contents: String
}

public enum BuiltinData {
    /// Every embedded file, sorted by path.
    public static var files: [BuiltinFile] { generatedFiles }

    /// The built-in grammar compiled at build time (a GrammarArchive of KassaCore): its text
    /// part, read in place, and its data part as little-endian 64-bit words (laid out in the binary
    /// by the compiler, so whoever holds the array reads it where it lies) of which the first
    /// `byteCount` bytes count; all empty when the rules had errors.
    public static func withCompiledGrammar<R>(_ body: (_ text: UnsafeBufferPointer<UInt8>, _ data: [UInt64], _ byteCount: Int) -> R) -> R {
        generatedGrammarText.withUTF8Buffer { text in body(text, generatedGrammarData, generatedGrammarDataCount) }
    }
}

extension BuiltinData {
    /// A table read outside the entry grammar, compiled at build time (a RuleTableArchive of
    /// KassaCore), in the grammar's form: `name` is "words", "replies" or "questions"; all empty
    /// when its rules had errors or there is no such table.
    public static func withCompiledTable<R>(_ name: String,
                                            _ body: (_ text: UnsafeBufferPointer<UInt8>, _ data: [UInt64], _ byteCount: Int) -> R) -> R {
        switch name {
        case "words": return generatedWordsText.withUTF8Buffer { body($0, generatedWordsData, generatedWordsDataCount) }
        case "replies": return generatedRepliesText.withUTF8Buffer { body($0, generatedRepliesData, generatedRepliesDataCount) }
        case "questions": return generatedQuestionsText.withUTF8Buffer { body($0, generatedQuestionsData, generatedQuestionsDataCount) }
        default: return body(UnsafeBufferPointer(start: nil, count: 0), [], 0)
        }
    }
}
