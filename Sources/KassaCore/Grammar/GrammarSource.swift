// GrammarSource: the text of one grammar file and where it came from. The shell reads files;
// the core only parses text, so it stays free of I/O and easy to test.

public struct GrammarSource: Sendable, Hashable {
    /// Path shown in errors and explanations, e.g. "Grammars/en/amounts.rules".
    public var path: String
    /// The folder's language, or nil for files shared by all languages.
    public var language: Language?
    public var contents: String

    public init(path: String, language: Language?, contents: String) {
        self.path = path
        self.language = language
        self.contents = contents
    }
}
