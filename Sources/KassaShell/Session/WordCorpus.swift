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
    public struct Failure: Sendable, Equatable {
        public let file: String
        public let line: Int
        public let input: String
        public let field: String
        public let expected: String
        public let actual: String
    }

    public struct Report: Sendable {
        public var total = 0
        public var passed = 0
        public var failures: [Failure] = []
    }

    /// Runs every case of every corpus that reads words, looking each word up in `words`.
    public static func run(_ sources: [GrammarSource], words: CommandWords) -> Report {
        var report = Report()
        for source in sources where Corpus.reads(source) == .words {
            for rule in RuleLines.read(source.contents) where !rule.text.hasPrefix("@") {
                report.total += 1
                func fail(_ field: String, _ expected: String, _ actual: String, input: String) {
                    report.failures.append(Failure(file: source.path, line: rule.number, input: input, field: field,
                                                   expected: expected, actual: actual))
                }
                guard let arrow = rule.text.firstRange(of: " => ") else {
                    fail("case", "WORD => group=name …", rule.text, input: rule.text)
                    continue
                }
                let input = String(rule.text[..<arrow.lowerBound])
                let checks = rule.text[arrow.upperBound...].split(separator: " ")
                var ok = !checks.isEmpty
                if checks.isEmpty { fail("case", "WORD => group=name …", rule.text, input: input) }
                for check in checks {
                    let pair = check.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard pair.count == 2, !pair[0].isEmpty else {
                        fail("case", "group=name", String(check), input: input)
                        ok = false
                        continue
                    }
                    let actual = words.name(in: String(pair[0]), for: input) ?? "-"
                    if actual != pair[1] {
                        fail(String(pair[0]), String(pair[1]), actual, input: input)
                        ok = false
                    }
                }
                if ok { report.passed += 1 }
            }
        }
        return report
    }
}
