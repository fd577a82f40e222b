// ImportRules: a rules file a person keeps beside their statements (hledger's CSV rules are
// the model), read once and used for every file of the same bank:
//
//   # Kaspi card, exported from the bank's site
//   separator ;
//   skip 1                          (lines before the header or the data)
//   fields date, _, amount, note    (columns by position; no header is looked for)
//   date-format dd/mm/yyyy          (or %d/%m/%Y; dd.mm.yy; mm/dd/yyyy; yyyy-mm-dd)
//   currency KZT
//   account kaspi
//   if STARBUCKS|COFFEE then category food/coffee
//   if ^ATM then account cash
//   if ЗАРПЛАТА                     (a block: the indented lines below apply)
//     category income/salary
//
// Patterns are regular expressions (RulePattern: the common core, matched in linear time, so a
// row cannot hang the import), case-insensitive, matched against the row's text; the first
// matching rule of each kind wins. A pattern that is no regular expression at all (`ООО (Kaspi`)
// is looked for as plain text; one in a syntax RulePattern does not read is a bad line. Directive words are the file format's, like a
// programming language's keywords, not text shown to the person.

import KassaCore

public struct ImportRules: Sendable {
    public struct Rule: Sendable {
        let pattern: RulePattern?
        let literal: String
        /// The pattern as written (a saved rules file writes it back).
        let source: String
        public var category: String?
        public var account: String?

        func matches(_ text: String) -> Bool {
            if let pattern { return pattern.matches(text) }
            return text.lowercased().contains(literal)
        }
    }

    public var separator: UInt8?
    public var skip = 0
    /// Column names by position ("_" for ignored columns).
    public var fields: [String]?
    public var dateOrder: DateText.Order?
    public var currency: Currency?
    public var account: String?
    /// The statements' encoding, when it is not to be detected (`encoding cp1251`).
    public var encoding: TextEncoding?
    /// A rules file in hledger's syntax (ImportRules+Syntax): the CSV is read by HledgerCSVReader.
    public var hledger: HledgerRules?
    public var rules: [Rule] = []

    public init() {}

    /// Reads a rules file. Throws the first bad line.
    public init(_ text: String) throws(ImportProblem) {
        var lineNumber = 0
        var block: Int?
        /// The states of every pattern so far (RulePattern.maximumTotalStates).
        var states = 0
        for raw in TextLines.split(text) {
            lineNumber += 1
            let indented = raw.first == " " || raw.first == "\t"
            let line = raw.trimmingCharacters()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            let (word, rest) = ImportRules.split(line)
            if indented, let index = block {
                guard apply(word, rest, to: &rules[index]) else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                continue
            }
            block = nil
            switch word {
            case "separator":
                switch rest {
                case ",", "comma": separator = 44
                case ";", "semicolon": separator = 59
                case "tab", "\\t": separator = 9
                default: throw ImportProblem(line: lineNumber, reason: "rules", detail: line)
                }
            case "skip":
                guard let count = Int(rest.isEmpty ? "1" : rest), count >= 0 else {
                    throw ImportProblem(line: lineNumber, reason: "rules", detail: line)
                }
                skip = count
            case "fields":
                fields = rest.split(separator: ",").map { ImportVocabulary.normalizedHeader(String($0)) }
            case "date-format":
                guard let order = ImportRules.order(rest) else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                dateOrder = order
            case "currency":
                guard let code = Currency(code: rest) else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                currency = code
            case "account":
                account = rest.isEmpty ? nil : rest
            case "encoding":
                guard let known = TextEncoding(name: rest) else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                encoding = known
            case "if":
                var pattern = rest
                var then = ""
                if let range = rest.firstRange(of: " then ") {
                    pattern = String(rest[..<range.lowerBound])
                    then = String(rest[range.upperBound...])
                }
                let trimmed = pattern.trimmingCharacters()
                guard !trimmed.isEmpty else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                let compiled = RulePattern.compile(trimmed)
                // Swift's Regex is only asked whether the text is meant as a pattern; it never matches.
                if compiled == nil, (try? Regex(trimmed)) != nil {
                    throw ImportProblem(line: lineNumber, reason: "rules", detail: line)
                }
                states += compiled?.size ?? 0
                if states > RulePattern.maximumTotalStates { throw ImportProblem(line: lineNumber, reason: "rules-too-large", detail: line) }
                var rule = Rule(pattern: compiled, literal: trimmed.lowercased(), source: trimmed)
                if then.isEmpty {
                    rules.append(rule)
                    block = rules.count - 1
                } else {
                    let (action, value) = ImportRules.split(then.trimmingCharacters())
                    guard apply(action, value, to: &rule) else { throw ImportProblem(line: lineNumber, reason: "rules", detail: line) }
                    rules.append(rule)
                }
            default:
                throw ImportProblem(line: lineNumber, reason: "rules", detail: line)
            }
        }
    }

    private func apply(_ word: String, _ value: String, to rule: inout Rule) -> Bool {
        guard !value.isEmpty else { return false }
        switch word {
        case "category": rule.category = value
        case "account": rule.account = value
        default: return false
        }
        return true
    }

    /// The first matching rule's category and account for a row: a pattern matches the row's
    /// text (cells joined by spaces) or any one cell (so `^ATM` finds a cell starting "ATM").
    func match(_ cells: [String]) -> (category: String?, account: String?) {
        var category: String?, account: String?
        let text = cells.joined(separator: " ")
        for rule in rules where (category == nil && rule.category != nil) || (account == nil && rule.account != nil) {
            guard rule.matches(text) || cells.contains(where: rule.matches) else { continue }
            if category == nil { category = rule.category }
            if account == nil { account = rule.account }
        }
        return (category, account)
    }

    static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line.lowercased(), "") }
        return (line[..<space].lowercased(), String(line[space...]).trimmingCharacters())
    }

    /// "dd/mm/yyyy", "%d/%m/%Y", "mm/dd/yy", "yyyy-mm-dd" → the order of day and month.
    public static func order(_ text: String) -> DateText.Order? {
        let lower = text.lowercased().filter { $0.isLetter }
        if lower.hasPrefix("y") { return .ymd }
        if lower.hasPrefix("d") { return .dmy }
        if lower.hasPrefix("m") { return .mdy }
        return nil
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
