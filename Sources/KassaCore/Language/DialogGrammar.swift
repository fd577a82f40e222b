// DialogGrammar: the words of replies to waiting drafts, the `reply` rules of Grammars/<lang>/replies.rules
// (rules as data, beside the parser's): confirmations and refusals in words, undo phrases,
// negations, cue phrases, ordinals and the small words around a named draft. Every language's
// file is merged, so a Russian reply works in an English session. ReplyReader interprets a reply
// with these words; `kassa grammar check` reports a line it cannot read at its file, line and column.


public struct DialogGrammar: Sendable, Equatable {
    /// The kinds of phrase a rule line may give (the file's first word).
    public enum Kind: String, CaseIterable, Sendable {
        case confirm, refuse, undo, negation, not, contrast, cue, link, filler, ordinal, all, drop, join, destination, polite, about
        /// Small words that may stand beside confirmation words in a reply that is wholly one
        /// ("that's fine", "looks ok", «вроде всё верно»), and nowhere else.
        case agree
        /// A whole line asking in words for a command that only shows ("show my accounts"): `show NAME`.
        case show
        /// A whole line asking for a command that acts ("delete the last one"), read only while no
        /// draft waits (then the same words are the drafts'): `do NAME`.
        case `do`
        /// Words that mark an entry as one more of what was bought before ("another coffee",
        /// «ещё кофе»): said with no amount, the draft takes the amount of the latest one.
        case again
        /// A whole line asking for the last saved transaction once more ("same again", «то же
        /// самое»), read only while no draft waits.
        case `repeat`
        /// A whole reply that says the person does not know ("no idea", «не помню»): nothing
        /// changes, and kassa says what the drafts still need.
        case unsure
    }

    /// One phrase: its words (normalized), a value (an ordinal's number; 0 otherwise) and the
    /// command a `show`/`do` phrase asks for.
    public struct Phrase: Sendable, Equatable {
        let kind: Kind
        let words: [String]
        let value: Int
        var command = ""
    }

    /// A line of a dialog file kassa cannot read: where, why (a shell.messages key) and the line.
    public struct Problem: Sendable, Equatable {
        public let file: String
        public let line: Int
        public let column: Int
        public let reasonKey: String
        public let arguments: [String: String]
        public let lineText: String

        public init(file: String, line: Int, column: Int, reasonKey: String, arguments: [String: String], lineText: String) {
            (self.file, self.line, self.column, self.reasonKey, self.arguments, self.lineText) = (file, line, column, reasonKey, arguments, lineText)
        }
    }

    /// Every phrase, in the order read.
    private var all: [Phrase] = []
    /// Positions in `all` by a phrase's kind and first word, longest first, for matching at a position.
    private var byFirstWord = GroupedWordIndex()

    public init() {}

    /// Two grammars are the same when they hold the same phrases in the same order.
    public static func == (a: DialogGrammar, b: DialogGrammar) -> Bool { a.all == b.all }

    /// Whether any rule was read (an empty grammar reads no reply).
    public var isEmpty: Bool { all.isEmpty }

    /// The phrases of a kind, in the order read.
    private func phrases(_ kind: Kind) -> [Phrase] { all.filter { $0.kind == kind } }

    /// Reads the `reply` lines of one rule file (its other lines are other tables'); lines it
    /// cannot read are returned and skipped.
    @discardableResult
    public mutating func load(_ contents: String, file: String) -> [Problem] {
        var problems: [Problem] = []
        for rule in RuleLines.rules(contents, directive: .reply) {
            func problem(_ key: String, _ arguments: [String: String] = [:], column: Int = 1) {
                problems.append(Problem(file: file, line: rule.number, column: rule.indent + column, reasonKey: key, arguments: arguments,
                                        lineText: rule.line))
            }
            guard rule.hasEquals else {
                problem("dialog.rule-no-equals")
                continue
            }
            let head = rule.head
            let kindColumn = RuleDirective.reply.rawValue.count + 2
            guard let kindWord = head.first, let kind = Kind(rawValue: kindWord) else {
                problem("dialog.rule-unknown-kind", ["kind": head.first ?? ""], column: kindColumn)
                continue
            }
            let valueColumn = kindColumn + kindWord.count + 1
            var value = 0
            var command = ""
            if kind == .show || kind == .do {
                // The command and the words it takes: `reply show list yesterday = what did i buy yesterday`.
                guard head.count >= 2 else {
                    problem("dialog.rule-no-command", ["kind": kindWord], column: valueColumn)
                    continue
                }
                command = head[1...].joined(separator: " ")
            } else if kind == .ordinal {
                guard head.count == 2, let number = Int(head[1]), number == -1 || (1...99).contains(number) else {
                    problem("dialog.rule-bad-ordinal", column: valueColumn)
                    continue
                }
                value = number
            } else if head.count != 1 {
                problem("dialog.rule-unexpected-value", ["kind": kindWord], column: valueColumn)
                continue
            }
            var added = 0
            for item in rule.items {
                let words = item.text.utf8.split(separator: 0x20).map { DialogGrammar.normalize(String(decoding: $0, as: UTF8.self)) }
                    .filter { !$0.isEmpty }
                guard !words.isEmpty else {
                    problem("dialog.rule-empty-item", column: item.column)
                    continue
                }
                add(Phrase(kind: kind, words: words, value: value, command: command))
                added += 1
            }
            if added == 0 { problem("dialog.rule-empty-item", column: rule.length) }
        }
        return problems
    }

    /// Phrases that would make one whole reply both a confirmation and a refusal.
    public func conflicts(file: String) -> [Problem] {
        let refusals = Set(phrases(.refuse).map { $0.words.joined(separator: " ") })
        return phrases(.confirm).map { $0.words.joined(separator: " ") }.filter(refusals.contains).map {
            Problem(file: file, line: 0, column: 0, reasonKey: "dialog.rule-conflict", arguments: ["phrase": $0], lineText: $0)
        }
    }

    private mutating func add(_ phrase: Phrase) {
        let kind = phrase.kind
        // Kept longest first: inserted after the last phrase at least as long (earlier ones first).
        all.append(phrase)
        byFirstWord.add(all.count - 1, kind.rawValue, phrase.words[0]) { kept in
            kept.firstIndex { all[$0].words.count < phrase.words.count } ?? kept.count
        }
    }

    /// The phrases of `kind` that start with `word`, longest first, read where they lie (no
    /// copy per lookup: replies look up every word); nil when none does.
    private func starting(_ kind: Kind, _ word: String) -> LazyMapSequence<[Int], Phrase>? {
        byFirstWord.values(kind.rawValue, word).map { $0.lazy.map { all[$0] } }
    }

    /// The longest phrase of `kind` that starts at `words[start]`: how many words it takes and its value.
    public func match(_ kind: Kind, in words: [String], at start: Int) -> (length: Int, value: Int)? {
        guard start < words.count, let candidates = starting(kind, words[start]) else { return nil }
        for phrase in candidates where start + phrase.words.count <= words.count {
            if Array(words[start..<(start + phrase.words.count)]) == phrase.words { return (phrase.words.count, phrase.value) }
        }
        return nil
    }

    /// The command a whole line of `kind` (`show`, `do`) asks for, polite words allowed around
    /// it ("please show my accounts", «покажи мои счета, пожалуйста»); nil when the line is not
    /// wholly such a phrase.
    public func command(_ kind: Kind, in words: [String]) -> String? {
        let core = withoutPolite(words)
        guard !core.isEmpty, let candidates = starting(kind, words[core.lowerBound]) else { return nil }
        return candidates.first { $0.words.count == core.count && Array(words[core]) == $0.words }?.command
    }

    /// The words without polite ones at their ends ("please", «пожалуйста»), never empty unless
    /// `words` is.
    public func withoutPolite(_ words: [String]) -> Range<Int> {
        var low = 0, high = words.count
        while let polite = match(.polite, in: words, at: low), low + polite.length < high { low += polite.length }
        var trimmed = true
        while trimmed {
            trimmed = false
            for length in 1...3 where high - length > low {
                if match(.polite, in: words, at: high - length)?.length == length { high -= length; trimmed = true; break }
            }
        }
        return low..<high
    }

    /// Where a phrase of `kind` stands in `words`: its range, the first found; nil when none does.
    public func find(_ kind: Kind, in words: [String]) -> Range<Int>? {
        for start in words.indices {
            if let (length, _) = match(kind, in: words, at: start) { return start..<(start + length) }
        }
        return nil
    }

    /// Every command named by `show` and `do` phrases, for `kassa grammar check`.
    public var commandsNamed: [(kind: Kind, command: String)] {
        [Kind.show, .do].flatMap { kind in
            Set(phrases(kind).map { String($0.command.split(separator: " ").first ?? "") }).sorted().map { (kind, $0) }
        }
    }

    /// Whether `words` are all covered, left to right, by phrases of `kinds`, at least one of
    /// them of `required` (a whole reply such as "ok, save it, thanks").
    public func covers(_ words: [String], with kinds: [Kind], requiring required: Kind) -> Bool {
        guard !words.isEmpty else { return false }
        // reach[i]: the first i words can be covered (0: none, 1: yes, 2: yes with a `required` phrase).
        // Every phrase at every reachable position is tried, so "да, сохрани их" is "да" + "сохрани их"
        // even though "да сохрани" is a longer phrase too.
        var reach = [Int](repeating: 0, count: words.count + 1)
        reach[0] = 1
        for index in 0..<words.count where reach[index] > 0 {
            for kind in kinds {
                guard let candidates = starting(kind, words[index]) else { continue }
                for phrase in candidates where index + phrase.words.count <= words.count
                    && Array(words[index..<(index + phrase.words.count)]) == phrase.words {
                    let state = kind == required ? 2 : reach[index]
                    reach[index + phrase.words.count] = max(reach[index + phrase.words.count], state)
                }
            }
        }
        return reach[words.count] == 2
    }

    /// A word as the rules and replies are compared: lower case, ё read as е.
    public static func normalize(_ word: some StringProtocol) -> String {
        var lowered = CaseFolding.lowercased(word)
        // ё is the bytes D1 91 and е D0 B5: replaced in place, the length kept.
        return lowered.withUTF8 { bytes in
            guard bytes.count > 1, (1..<bytes.count).contains(where: { bytes[$0 - 1] == 0xD1 && bytes[$0] == 0x91 }) else { return nil }
            var out = Array(bytes)
            for i in 1..<out.count where out[i - 1] == 0xD1 && out[i] == 0x91 { (out[i - 1], out[i]) = (0xD0, 0xB5) }
            return String(decoding: out, as: UTF8.self)
        } ?? lowered
    }
}

extension DialogGrammar {
    /// The table for RuleTableArchive: every phrase in the order read, then the index by first
    /// word as it is.
    package func write(to w: inout ArchiveWriter) {
        w.int(all.count)
        for phrase in all {
            w.u8(UInt8(Kind.allCases.firstIndex(of: phrase.kind)!))
            w.int(phrase.value)
            w.string(phrase.command)
            w.stringList(phrase.words)
        }
        byFirstWord.write(to: &w)
    }

    /// The table `write` wrote (check the reader's `failed` after).
    package init(reading r: inout ArchiveReader) {
        self.init()
        let count = r.count()
        all.reserveCapacity(count)
        for _ in 0..<count {
            let kindIndex = Int(r.u8()), value = r.int(), command = r.string(), words = r.stringList()
            guard kindIndex < Kind.allCases.count, !words.isEmpty else { r.refuse(); return }
            all.append(Phrase(kind: Kind.allCases[kindIndex], words: words, value: value, command: command))
        }
        byFirstWord = GroupedWordIndex(reading: &r, below: all.count)
    }
}
