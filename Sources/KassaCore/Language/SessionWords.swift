// SessionWords: the session's own vocabulary as a table — command names, bare commands, yes/no
// answers, correction fields … — the `word` rules (`word GROUP NAME = w, w, …`, in
// Grammars/<lang>/session.rules), every language merged. Read from rule text, or from the table
// compiled at build time (RuleTableArchive); both give the same table. Which names a group may
// give is the shell's to check (CommandWords.knownNames).

public struct SessionWords: Sendable, Equatable {
    /// One rule as read: its group, name and words (lower-cased), and where it was written.
    public struct Entry: Sendable, Equatable {
        public let group: String
        public let name: String
        public let words: [String]
        public let file: String
        public let line: Int
    }

    /// Every rule read, in order.
    public private(set) var entries: [Entry] = []
    /// (group, word) → names, the first of which a word stands for: ("command", "помощь") → "help".
    private var lookup = GroupedWordIndex()

    public init() {}

    public static func == (a: SessionWords, b: SessionWords) -> Bool { a.entries == b.entries }

    /// Reads the `word` lines of one rule file; returns the numbers of the lines it cannot read
    /// (no `=`, not two head words, an empty item or one with a blank inside).
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Int] {
        var unreadable: [Int] = []
        for rule in RuleLines.rules(contents, directive: .word) {
            guard rule.hasEquals, rule.head.count == 2 else {
                unreadable.append(rule.number)
                continue
            }
            var words: [String] = []
            for item in rule.items {
                guard !item.text.isEmpty, !item.text.contains(where: { $0 == " " || $0 == "\t" }) else {
                    unreadable.append(rule.number)
                    continue
                }
                words.append(CaseFolding.lowercased(item.text))
            }
            add(Entry(group: rule.head[0], name: rule.head[1], words: words, file: file, line: rule.number))
        }
        return unreadable
    }

    private mutating func add(_ entry: Entry) {
        entries.append(entry)
        for word in entry.words { lookup.add(entries.count - 1, entry.group, word) }
    }

    /// The name a word stands for in a group: ("command", "помощь") → "help". The first rule
    /// that gives the word wins.
    public func name(in group: String, for word: some StringProtocol) -> String? {
        lookup.values(group, CaseFolding.lowercased(word))?.first.map { entries[$0].name }
    }

    /// Every word of a group entry, in the order the rules give them (completion and help).
    public func words(_ group: String, _ name: String) -> [String] {
        entries.filter { $0.group == group && $0.name == name }.flatMap(\.words)
    }

    /// Every word of every entry in a group, sorted.
    public func allWords(in group: String) -> [String] {
        Array(Set(entries.filter { $0.group == group }.flatMap(\.words))).sorted()
    }
}

extension SessionWords {
    /// The table for RuleTableArchive: every entry in order.
    package func write(to w: inout ArchiveWriter) {
        w.int(entries.count)
        for entry in entries {
            w.string(entry.group)
            w.string(entry.name)
            w.string(entry.file)
            w.int(entry.line)
            w.stringList(entry.words)
        }
    }

    /// The table `write` wrote (check the reader's `failed` after).
    package init(reading r: inout ArchiveReader) {
        self.init()
        let count = r.count()
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let group = r.string(), name = r.string(), file = r.string(), line = r.int(), words = r.stringList()
            add(Entry(group: group, name: name, words: words, file: file, line: line))
        }
    }
}
