// PersonName: a person a question names — a word of the entry grammar's `giver` class ("mom",
// «маме»: someone money comes from or goes to) or a word written with a capital that no rule
// knows ("Madina", «Серику») — in its dictionary form, with the stem its notes are found by.
//
// A name said in another case («платила Мадине», «отдали Серику») is put back in its dictionary
// form by the `ending` rules of questions.rules, each a case ending and the dictionary ending it
// stands for: a form that is a `giver` wins («маму» is «мама», not «мам»), else the first rule
// that fits. Notes hold a name in any case, so they are searched by the dictionary form less its
// dictionary ending («мадин» finds «Мадине» and «Мадина»).

import KassaCore

struct PersonName: Sendable, Hashable {
    /// The name as a dictionary gives it: "mom", «мадина», «серик».
    var dictionary: String
    /// What notes are searched for: the part every case form shares.
    var stem: String

    /// The letters a stem keeps at least, so a short word is never cut to nothing.
    static let shortestStem = 3

    /// The person `word` names when it is a `giver` in any case; nil for any other word.
    static func giver(_ word: String, grammar: QuestionGrammar, entries: Grammar) -> PersonName? {
        let isGiver = { (form: String) in !entries.values(of: form, inClass: "giver").isEmpty }
        if isGiver(word) { return PersonName(word, grammar: grammar) }
        return forms(of: word, grammar: grammar).first(where: isGiver).map { PersonName($0, grammar: grammar) }
    }

    /// A name no rule knows, in its dictionary form: the first ending rule that fits, else as said.
    static func name(_ word: String, grammar: QuestionGrammar, entries: Grammar) -> PersonName {
        if let giver = giver(word, grammar: grammar, entries: entries) { return giver }
        return PersonName(forms(of: word, grammar: grammar).first ?? word, grammar: grammar)
    }

    /// The name `dictionary`, with its stem.
    init(_ dictionary: String, grammar: QuestionGrammar) {
        self.dictionary = dictionary
        let endings = Set(grammar.phrases.filter { $0.group == .ending && $0.name != QuestionGroup.noEnding }.map(\.name))
        stem = dictionary
        for ending in endings where dictionary.hasSuffix(ending) && dictionary.count - ending.count >= PersonName.shortestStem {
            stem = String(dictionary.dropLast(ending.count))
            break
        }
    }

    /// The dictionary forms `word` may be said for, by the `ending` rules in their order.
    static func forms(of word: String, grammar: QuestionGrammar) -> [String] {
        var forms: [String] = []
        for phrase in grammar.phrases where phrase.group == .ending {
            guard case .word(let ending)? = phrase.elements.first, phrase.elements.count == 1, word.hasSuffix(ending),
                  word.count - ending.count >= shortestStem else { continue }
            let form = String(word.dropLast(ending.count)) + (phrase.name == QuestionGroup.noEnding ? "" : phrase.name)
            if form != word, !forms.contains(form) { forms.append(form) }
        }
        return forms
    }
}
