// TextLines: the lines of a text file, split at every LF. Swift reads CR LF as one Character, so
// `text.split(separator: "\n")` finds no line break at all in a Windows file: a CRLF bank
// statement read as one line imported nothing and said nothing. Splitting the Unicode scalars
// finds every LF; the CR before it stays on the line, where the readers' trimming removes it.

enum TextLines {
    /// Every line of `text`, empty ones included (their numbers are the file's line numbers).
    static func split(_ text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }
}
