// GrammarCommands: `kassa grammar check` and `kassa grammar test` as pure functions over the rule
// and corpus files. `check` reads every `.rules` file once per table — the entry grammar, the
// questions (`ask`) and the replies (`reply`) — and prints each mistake located at its file, line
// and column; `test` runs every `.corpus` file by what it reads (entries, questions, replies,
// words) and
// prints each failure and one summary. The status is 0 when all is well, 1 otherwise.
import KassaCore
import KassaLedger

public enum GrammarCommands {
    /// Validates every rule file: each mistake as `file:line:column: reason`, the line, and a
    /// caret under the column; then a count.
    public static func check(sources: [GrammarSource], catalog: Catalog) -> (lines: [String], status: Int32) {
        let (_, ruleErrors) = Grammar.load(sources)
        let errors = ruleErrors + QuestionGrammar.load(sources).1
        var lines: [String] = []
        for error in errors {
            lines += describe(error, catalog: catalog)
        }
        let replies = replyProblems(sources)
        for problem in replies { lines += describe(problem, catalog: catalog) }
        let files = sources.filter { $0.path.hasSuffix(".rules") }.count
        if errors.isEmpty && replies.isEmpty {
            lines.append(catalog.text("grammar.check-ok", count: files))
            return (lines, 0)
        }
        lines.append(catalog.text("grammar.check-failed", count: errors.count + replies.count))
        return (lines, 1)
    }

    /// The three lines that show one grammar mistake: location and reason, the line, a caret.
    public static func describe(_ error: GrammarError, catalog: Catalog) -> [String] {
        let reason = catalog.text(error.reasonKey, error.reasonArguments)
        let caret = String(repeating: " ", count: max(0, error.column - 1)) + "^"
        return ["\(error.file):\(error.line):\(error.column): \(reason)", "    " + error.lineText, "    " + caret]
    }

    /// A reply rule's mistake the same way (a mistake of the whole set, such as a phrase both
    /// confirming and refusing, names the files and shows no caret).
    static func describe(_ problem: DialogGrammar.Problem, catalog: Catalog) -> [String] {
        let reason = catalog.text(problem.reasonKey, problem.arguments)
        guard problem.line > 0 else { return ["\(problem.file): \(reason)", "    " + problem.lineText] }
        return ["\(problem.file):\(problem.line):\(problem.column): \(reason)", "    " + problem.lineText,
                "    " + String(repeating: " ", count: max(0, problem.column - 1)) + "^"]
    }

    /// The `reply` rules' mistakes: lines that cannot be read, phrases that both confirm and
    /// refuse, and `show`/`do` phrases naming a command the session does not have.
    static func replyProblems(_ sources: [GrammarSource]) -> [DialogGrammar.Problem] {
        var problems: [DialogGrammar.Problem] = []
        var grammar = DialogGrammar()
        let files = sources.filter { $0.path.hasSuffix(".rules") }
        for source in files { problems += grammar.load(source.contents, file: source.path) }
        let named = files.filter { !RuleLines.rules($0.contents, directive: .reply).isEmpty }.map(\.path).joined(separator: ", ")
        problems += grammar.conflicts(file: named)
        for (kind, name) in grammar.commandsNamed where !CommandRegistry.commands(for: .session).contains(where: { $0.name == name }) {
            problems.append(.init(file: named, line: 0, column: 0, reasonKey: "dialog.rule-unknown-command",
                                  arguments: ["kind": kind.rawValue, "command": name], lineText: "reply \(kind.rawValue) \(name)"))
        }
        return problems
    }

    /// Runs every case of every corpus in `sources` against the rules in them: entries through
    /// the parser, questions through the question reader, replies through real sessions and
    /// words through the session's word table (`words`). Prints each failure as `file:line: input: …` and one summary.
    public static func test(sources: [GrammarSource], words: CommandWords, catalog: Catalog) -> (lines: [String], status: Int32) {
        let (grammar, ruleErrors) = Grammar.load(sources)
        let (questionGrammar, questionErrors) = QuestionGrammar.load(sources)
        let errors = ruleErrors + questionErrors
        var lines: [String] = []
        for error in errors { lines += describe(error, catalog: catalog) }
        let parser = Parser(grammar: grammar)
        let report = Corpus.run(sources, parser: parser)
        let asked = QuestionCorpus.run(sources, reader: QuestionReader(grammar: questionGrammar, parser: parser))
        let replied = DialogCorpus.run(sources, parser: parser, words: words)
        let named = WordCorpus.run(sources, words: words)
        let failures = report.failures + asked.failures + named.failures
        for f in failures {
            if f.field == "case" {
                lines.append(catalog.text("grammar.test-bad-case", ["file": f.file, "line": String(f.line), "reason": f.expected]))
            } else {
                lines.append(catalog.text("grammar.test-failure", [
                    "file": f.file, "line": String(f.line), "input": f.input, "field": f.field,
                    "expected": f.expected, "actual": f.actual,
                ]))
            }
        }
        for f in replied.failures {
            lines.append(catalog.text("dialog.test-failure", ["file": f.file, "line": String(f.line), "input": f.input,
                                                              "expected": f.expected, "actual": f.actual]))
        }
        lines.append(catalog.text("grammar.test-summary", ["passed": String(report.passed + asked.passed + replied.passed + named.passed),
                                                            "total": String(report.total + asked.total + replied.total + named.total)]))
        let clean = failures.isEmpty && replied.failures.isEmpty && errors.isEmpty
        return (lines, clean ? 0 : 1)
    }
}
