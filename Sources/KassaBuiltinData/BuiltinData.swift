// BuiltinData: the default Grammars/ and Locales/ compiled into the binary. The file list is
// generated at build time by the EmbedData plugin from the repository's files (which stay the
// source of truth); this module holds only that data, so editing a grammar recompiles one small
// module. String literals cost nothing at start-up: they are read in place, never copied.

public struct BuiltinFile: Sendable {
    /// Relative to the repository root: "Grammars/en/money.rules", "Locales/ru/shell.messages".
    public let path: String
    public let contents: String
}

public enum BuiltinData {
    /// Every embedded file, sorted by path.
    public static var files: [BuiltinFile] { generatedFiles }
}
