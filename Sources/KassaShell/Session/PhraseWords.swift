// PhraseWords: how a sentence that sets something in words ("курс доллара 480", "budget food
// 50000 a month", "kaspi balance is 152340") is cut into words — at spaces and tabs only — and
// which `phrase.*` word (session.rules) opens it. Shared by the phrase handlers (LinePhrase).

enum PhraseWords {
    /// The `phrase.*` name a line's first word gives ("rate", "budget") and the words after it.
    static func parts(_ line: String, words: CommandWords) -> (name: String, rest: String)? {
        let parts = line.split(maxSplits: 1, whereSeparator: isSpace)
        guard parts.count == 2, let name = words.name(in: "phrase", for: parts[0]) else { return nil }
        return (name, String(parts[1]))
    }

    /// The words of a phrase line, split where `parts` splits (spaces and tabs).
    static func split(_ line: String) -> [String] {
        line.split(whereSeparator: isSpace).map(String.init)
    }

    static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
}
