// DialogCorpus: the dialog's examples (Grammars/<lang>/replies.corpus, `@reads replies`), each an entry, the
// replies said to its drafts and the drafts after, run through a real Session on a scratch
// journal. `kassa grammar test` and DialogCorpusTests run them. One case per line:
//
//     @reads replies                           what the corpus runs
//     @today 2026-03-10                        "today" for the cases below (default 2026-03-10)
//     coffee 1500 >> no, 1600 => amount=1600 category=food/coffee
//     coffee 1500 and taxi 2000 >> the taxi was 2200 => amount=1500 | amount=2200
//     coffee 1500 >> ok => saved amount=1500
//     coffee 1500 and taxi 2000 >> no, 1700 => asked amount=1500 | amount=2000
//
// After "=>": an outcome word, then each draft's fields separated by "|". Outcomes: `drafts` (the
// default: the drafts wait, as listed), `saved` (the fields are the saved transactions'), `discarded`
// (nothing waits, nothing saved), `asked` (kassa asked which draft; drafts as listed), `kept` (the
// reply was refused or not understood; drafts as listed), `undone` (the last save was taken back).
// Fields: amount currency date category account to note type, `drafts=N`, `reading=NAME` (what
// `:why` says the last reply was read as); `!=` says what must not come out; `-` is "none".
// An empty reply (">> >>") is Enter. Negatives are the cases whose reply must not be taken as a
// correction or an answer: `asked`, `kept`, `reading=entry` and any `!=`.

#if canImport(Glibc)
import Glibc
#endif
import KassaCore
import KassaStore

public enum DialogCorpus {
    public struct Failure: Sendable, Equatable {
        public let file: String
        public let line: Int
        public let input: String
        public let expected: String
        public let actual: String
    }

    public struct Report: Sendable {
        public var total = 0
        public var passed = 0
        public var negatives = 0
        public var failures: [Failure] = []
    }

    /// Runs every case of every corpus that reads replies.
    public static func run(_ sources: [GrammarSource], parser: Parser, words: CommandWords) -> Report {
        var report = Report()
        var template = "/tmp/kassa-dialog-corpus-XXXXXX".utf8CString
        let directory: String? = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        defer { if let directory { _ = rmdir(directory) } }
        for source in sources where Corpus.reads(source) == .replies {
            var today = CivilDate(year: 2026, month: 3, day: 10)!
            let language = source.language ?? .en
            for rule in RuleLines.read(source.contents) {
                let line = rule.text
                if line.hasPrefix("@reads ") { continue }
                if line.hasPrefix("@today ") {
                    today = CivilDate(iso: String(line.dropFirst(7)).trimmingWhitespace) ?? today
                    continue
                }
                report.total += 1
                let failure: (String, String)?
                if let exchange = Exchange(line), let directory {
                    if exchange.isNegative { report.negatives += 1 }
                    failure = exchange.run(today: today, language: language, parser: parser, words: words,
                                           journalPath: directory + "/case-\(rule.number).kassa")
                } else {
                    failure = ("ENTRY >> REPLY => [OUTCOME] field=value …", "a line kassa cannot read")
                }
                if let (expected, actual) = failure {
                    report.failures.append(Failure(file: source.path, line: rule.number, input: line, expected: expected, actual: actual))
                } else {
                    report.passed += 1
                }
            }
        }
        return report
    }

    /// `text` cut at every `separator`.
    static func pieces(_ text: String, _ separator: String) -> [String] {
        var pieces: [String] = [], rest = Substring(text)
        while let range = rest.firstRange(of: separator) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return pieces + [String(rest)]
    }

    /// One case: the entry, the replies, what must come out.
    struct Exchange {
        var entry: String
        var replies: [String]
        var outcome = "drafts"
        /// Each draft's expected fields: (field, value, negated).
        var drafts: [[(field: String, value: String, negated: Bool)]] = []
        var reading: String?
        var count: Int?

        static let outcomes: Set<String> = ["drafts", "saved", "discarded", "asked", "kept", "undone"]

        init?(_ line: String) {
            let halves = DialogCorpus.pieces(line, " => ")
            guard halves.count == 2 else { return nil }
            let said = DialogCorpus.pieces(halves[0], ">>").map { $0.trimmingWhitespace }
            guard said.count >= 2, !said[0].isEmpty else { return nil }
            entry = said[0]
            replies = Array(said.dropFirst())
            var expected = halves[1].trimmingWhitespace
            if let first = expected.split(separator: " ").first, Exchange.outcomes.contains(String(first)) {
                outcome = String(first)
                expected = String(expected.dropFirst(first.count)).trimmingWhitespace
            }
            for part in expected.split(separator: "|") {
                var fields: [(String, String, Bool)] = []
                for pair in Exchange.pairs(String(part)) {
                    guard let equals = pair.firstIndex(of: "=") else { return nil }
                    var key = String(pair[..<equals])
                    let negated = key.hasSuffix("!")
                    if negated { key.removeLast() }
                    let value = String(pair[pair.index(after: equals)...])
                    switch key {
                    case "reading": reading = value
                    case "drafts": count = Int(value)
                    case "amount", "currency", "date", "category", "account", "to", "note", "type": fields.append((key, value, negated))
                    default: return nil
                    }
                }
                if !fields.isEmpty { drafts.append(fields) }
            }
        }

        var isNegative: Bool {
            outcome == "asked" || outcome == "kept" || reading == "entry" || drafts.joined().contains { $0.negated }
        }

        /// `field=value` pairs, a value in quotes may hold spaces.
        static func pairs(_ text: String) -> [String] {
            var pairs: [String] = [], current = "", quoted = false
            for character in text {
                if character == "\"" { quoted.toggle(); continue }
                if character == " " && !quoted {
                    if !current.isEmpty { pairs.append(current) }
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.isEmpty { pairs.append(current) }
            return pairs
        }

        /// Runs the case; nil when it passes, else what was expected and what came out.
        func run(today: CivilDate, language: Language, parser: Parser, words: CommandWords, journalPath: String) -> (String, String)? {
            defer { _ = unlink(journalPath) }
            guard let journal = try? Journal.open(path: journalPath, io: UnsyncedJournalIO()) else { return ("a journal", "none could be opened") }
            let session = Session(configuration: Session.Configuration(today: today, language: language),
                                  parser: parser, words: words, journal: journal)
            var events = session.handle(.line(entry))
            var saved: [Transaction] = []
            var asked = false, refused = false, undone = false
            for reply in replies {
                events = session.handle(.line(reply))
                for event in events {
                    switch event {
                    case .saved(let transactions, _): saved += transactions
                    case .dialog(.whichDraft): asked = true
                    case .error: refused = true
                    case .undone: undone = true
                    default: break
                    }
                }
            }
            let state: String
            switch true {
            case undone: state = "undone"
            case !saved.isEmpty: state = "saved"
            case asked: state = "asked"
            case refused: state = "kept"
            case session.pending.isEmpty: state = "discarded"
            default: state = "drafts"
            }
            if state != outcome { return (outcome, state + " " + describe(session.pending)) }
            if let reading, session.lastReply?.reading != reading {
                return ("reading=" + reading, "reading=" + (session.lastReply?.reading ?? "-"))
            }
            let actual: [Draft] = outcome == "saved" ? saved.map(SavedCorrection.draft) : session.pending
            if let count, actual.count != count { return ("drafts=\(count)", "drafts=\(actual.count)") }
            if !drafts.isEmpty && drafts.count != actual.count { return ("\(drafts.count) drafts", describe(actual)) }
            for (fields, draft) in zip(drafts, actual) {
                for (field, value, negated) in fields where (Exchange.value(field, of: draft) == Exchange.normalized(value)) == negated {
                    return (field + (negated ? "!=" : "=") + value, describe(actual))
                }
            }
            return nil
        }

        static func normalized(_ value: String) -> String {
            guard value.contains("."), value.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else { return value }
            var value = value
            while value.hasSuffix("0") { value.removeLast() }
            if value.hasSuffix(".") { value.removeLast() }
            return value
        }

        static func value(_ field: String, of draft: Draft) -> String {
            switch field {
            case "amount": return draft.amount.map { normalized($0.decimalString) } ?? "-"
            case "currency": return draft.amount?.currency.code ?? "-"
            case "date": return draft.date.iso
            case "category": return draft.category ?? "-"
            case "account": return draft.account ?? "-"
            case "to": return draft.toAccount ?? "-"
            case "note": return draft.note.isEmpty ? "-" : draft.note
            case "type": return draft.type.rawValue
            default: return "-"
            }
        }

        func describe(_ drafts: [Draft]) -> String {
            drafts.isEmpty ? "no drafts" : drafts.map { draft in
                ["amount", "date", "category", "account", "to"].map { $0 + "=" + Exchange.value($0, of: draft) }.joined(separator: " ")
            }.joined(separator: " | ")
        }
    }
}

/// Writes without waiting for the disk: a corpus case's journal is thrown away at once.
struct UnsyncedJournalIO: JournalIO {
    func write(fd: Int32, bytes: UnsafeRawBufferPointer) -> Int { SystemJournalIO().write(fd: fd, bytes: bytes) }
    func sync(fd: Int32) -> Int32 { 0 }
}
