// ReplyWords: a reply split into words as people type them: the punctuation an engine or a hurried
// hand puts around words ("Amount: 1,600.", «Категория — продукты.», "no, 1600") is taken off,
// and where it stood is kept as a pause, because a pause separates one value from the next
// ("not 1500, 1600"). Punctuation inside a word stays ("1,600", "вообще-то", "15.02").

import KassaCore

struct ReplyWords {
    /// Normalized words (lower case, ё as е): what the dialog grammar is matched against.
    var words: [String] = []
    /// The same words as typed, without the outer punctuation: what values are read from.
    var typed: [String] = []
    /// A comma, dash, colon or full stop stood before the word.
    var pauseBefore: [Bool] = []
    /// Each word as typed with the punctuation around it (and a dash standing alone after it):
    /// a note keeps it (`textAsTyped`).
    var raw: [String] = []

    static let leading: Set<Character> = ["«", "\"", "(", "“", "'", "[", "„"]
    static let trailing: Set<Character> = [",", ".", ":", ";", "!", "?", "…", "»", "\"", ")", "”", "'", "]"]
    static let pauses: Set<Character> = [",", ".", ":", ";", "!", "?", "…", "—", "–", "-"]

    init(_ reply: String) {
        var pause = false
        for chunk in reply.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            var word = Substring(chunk)
            while let first = word.first, ReplyWords.leading.contains(first) { word = word.dropFirst() }
            var pauseAfter = false
            while let last = word.last, ReplyWords.trailing.contains(last) {
                if ReplyWords.pauses.contains(last) { pauseAfter = true }
                word = word.dropLast()
            }
            if word.isEmpty || word.allSatisfy({ ReplyWords.pauses.contains($0) }) {
                // A dash or comma standing alone ("второе — 900").
                pause = true
                if !raw.isEmpty { raw[raw.count - 1] += " " + chunk }
                continue
            }
            raw.append(String(chunk))
            words.append(DialogGrammar.normalize(word))
            typed.append(String(word))
            pauseBefore.append(pause)
            pause = pauseAfter
        }
    }

    var count: Int { words.count }

    /// The typed words from `range`, joined by spaces.
    func text(_ range: Range<Int>) -> String {
        typed[range].joined(separator: " ")
    }

    /// The words from `range` as typed, punctuation and quotes kept ("dinner with friends, my
    /// half"); a comma or stop ending the last word is left out.
    func textAsTyped(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        var out = raw[range].joined(separator: " ")
        while let last = out.last, ReplyWords.pauses.contains(last) || last == " " { out.removeLast() }
        return out
    }
}
