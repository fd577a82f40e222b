// CommandLineWords: the words of a session command line, where a quoted part is one word —
// `:account add "my card" карта USD`, `:account add «моя карта»` — as a shell would split the
// one-shot form. Quotes: "…", '…', «…», “…”. An unclosed quote runs to the end of the line.

enum CommandLineWords {
    static let pairs: [Character: Character] = ["\"": "\"", "'": "'", "«": "»", "“": "”"]

    static func split(_ line: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var closing: Character?
        for character in line {
            if let close = closing {
                if character == close { closing = nil } else { current.append(character) }
            } else if let close = pairs[character], !inWord || current.isEmpty {
                closing = close
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
