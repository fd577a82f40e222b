// WordCorpus: the examples beside the session's words (Grammars/<lang>/session.corpus, `@reads
// words`), each a word typed and what it names in each group given, run by `kassa grammar test`
// and WordCorpusTests:
//
//     @reads words
//     ls => command=list
//     нет => confirm=no
//     завтра => list=-                  (`-`: the word names nothing in that group)

import KassaCore

public enum WordCorpus {
    /// Runs every case of every corpus that reads words, looking each word up in `words`.
    public static func run(_ sources: [GrammarSource], words: CommandWords) -> CorpusReport {
        var report = CorpusReport()
        for source in sources where Corpus.reads(source) == .words {
            for rule in RuleLines.read(source.contents) where !rule.text.hasPrefix("@") {
                report.total += 1
                func fail(_ field: String, _ expected: String, _ actual: String, input: String) {
                    report.failures.append(CorpusFailure(file: source.path, line: rule.number, input: input, field: field,
                                                   expected: expected, actual: actual))
                }
                guard let arrow = rule.text.firstRange(of: " => ") else {
                    fail("case", "WORD => group=name …", rule.text, input: rule.text)
                    continue
                }
                let input = String(rule.text[..<arrow.lowerBound])
                let checks = rule.text[arrow.upperBound...].split(separator: " ")
                if checks.isEmpty { fail("case", "WORD => group=name …", rule.text, input: input) }
                for check in checks {
                    let pair = check.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard pair.count == 2, !pair[0].isEmpty else {
                        fail("case", "group=name", String(check), input: input)
                        continue
                    }
                    let actual = words.name(in: String(pair[0]), for: input) ?? "-"
                    if actual != pair[1] {
                        fail(String(pair[0]), String(pair[1]), actual, input: input)
                    }
                }
            }
        }
        return report
    }
}
