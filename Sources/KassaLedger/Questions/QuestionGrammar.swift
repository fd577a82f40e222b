// QuestionGrammar: the words that make a line a question (the `ask` rules of Grammars/<lang>/questions.rules),
// read from text into phrase tables. Syntax (documented at the top of Grammars/en/questions.rules):
//
//     ask GROUP NAME = phrase, phrase, ...    ask kind total = how much did i spend, spent on
//     ask GROUP = phrase, ...                 ask filler = i, my, the
//
// A phrase is words matched whole (lower-cased, ё as е, punctuation dropped); `stem~` matches the
// stem and up to four more letters (Russian endings); `#n` is a number. Every language's file is
// loaded together, so a Russian question is understood in an English session. A group or name
// kassa does not have is an error at its file:line:column, never a silent no-match. Pure: the
// shell reads the files.

import KassaCore

public struct QuestionGrammar: Sendable, Equatable {
    /// One element of a phrase.
    public enum Element: Sendable, Hashable {
        case word(String)
        /// A stem and at most `QuestionGrammar.stemSlack` letters after it.
        case stem(String)
        case number
    }

    public struct Phrase: Sendable, Hashable {
        public let group: QuestionGroup
        /// The group's name ("total", "last-month"); "" for groups without names.
        public let name: String
        public let elements: [Element]
        /// "Grammars/en/questions.rules:12", for `:why`.
        public let origin: String
    }

    /// Letters a stem may be followed by: enough for Russian endings, not for another word.
    public static let stemSlack = 4

    public private(set) var phrases: [Phrase] = []
    /// Words of the `question` group: a line that starts with one is a question.
    public private(set) var questionWords: Set<String> = []
    /// Phrases by their first element's word (stems and numbers under their own keys), so a
    /// position tries only the phrases that can start there.
    private var byFirstWord = GroupedWordIndex()
    private var byStem: [Int] = []
    private var byNumber: [Int] = []

    public init() {}

    /// Two grammars are the same when they hold the same phrases in the same order.
    public static func == (a: QuestionGrammar, b: QuestionGrammar) -> Bool {
        a.phrases == b.phrases && a.questionWords == b.questionWords
    }

    /// Loads the `ask` lines of `sources` (rule files), in order; returns the grammar and its mistakes.
    public static func load(_ sources: [GrammarSource]) -> (QuestionGrammar, [GrammarError]) {
        var grammar = QuestionGrammar()
        var errors: [GrammarError] = []
        for source in sources where source.path.hasSuffix(".rules") {
            errors += grammar.read(source)
        }
        return (grammar, errors)
    }

    private mutating func read(_ source: GrammarSource) -> [GrammarError] {
        var errors: [GrammarError] = []
        let groupColumn = RuleDirective.ask.rawValue.count + 2
        for rule in RuleLines.rules(source.contents, directive: .ask) {
            let line = rule.line
            func error(_ key: String, _ arguments: [String: String] = [:], column: Int = 1) {
                errors.append(GrammarError(file: source.path, line: rule.number, column: rule.indent + column, lineText: line,
                                           reasonKey: key, reasonArguments: arguments))
            }
            guard rule.hasEquals else { error("grammar.missing-equals", column: rule.length); continue }
            let head = rule.head
            guard let groupWord = head.first else { error("grammar.missing-name", column: groupColumn); continue }
            guard let group = QuestionGroup(rawValue: groupWord) else {
                error("ask.unknown-group", ["name": groupWord, "expected": QuestionGroup.allCases.map(\.rawValue).joined(separator: ", ")],
                      column: groupColumn)
                continue
            }
            let name = head.count > 1 ? head[1] : ""
            if head.count > 2 { error("grammar.missing-name", column: groupColumn); continue }
            guard group.nameOpen ? !name.isEmpty
                    : group.names.isEmpty ? name.isEmpty : group.names.contains(name) || (name.isEmpty && group.nameOptional) else {
                error("ask.unknown-name", ["group": groupWord, "name": name, "expected": group.names.joined(separator: ", ")],
                      column: groupColumn + groupWord.count + 1)
                continue
            }
            for item in rule.items {
                let elements = QuestionGrammar.elements(of: String(item.text))
                guard !elements.isEmpty else { error("grammar.empty-item", column: item.column); continue }
                if elements.contains(.number) && !group.takesNumbers {
                    error("ask.number-not-here", ["group": groupWord], column: item.column)
                    continue
                }
                add(Phrase(group: group, name: name, elements: elements, origin: "\(source.path):\(rule.number)"))
            }
        }
        return errors
    }

    private mutating func add(_ phrase: Phrase) {
        if phrase.group == .question {
            // One word each: «на что» would make every «на …» reply a question.
            if case .word(let word)? = phrase.elements.first, phrase.elements.count == 1 { questionWords.insert(word) }
            return
        }
        let index = phrases.count
        phrases.append(phrase)
        if phrase.group.inline { return }
        switch phrase.elements[0] {
        case .word(let word): byFirstWord.add(index, "", word)
        case .stem: byStem.append(index)
        case .number: byNumber.append(index)
        }
    }

    /// The phrases that may start at a word: by the word itself, then every stem and number phrase.
    func candidates(startingWith word: String, isNumber: Bool) -> [Int] {
        (byFirstWord.values("", word) ?? []) + byStem + (isNumber ? byNumber : [])
    }

    /// A phrase's elements: its words as QuestionWords reads a line, `~` and `#n` marked.
    static func elements(of item: String) -> [Element] {
        // Compared by bytes: a Substring compared with a literal goes through String's Unicode comparison.
        item.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).flatMap { raw -> [Element] in
            if raw.count == 2, raw.first == UInt8(ascii: "#"), raw.last == UInt8(ascii: "n") { return [.number] }
            if raw.last == UInt8(ascii: "~") {
                let stem = QuestionWords.words(String(decoding: raw.dropLast(), as: UTF8.self)).joined()
                return stem.isEmpty ? [] : [.stem(stem)]
            }
            return QuestionWords.words(String(decoding: raw, as: UTF8.self)).map(Element.word)
        }
    }
}

extension QuestionGrammar {
    /// The table for RuleTableArchive: the phrases in the order read, the words that make a
    /// line a question, and the indexes by first element as they are.
    package func write(to w: inout ArchiveWriter) {
        w.int(phrases.count)
        for phrase in phrases {
            w.u8(UInt8(QuestionGroup.allCases.firstIndex(of: phrase.group)!))
            w.string(phrase.name)
            w.string(phrase.origin)
            w.int(phrase.elements.count)
            for element in phrase.elements {
                switch element {
                case .word(let word): w.u8(0); w.string(word)
                case .stem(let stem): w.u8(1); w.string(stem)
                case .number: w.u8(2)
                }
            }
        }
        w.stringList(questionWords.sorted())
        w.compact(byStem)
        w.compact(byNumber)
        byFirstWord.write(to: &w)
    }

    /// The table `write` wrote (check the reader's `failed` after).
    package init(reading r: inout ArchiveReader) {
        self.init()
        let count = r.count()
        phrases.reserveCapacity(count)
        for _ in 0..<count {
            let (groupIndex, name, origin) = (Int(r.u8()), r.string(), r.string())
            let elementCount = r.count()
            var elements: [Element] = []
            elements.reserveCapacity(elementCount)
            for _ in 0..<elementCount {
                switch r.u8() {
                case 0: elements.append(.word(r.string()))
                case 1: elements.append(.stem(r.string()))
                case 2: elements.append(.number)
                default: r.refuse(); return
                }
            }
            guard groupIndex < QuestionGroup.allCases.count, !elements.isEmpty else { r.refuse(); return }
            phrases.append(Phrase(group: QuestionGroup.allCases[groupIndex], name: name, elements: elements, origin: origin))
        }
        questionWords = Set(r.stringList())
        (byStem, byNumber) = (r.compact().map(Int.init), r.compact().map(Int.init))
        guard (byStem + byNumber).allSatisfy({ $0 >= 0 && $0 < phrases.count }) else { r.refuse(); return }
        byFirstWord = GroupedWordIndex(reading: &r, below: phrases.count)
    }
}

extension StringProtocol {
    /// Without the characters of `set` at either end.
    func trimmed(of set: String) -> String {
        let skip = Set(set)
        guard let first = firstIndex(where: { !skip.contains($0) }), let last = lastIndex(where: { !skip.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
