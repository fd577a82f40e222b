// QuestionSubject: what a question is about, from the words no question rule took — read with
// the entry grammar's own words: an account ("kaspi", «на депозите» after its preposition), a
// shop by name in one word or several ("magnum", "yandex go"), a category (several said: the one
// they share), a person ("mom", «Мадине»: PersonName); the rest looked for in the notes. Words
// beside what was read that no rule knows make the question unsure.

import KassaCore

extension QuestionReader {
    /// How many words beside a category or an account no rule read make a question unsure.
    static let unreadLimit = 2

    /// Category, account, or words for the notes, from the words at `indices` no question rule
    /// took (`capitals`: which of the line's words were written with a capital).
    func readSubject(_ indices: [Int], words: [String], capitals: [Bool], into query: inout Query, context: ParseContext) {
        let kept = indices.filter { !fillerWords.contains(words[$0]) && !grammar.questionWords.contains(words[$0]) }
        let content = kept.map { words[$0] }
        guard !content.isEmpty else { return }
        // A shop or a service named in several words ("yandex go"): found by the name in the notes.
        if let (range, name) = merchantPhrase(in: content) {
            query.text = name
            query.readings.append(Query.Reading(words: name, field: "text", value: name, origin: "entry grammar: merchant"))
            let others = content.indices.filter { !range.contains($0) }.map { content[$0] }
            if !others.isEmpty { query.account = parser.account(named: others.joined(separator: " "), context: context) }
            return
        }
        let text = content.joined(separator: " ")
        var used = Set<Int>()
        // The account as the words say it together ("карты халык" is halyk, not any card).
        query.account = parser.account(named: text, context: context)
        // Savings and deposits are accounts only after a preposition, as in entries: "how much
        // is on my deposit", «сколько лежит на депозите» (the words the question rules took count).
        if query.account == nil {
            for (k, index) in kept.enumerated() where !parser.grammar.values(of: words[index], inClass: "account-after").isEmpty {
                let said = (max(0, index - 2)..<index).lazy.compactMap {
                    self.parser.account(named: words[$0...index].joined(separator: " "), context: context)
                }.first
                if let said { query.account = said; used.insert(k); break }
            }
        }
        // People: someone money goes to or comes from ("mom", «маме»), or a name no rule knows
        // written with a capital ("Madina", «Серику»; not the line's first word).
        var people: [(index: Int, name: PersonName)] = []
        for (k, index) in kept.enumerated() where !used.contains(k) {
            let word = words[index]
            guard parser.account(named: word, context: context) == nil, merchantName(word) == nil,
                  parser.grammar.categorySlug(named: word) == nil else { continue }
            if let giver = PersonName.giver(word, grammar: grammar, entries: parser.grammar) {
                people.append((k, giver))
            } else if index > 0, capitals[index], !knows(word, context: context) {
                people.append((k, PersonName.name(word, grammar: grammar, entries: parser.grammar)))
            }
        }
        for person in people { used.insert(person.index) }
        var slugs: [String] = []
        for (index, word) in content.enumerated() where !used.contains(index) {
            if query.account != nil, parser.account(named: word, context: context) != nil {
                used.insert(index)
                continue
            }
            // A shop or a service by name ("at magnum", «в магнуме»): its purchases are found by
            // the name in the notes, not the whole category it sells in (brands.rules `merchant`).
            if let name = merchantName(word) {
                query.text = name
                query.readings.append(Query.Reading(words: word, field: "text", value: name, origin: "entry grammar: merchant"))
                return
            }
            let slug = parser.grammar.categorySlug(named: word) ?? {
                let one = parser.parse(word + " 1", context: context).drafts.first
                return one?.category
            }()
            guard let slug else { continue }
            slugs.append(slug)
            used.insert(index)
        }
        if !slugs.isEmpty {
            query.category = QuestionReader.category(of: slugs) {
                self.parser.parse(content.indices.filter { used.contains($0) }.map { content[$0] }.joined(separator: " ") + " 1",
                                  context: context).drafts.first?.category
            }
        }
        // The rest as an entry: phrases and brands ("yandex go", "public transport"). Only the
        // words that gave the category or the account are read by it.
        let unread = content.indices.filter { !used.contains($0) }
        let result = unread.isEmpty ? nil : parser.parse(unread.map { content[$0] }.joined(separator: " ") + " 1", context: context)
        if let draft = result?.drafts.first {
            var gave: [String] = []
            if query.category == nil, let category = draft.category {
                query.category = category
                gave += ["category"]
            }
            if query.account == nil, let account = draft.account, !draft.has(.accountDefault) {
                query.account = account
                gave += ["account"]
            }
            let read = Set(result!.explanations[0].filter { gave.contains($0.field) }.flatMap { QuestionWords.words($0.words) })
            for index in unread where read.contains(content[index]) { used.insert(index) }
        }
        let named = Set(people.map(\.index))
        var rest = content.indices.filter { !used.contains($0) }.map { content[$0] }
        if query.category == nil && query.account == nil, !people.isEmpty {
            // The person is what is looked for; words beside the name describe them ("Serik the
            // guard"), and only two or more that no rule knows make the question unsure.
            query.text = people.map(\.name.dictionary).joined(separator: " ")
            let stems = people.map(\.name.stem).joined(separator: " ")
            if stems != query.text { query.noteText = stems }
            query.readings.append(Query.Reading(words: people.map { content[$0.index] }.joined(separator: " "), field: "text",
                                                value: query.text!, origin: "name"))
        } else {
            // Beside a category or an account a name is a word no rule read, where it was said.
            rest = content.indices.filter { !used.contains($0) || named.contains($0) }.map { content[$0] }
        }
        if query.category == nil && query.account == nil && people.isEmpty {
            query.text = rest.joined(separator: " ")
            query.readings.append(Query.Reading(words: query.text!, field: "text", value: query.text!, origin: "note"))
            return
        }
        // Words beside them that the entry grammar only passes over (stop words, fillers, plain
        // words it knows) are read; two or more others are a question about something kassa did
        // not understand ("is it a good time to buy a car or should I wait"), while one is a word
        // of the way it was put ("how many taxi rides").
        let others = rest.filter { !passedOver($0) }
        if others.count >= QuestionReader.unreadLimit { query.unreadWords = others }
        if let category = query.category {
            query.readings.append(Query.Reading(words: text, field: "category", value: category, origin: "entry grammar"))
        }
        if let account = query.account {
            query.readings.append(Query.Reading(words: text, field: "account", value: account, origin: "entry grammar"))
        }
    }

    /// A word the entry grammar only passes over in a sentence (a stop word, a filler, a plain
    /// word it knows).
    private func passedOver(_ word: String) -> Bool {
        ["stop", "filler", "known", "sep", "qunit"].contains { !parser.grammar.values(of: word, inClass: $0).isEmpty }
    }

    /// Whether the entry grammar reads `word` as part of a purchase: a category it is sure of
    /// (not one it guessed from a word like it) or an account.
    private func knows(_ word: String, context: ParseContext) -> Bool {
        guard let draft = parser.parse(word + " 1", context: context).drafts.first else { return false }
        return (draft.category != nil && !draft.has(.categoryGuessed)) || !draft.has(.accountDefault)
    }

    /// The one category several said mean: the narrowest when they hold one another ("food
    /// delivery"), the one that holds them all when they are its parts ("pharmacy and doctors" is
    /// health), else what an entry of the same words would be filed under ("kid's medicine" is
    /// health/pharmacy), else the first.
    static func category(of slugs: [String], entry: () -> String?) -> String {
        let chain = slugs.sorted { $0.count > $1.count }
        if let narrowest = chain.first, chain.allSatisfy({ narrowest == $0 || narrowest.hasPrefix($0 + "/") }) { return narrowest }
        let parts = slugs.map { $0.split(separator: "/") }
        var shared: [Substring] = []
        for (k, part) in parts[0].enumerated() where parts.allSatisfy({ $0.count > k && $0[k] == part }) && shared.count == k {
            shared.append(part)
        }
        if !shared.isEmpty { return shared.joined(separator: "/") }
        if let filed = entry(), slugs.contains(filed) { return filed }
        return slugs[0]
    }

    /// A merchant of several words in `words` ("yandex go", "burger king"), the longest said:
    /// where it is and the name as said.
    private func merchantPhrase(in words: [String]) -> (Range<Int>, String)? {
        guard words.count >= 2 else { return nil }
        for length in stride(from: min(4, words.count), through: 2, by: -1) {
            for start in 0...(words.count - length) {
                let phrase = Array(words[start..<(start + length)])
                if !parser.grammar.phraseValues(of: phrase, inClass: "merchant").isEmpty {
                    return (start..<(start + length), phrase.joined(separator: " "))
                }
            }
        }
        return nil
    }

    /// Which of the line's `count` words were written with a capital: none when most were (a
    /// line in capitals says nothing of names).
    static func names(in line: String, count: Int) -> [Bool] {
        let capitals = QuestionWords.capitalized(line)
        guard capitals.count == count, capitals.filter({ $0 }).count * 2 <= count else { return Array(repeating: false, count: count) }
        return capitals
    }

    /// The merchant a word names, in its shortest form that is still that name («магнуме» →
    /// «магнум», so notes with any ending are found); nil for any other word.
    private func merchantName(_ word: String) -> String? {
        guard !parser.grammar.values(of: word, inClass: "merchant").isEmpty else { return nil }
        var name = word
        while name.count > 3, case let shorter = String(name.dropLast()),
              !parser.grammar.values(of: shorter, inClass: "merchant").isEmpty {
            name = shorter
        }
        return name
    }

    var fillerWords: Set<String> {
        var set = Set<String>()
        for phrase in grammar.phrases where phrase.group == .filler || phrase.group == .month || phrase.group == .than {
            if phrase.elements.count == 1, case .word(let word) = phrase.elements[0] { set.insert(word) }
        }
        return set
    }
}
