// HledgerRules: hledger's CSV rules syntax for up to nine postings — `skip`, `separator`,
// `fields`, field assignments (`date`, `date2`, `status`, `code`, `description`, `comment`,
// `commentN`, `accountN`, `amount`, `amount-in`, `amount-out`, `amountN`, `amountN-in`,
// `amountN-out`, `currency`, `currencyN`, `balance`, `balanceN`, N from 1 to 9) with templates
// such as `%1 %2` or `assets:%account`, `date-format`, `decimal-mark`, `newest-first`,
// `intra-day-reversed`, `balance-type`, `encoding`, `include` (another rules file read in place,
// through the command's reader), `if` blocks (a matcher on the `if` line or on the lines below
// it, `&` joining two, `%field` narrowing one to a field) whose indented lines assign any of
// those fields, `skip` the record or `end` the reading there, and `if` tables (`if|account2|comment`, then a row per
// matcher with the fields' values). Each posting after the second (a fee, a tax …) becomes a
// transaction of its own against account1; `status` and the balance assertions are read and let
// be (kassa keeps no mark; an assertion moves no money). Anything else hledger has (a tenth posting, `timezone`,
// `source`, a top-level `end` …) is refused, naming its line, rather than silently read differently.
// Directive words are the file format's, like a language's keywords. Matchers are regular
// expressions matched ignoring case by RulePattern (linear time, no backtracking: a record
// cannot stall an import).

public struct HledgerRules: Sendable {
    /// A field's value: literal text with `%N` / `%name` references to the record's cells.
    public struct Template: Sendable {
        public let source: String
    }

    public struct Matcher: Sendable {
        /// The field matched (a name or a 1-based number), or nil for the whole record.
        let field: String?
        let pattern: RulePattern?
        let literal: String
        /// Joined to the matcher before it with AND (`&`).
        let joined: Bool

        func matches(_ text: String) -> Bool {
            if let pattern { return pattern.matches(text) }
            return text.lowercased().contains(literal)
        }
    }

    public struct Block: Sendable {
        var matchers: [Matcher] = []
        var assignments: [String: Template] = [:]
        /// `skip` inside the block: a matching record is not a transaction.
        var skips = false
        /// `end` inside the block: a matching record and every one after it are not read.
        var ends = false
    }

    public var skip = 0
    public var separator: UInt8?
    /// Cell names by position (lower case; "" for `_` or an empty name).
    public var fields: [String] = []
    /// Top-level assignments, the `fields` list's own included.
    public var assignments: [String: Template] = [:]
    public var dateFormat: String?
    public var decimalMark: Character?
    public var encoding: TextEncoding?
    public var blocks: [Block] = []
    /// The states of every matcher's pattern, included files' too (RulePattern.maximumTotalStates).
    private(set) var patternStates = 0

    /// The fields kassa reads from a record (`status` and the `balanceN` assertions are read and
    /// let be: kassa keeps no mark, and an assertion moves no money).
    static let assignable: Set<String> = Set(["date", "date2", "description", "amount", "amount-in", "amount-out", "currency",
                                              "comment", "code", "status", "balance"] + postingNames(1...maxPostings))
    /// How many postings a record may have (accountN … for N from 1 to this).
    static let maxPostings = 9
    /// hledger directives and fields kassa knows of but does not read: named when refused.
    static let hledgerWords: Set<String> = Set(["timezone", "source", "archive", "end"] + postingNames(10...10))

    /// The fields of postings `numbers`: accountN, amountN, amountN-in, amountN-out, currencyN,
    /// commentN, balanceN.
    static func postingNames(_ numbers: ClosedRange<Int>) -> [String] {
        numbers.flatMap { n in
            let k = String(n)
            return ["account" + k, "amount" + k, "amount" + k + "-in", "amount" + k + "-out", "currency" + k, "comment" + k, "balance" + k]
        }
    }

    /// Whether a field names a posting past the ninth (`amount10`, `account12`): a `fields` list
    /// naming one would move amounts kassa does not read.
    static func isFurtherPosting(_ name: String) -> Bool {
        for base in ["account", "amount", "currency"] where name.hasPrefix(base) {
            let rest = name.dropFirst(base.count).prefix { $0.isNumber }
            if let n = Int(rest), n > maxPostings { return true }
        }
        return false
    }

    /// How deep `include`s may nest.
    static let includeDepth = 8

    /// Another rules file by the path an `include` line names and the file that names it ("": the
    /// rules file itself): its text and its own name, which its `include`s are read from; nil
    /// when it cannot be read.
    public typealias Includer = (_ path: String, _ from: String) -> (text: String, name: String)?

    /// Reads a rules file in hledger's syntax. Throws the first line it cannot read.
    public init(_ text: String, include: Includer? = nil) throws(ImportProblem) {
        try self.init(text, include: include, name: "", depth: 0)
    }

    private init(_ text: String, include: Includer?, name: String, depth: Int) throws(ImportProblem) {
        /// An `if` table being read: its separator and field names (rows follow until a blank line).
        var table: (separator: Character, fields: [String])?
        var lineNumber = 0
        var block: Int?
        /// Whether the current block still takes matcher lines (none of its assignments seen yet).
        var takingMatchers = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let indented = raw.first == " " || raw.first == "\t"
            let line = raw.trimmingCharacters()
            func bad() -> ImportProblem { ImportProblem(line: lineNumber, reason: "hledger-rules", detail: line) }
            /// A matcher of this line, its pattern counted into the file's total.
            func matcher(_ text: String) throws(ImportProblem) -> Matcher {
                let made = try HledgerRules.matcher(text, line: lineNumber)
                patternStates += made.pattern?.size ?? 0
                if patternStates > RulePattern.maximumTotalStates { throw ImportProblem(line: lineNumber, reason: "rules-too-large", detail: line) }
                return made
            }
            if line.isEmpty {
                block = nil
                table = nil
                continue
            }
            if line.hasPrefix("#") || line.hasPrefix(";") || line.hasPrefix("*") { continue }
            if let (separator, names) = table {
                // One row of an `if` table: a matcher, then a value for each field.
                let cells = line.split(separator: separator, omittingEmptySubsequences: false).map { String($0).trimmingCharacters() }
                guard cells.count == names.count + 1, !cells[0].isEmpty else { throw bad() }
                var row = Block()
                row.matchers.append(try matcher(cells[0]))
                for (field, value) in zip(names, cells.dropFirst()) { row.assignments[field] = Template(source: value) }
                blocks.append(row)
                continue
            }
            if let index = block, indented {
                let (word, value) = ImportRules.split(line)
                if word == "skip" && value.isEmpty { blocks[index].skips = true; takingMatchers = false; continue }
                if word == "end" && value.isEmpty { blocks[index].ends = true; takingMatchers = false; continue }
                guard HledgerRules.assignable.contains(word) else { throw bad() }
                blocks[index].assignments[word] = Template(source: value)
                takingMatchers = false
                continue
            }
            if let index = block, takingMatchers {
                blocks[index].matchers.append(try matcher(line))
                continue
            }
            block = nil
            let (word, value) = ImportRules.split(line)
            if line.hasPrefix("if"), let separator = line.dropFirst(2).first, !separator.isLetter, !separator.isNumber,
               separator != " ", separator != "\t" {
                // `if|account2|comment`: a table whose rows are a matcher and the fields' values.
                let names = line.dropFirst(3).split(separator: separator, omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters().lowercased() }
                guard !names.isEmpty, names.allSatisfy({ HledgerRules.assignable.contains($0) }) else { throw bad() }
                table = (separator, names)
                continue
            }
            switch word {
            case "if":
                var new = Block()
                if !value.isEmpty { new.matchers.append(try matcher(value)) }
                blocks.append(new)
                block = blocks.count - 1
                takingMatchers = true
            case "skip":
                guard let count = Int(value.isEmpty ? "1" : value), count >= 0 else { throw bad() }
                skip = count
            case "separator":
                switch value.lowercased() {
                case ",", "comma": separator = 44
                case ";", "semicolon": separator = 59
                case "tab", "\\t": separator = 9
                case "|": separator = 124
                default: throw bad()
                }
            case "fields":
                fields = value.split(separator: ",", omittingEmptySubsequences: false).map {
                    let name = $0.trimmingCharacters().lowercased().filter { $0 != "\"" }
                    return name == "_" ? "" : name
                }
                for (index, name) in fields.enumerated() where HledgerRules.assignable.contains(name) {
                    assignments[name] = Template(source: "%" + String(index + 1))
                }
                // A field list naming what kassa does not read (amount1, balance …) would be read wrong.
                if fields.contains(where: HledgerRules.isFurtherPosting) { throw bad() }
            case "date-format":
                guard !value.isEmpty else { throw bad() }
                dateFormat = value
            case "decimal-mark":
                guard value == "." || value == "," else { throw bad() }
                decimalMark = value.first
            case "balance-type":
                // How a `balanceN` assertion compares: assertions are let be (see `assignable`).
                guard ["=", "==", "=*", "==*"].contains(value) else { throw bad() }
            case "newest-first", "intra-day-reversed":
                // Order within a day: kassa keeps a file's rows in their own order either way.
                break
            case "encoding":
                guard let known = TextEncoding(name: value) else { throw bad() }
                encoding = known
            case "include":
                // Its lines are read here, in place: what it sets, a later line may set again.
                guard depth < HledgerRules.includeDepth, !value.isEmpty, let include, let included = include(value, name) else { throw bad() }
                let inner: HledgerRules
                do {
                    inner = try HledgerRules(included.text, include: include, name: included.name, depth: depth + 1)
                } catch {
                    throw ImportProblem(line: lineNumber, reason: error.reason == "rules-too-large" ? error.reason : "hledger-rules",
                                        detail: line + " → " + String(error.line) + ": " + error.detail)
                }
                merge(inner)
                if patternStates > RulePattern.maximumTotalStates { throw ImportProblem(line: lineNumber, reason: "rules-too-large", detail: line) }
            default:
                guard HledgerRules.assignable.contains(word) else { throw bad() }
                assignments[word] = Template(source: value)
            }
        }
    }

    /// An included file's rules, as if its lines stood where the `include` is.
    private mutating func merge(_ inner: HledgerRules) {
        if inner.skip != 0 { skip = inner.skip }
        if let s = inner.separator { separator = s }
        if !inner.fields.isEmpty { fields = inner.fields }
        for (name, template) in inner.assignments { assignments[name] = template }
        if let f = inner.dateFormat { dateFormat = f }
        if let m = inner.decimalMark { decimalMark = m }
        if let e = inner.encoding { encoding = e }
        blocks += inner.blocks
        patternStates += inner.patternStates
    }

    /// One matcher line: `[&] [%field] REGEX`.
    static func matcher(_ text: String, line: Int) throws(ImportProblem) -> Matcher {
        var rest = Substring(text)
        var joined = false
        if rest.hasPrefix("&") {
            joined = true
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
        var field: String?
        if rest.hasPrefix("%") {
            let name = rest.dropFirst().prefix { $0 != " " && $0 != "\t" }
            field = name.lowercased()
            rest = rest.dropFirst(name.count + 1).drop { $0 == " " || $0 == "\t" }
        }
        let source = rest.trimmingCharacters()
        guard !source.isEmpty else { throw ImportProblem(line: line, reason: "hledger-rules", detail: text) }
        let compiled = RulePattern.compile(source)
        // Swift's Regex is only asked whether the text is meant as a pattern; it never matches.
        if compiled == nil, (try? Regex(source)) != nil { throw ImportProblem(line: line, reason: "hledger-rules", detail: text) }
        return Matcher(field: field, pattern: compiled, literal: source.lowercased(), joined: joined)
    }

    /// Whether a rules file that kassa's own syntax refused reads as hledger's: it uses a word
    /// only hledger's syntax has.
    public static func looksLikeHledger(_ text: String) -> Bool {
        let words: Set<String> = ["account1", "account2", "description", "amount-in", "amount-out", "date2", "decimal-mark",
                                  "newest-first", "comment", "code", "amount", "date"]
        for raw in text.split(separator: "\n") {
            let (word, value) = ImportRules.split(raw.trimmingCharacters())
            if words.contains(word) || hledgerWords.contains(word) || assignable.contains(word) || word == "include" { return true }
            if word == "fields", value.lowercased().contains("description") || value.contains("amount-") { return true }
            if word == "date-format", value.contains("%") { return true }
        }
        return false
    }
}
