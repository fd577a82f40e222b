// GrammarError: a mistake in a rule file, located as file:line:column with the line's text.

public struct GrammarError: LocalizableError, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var lineText: String
    /// Catalog key of the reason, e.g. "grammar.unknown-directive".
    public var reasonKey: String
    public var reasonArguments: [String: String]

    public init(file: String, line: Int, column: Int, lineText: String, reasonKey: String,
                reasonArguments: [String: String] = [:]) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
        self.reasonKey = reasonKey
        self.reasonArguments = reasonArguments
    }

    public var messageKey: String { reasonKey }
    public var messageArguments: [String: String] { reasonArguments }
}
