// QuestionCorpus: the examples beside a questions grammar (Grammars/<lang>/questions.corpus, `@reads questions`),
// each a question and the query it must give, run by `kassa grammar test` and QuestionCorpusTests.
//
//     @reads questions
//     @today 2026-11-26
//     how much did i spend on coffee this month => kind=total type=expense category=food/coffee from=2026-11-01 to=2026-11-26
//     coffee for mom 1500 => kind=-                  (not a question: stays an entry)
//
// Fields: kind type category account text from to prev-from prev-to unit by n unknown-period
// unread (the words no rule read that make the question unsure); `-` means none (kind=- : the
// line is not a question). Values with spaces go in quotes.

import KassaCore

public enum QuestionCorpus {
    static let fields: Set<String> = ["kind", "type", "category", "account", "text", "from", "to", "prev-from", "prev-to",
                                      "unit", "by", "n", "unknown-period", "unread"]

    /// Runs every case of every corpus that reads questions with `reader`.
    public static func run(_ sources: [GrammarSource], reader: QuestionReader) -> CorpusReport {
        var report = CorpusReport()
        for source in sources where Corpus.reads(source) == .questions {
            var today = CivilDate(year: 2026, month: 11, day: 26)!
            for rule in RuleLines.read(source.contents) {
                let line = rule.text
                if line.hasPrefix("@reads ") { continue }
                if line.hasPrefix("@today ") {
                    if let date = CivilDate(iso: String(line.dropFirst(7)).trimmed(of: " ")) { today = date }
                    continue
                }
                func fail(_ field: String, _ expected: String, _ actual: String, input: String) {
                    report.failures.append(CorpusFailure(file: source.path, line: rule.number, input: input, field: field,
                                                   expected: expected, actual: actual))
                }
                guard let arrow = line.firstRange(of: " => ") else {
                    report.total += 1
                    fail("case", "INPUT => field=value …", line, input: line)
                    continue
                }
                let input = String(line[..<arrow.lowerBound])
                report.total += 1
                let context = ParseContext(today: today)
                let query = reader.read(input, context: context)
                let actual = values(query)
                for pair in split(String(line[arrow.upperBound...])) {
                    guard let equals = pair.firstIndex(of: "="), fields.contains(String(pair[..<equals])) else {
                        fail("case", "field=value (\(fields.sorted().joined(separator: ", ")))", pair, input: input)
                        continue
                    }
                    let field = String(pair[..<equals])
                    let expected = String(pair[pair.index(after: equals)...]).replacingQuotes
                    let got = actual[field] ?? "-"
                    if got != expected {
                        fail(field, expected, got, input: input)
                    }
                }
            }
        }
        return report
    }

    /// A query's fields as the corpus writes them ("-" for none).
    static func values(_ query: Query?) -> [String: String] {
        guard let query, query.isQuestion else { return ["kind": "-"] }
        var values: [String: String] = ["kind": query.unknownPeriod != nil ? "unknown" : query.kind.rawValue]
        values["type"] = query.type?.rawValue
        values["category"] = query.category
        values["account"] = query.account
        values["text"] = query.text
        values["from"] = query.period?.from.iso
        values["to"] = query.period?.to.iso
        values["prev-from"] = query.previous?.from.iso
        values["prev-to"] = query.previous?.to.iso
        values["unit"] = query.unit?.rawValue
        values["by"] = query.kind == .top ? query.topBy.rawValue : nil
        values["n"] = query.kind == .top ? String(query.topCount) : query.kind == .last ? query.lastCount.map(String.init) : nil
        values["unknown-period"] = query.unknownPeriod
        values["unread"] = query.unreadWords.isEmpty ? nil : query.unreadWords.joined(separator: " ")
        return values
    }

    /// `a=1 b="x y"` → ["a=1", "b=\"x y\""].
    static func split(_ text: String) -> [String] {
        var parts: [String] = [], current = "", quoted = false
        for c in text {
            if c == "\"" { quoted.toggle() }
            if (c == " " || c == "\t") && !quoted {
                if !current.isEmpty { parts.append(current); current = "" }
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

extension String {
    var replacingQuotes: String { filter { $0 != "\"" } }
}
