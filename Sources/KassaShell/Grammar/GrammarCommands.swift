// GrammarCommands: `kassa grammar check` and `kassa grammar test` as pure functions. The CLI
// reads the grammar files (corpora included for `test`) and prints the returned lines; the
// status is 0 when all is well, 1 when a rule file has mistakes or a corpus case fails.
import KassaCore
import KassaLedger

public enum GrammarCommands {
    /// Validates every rule file: each mistake as `file:line:column: reason`, the line, and a
    /// caret under the column; then a count.
    public static func check(sources: [GrammarSource], questions: [GrammarSource] = [], catalog: Catalog) -> (lines: [String], status: Int32) {
        let (_, ruleErrors) = Grammar.load(sources)
        // The questions grammar (Ask/) is checked with the rules.
        let errors = ruleErrors + QuestionGrammar.load(questions).1
        var lines: [String] = []
        for error in errors {
            lines += describe(error, catalog: catalog)
        }
        let files = sources.filter { $0.path.hasSuffix(".rules") }.count + questions.filter { $0.path.hasSuffix(".ask") }.count
        if errors.isEmpty {
            lines.append(catalog.text("grammar.check-ok", count: files))
            return (lines, 0)
        }
        lines.append(catalog.text("grammar.check-failed", count: errors.count))
        return (lines, 1)
    }

    /// The three lines that show one grammar mistake: location and reason, the line, a caret.
    public static func describe(_ error: GrammarError, catalog: Catalog) -> [String] {
        let reason = catalog.text(error.reasonKey, error.reasonArguments)
        let caret = String(repeating: " ", count: max(0, error.column - 1)) + "^"
        return ["\(error.file):\(error.line):\(error.column): \(reason)", "    " + error.lineText, "    " + caret]
    }

    /// Runs every case of every `.corpus` source against the grammars in `sources`; prints each
    /// failure as `file:line: input: field expected …, got …` and a summary.
    public static func test(sources: [GrammarSource], questions: [GrammarSource] = [], catalog: Catalog) -> (lines: [String], status: Int32) {
        let (grammar, ruleErrors) = Grammar.load(sources)
        let (questionGrammar, questionErrors) = QuestionGrammar.load(questions)
        let errors = ruleErrors + questionErrors
        var lines: [String] = []
        for error in errors { lines += describe(error, catalog: catalog) }
        let parser = Parser(grammar: grammar)
        let report = Corpus.run(sources, parser: parser)
        // The questions' examples (Ask/): each question and the query it must give.
        let asked = QuestionCorpus.run(questions, reader: QuestionReader(grammar: questionGrammar, parser: parser))
        let failures = report.failures.map { ($0.file, $0.line, $0.input, $0.field, $0.expected, $0.actual) }
            + asked.failures.map { ($0.file, $0.line, $0.input, $0.field, $0.expected, $0.actual) }
        for f in failures.map({ (file: $0.0, line: $0.1, input: $0.2, field: $0.3, expected: $0.4, actual: $0.5) }) {
            if f.field == "case" {
                lines.append(catalog.text("grammar.test-bad-case", ["file": f.file, "line": String(f.line), "reason": f.expected]))
            } else {
                lines.append(catalog.text("grammar.test-failure", [
                    "file": f.file, "line": String(f.line), "input": f.input, "field": f.field,
                    "expected": f.expected, "actual": f.actual,
                ]))
            }
        }
        lines.append(catalog.text("grammar.test-summary", ["passed": String(report.passed + asked.passed),
                                                            "total": String(report.total + asked.total)]))
        return (lines, failures.isEmpty && errors.isEmpty ? 0 : 1)
    }

    /// Validates the dialog's rule files (dialog.replies): each mistake located as for rules.
    public static func checkDialog(sources: [GrammarSource], catalog: Catalog) -> (lines: [String], status: Int32) {
        var lines: [String] = []
        var problems: [DialogGrammar.Problem] = []
        var grammar = DialogGrammar()
        let files = sources.filter { $0.path.hasSuffix(".replies") }
        for source in files { problems += grammar.load(source.contents, file: source.path) }
        problems += grammar.conflicts(file: files.map(\.path).joined(separator: ", "))
        // A `show`/`do` phrase must name a command the session has.
        for (kind, name) in grammar.commandsNamed where !CommandRegistry.commands(for: .session).contains(where: { $0.name == name }) {
            problems.append(.init(file: files.map(\.path).joined(separator: ", "), line: 0, column: 0, reasonKey: "dialog.rule-unknown-command",
                                  arguments: ["kind": kind.rawValue, "command": name], lineText: "\(kind.rawValue) \(name)"))
        }
        for problem in problems {
            let reason = catalog.text(problem.reasonKey, problem.arguments)
            let place = problem.line > 0 ? "\(problem.file):\(problem.line):\(problem.column)" : problem.file
            lines += ["\(place): \(reason)", "    " + problem.lineText]
            if problem.line > 0 { lines.append("    " + String(repeating: " ", count: max(0, problem.column - 1)) + "^") }
        }
        if problems.isEmpty {
            lines.append(catalog.text("dialog.check-ok", ["files": String(files.count)]))
            return (lines, 0)
        }
        lines.append(catalog.text("grammar.check-failed", count: problems.count))
        return (lines, 1)
    }

    /// Runs the dialog corpus (dialog.exchanges) through real sessions: each failure, then a summary.
    public static func testDialog(sources: [GrammarSource], grammarSources: [GrammarSource], words: CommandWords,
                                  catalog: Catalog) -> (lines: [String], status: Int32) {
        let (grammar, _) = Grammar.load(grammarSources)
        let report = DialogCorpus.run(sources, parser: Parser(grammar: grammar), words: words)
        var lines = report.failures.map {
            catalog.text("dialog.test-failure", ["file": $0.file, "line": String($0.line), "input": $0.input,
                                                 "expected": $0.expected, "actual": $0.actual])
        }
        lines.append(catalog.text("dialog.test-summary", ["passed": String(report.passed), "total": String(report.total),
                                                          "negatives": String(report.negatives)]))
        return (lines, report.failures.isEmpty ? 0 : 1)
    }
}
