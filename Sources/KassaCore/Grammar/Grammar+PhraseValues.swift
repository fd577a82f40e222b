// Grammar+PhraseValues: the values a phrase of several words has in a word class ("yandex go" is
// the merchant transport/taxi), for readers that meet such a phrase outside a parse: a question
// reads a shop named in two words as one name to look for in the notes.

extension Grammar {
    /// The values `phrase` (its words, as typed) has in class `name` when it is wholly one entry
    /// of several words; empty otherwise (one word: `values(of:inClass:)`).
    public func phraseValues(of phrase: [String], inClass name: String) -> [String] {
        guard phrase.count >= 2, let classID = classIDs[name] else { return [] }
        var ids: [Int32] = []
        for word in phrase {
            var norm: [UInt8] = []
            let tokens = Tokenizer.tokenize(word, table: words, norm: &norm).filter(\.isContent)
            guard tokens.count == 1, tokens[0].word >= 0 else { return [] }
            ids.append(tokens[0].word)
        }
        let w = Int(ids[0])
        var found: [String] = []
        for k in Int(hot.lexStart[w])..<Int(hot.lexStart[w + 1]) {
            let e = Int(hot.lexEntries[k])
            guard hot.entryClass[e] == classID, hot.entryIsPhrase[e] else { continue }
            let rest = entries[e].rest
            guard rest.count == ids.count - 1, zip(rest, ids.dropFirst()).allSatisfy({ $0.contains($1) }) else { continue }
            found.append(entries[e].value)
        }
        return found
    }
}
