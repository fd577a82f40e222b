// Corpus: reads `.corpus` files into cases and runs them through a Parser. Used by the test
// suite (every case, failures as file:line) and by `kassa grammar test`. Every corpus has one
// shape — `@` settings (`@today`, …) and cases `INPUT => field=value …` — and says what it runs
// with `@reads entries|replies|questions|words` (entries when it says nothing): replies' cases are
// run through a session (DialogCorpus), questions' through the question reader (QuestionCorpus),
// words' through the session's word table (WordCorpus).

public enum Corpus {
    /// What a corpus's cases are read by.
    public enum Reads: String, Sendable {
        case entries, replies, questions, words
    }

    /// What `source` runs: the value of its first `@reads` line (entries without one); nil when
    /// it is no corpus.
    public static func reads(_ source: GrammarSource) -> Reads? {
        guard source.path.hasSuffix(".corpus") else { return nil }
        for line in RuleLines.read(source.contents) where line.text.hasPrefix("@") {
            guard line.text.hasPrefix("@reads") else { continue }
            return Reads(rawValue: String(line.text.dropFirst(6).trimmingSpaces)) ?? .entries
        }
        return .entries
    }

    public static let defaultToday = CivilDate(year: 2026, month: 3, day: 10)!
    /// The fixed fields, then each optional field's amount by its name and its currency by its
    /// currency key (TransactionField: `charged=2600 charged_currency=KZT`).
    static let fields: Set<String> = Set([
        "type", "amount", "currency", "date", "time", "category", "account", "to", "note", "recurrence", "interval", "flags",
        "doubts",
    ] + TransactionField.allCases.flatMap { [$0.name, $0.keys.currency] })

    /// The cases of one file, and the lines that could not be read (as failures of field "case").
    public static func cases(in source: GrammarSource) -> ([CorpusCase], [CorpusFailure]) {
        guard reads(source) == .entries else { return ([], []) }
        var cases: [CorpusCase] = []
        var bad: [CorpusFailure] = []
        var today = defaultToday
        var language = source.language ?? .en
        var accounts: [Account] = []
        var number = 0
        for raw in source.contents.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.trimmingSpaces
            if line.isEmpty || line.first == "#" { continue }
            func fail(_ reason: String) {
                bad.append(CorpusFailure(file: source.path, line: number, input: String(line), field: "case",
                                         expected: reason, actual: ""))
            }
            if line.first == "@" {
                let parts = line.split(separator: " ", maxSplits: 1)
                let argument = parts.count > 1 ? String(parts[1].trimmingSpaces) : ""
                switch parts[0] {
                case "@today":
                    guard let d = CivilDate(iso: argument) else { fail("@today YYYY-MM-DD"); continue }
                    today = d
                case "@lang":
                    guard let l = Language(rawValue: argument) else { fail("@lang en|ru"); continue }
                    language = l
                case "@account":
                    let sides = argument.split(separator: "=", maxSplits: 1)
                    let head = sides.first.map { $0.split(separator: " ").map(String.init) } ?? []
                    guard let name = head.first else { fail("@account NAME [CURRENCY] = aliases"); continue }
                    let currency = head.count > 1 ? Currency(code: head[1]) : nil
                    let aliases = sides.count > 1
                        ? sides[1].split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty } : []
                    accounts.removeAll { $0.name == name }
                    accounts.append(Account(name: name, aliases: aliases, currency: currency))
                case "@accounts-clear":
                    accounts = []
                case "@reads":
                    guard argument == Reads.entries.rawValue else { fail("@reads entries"); continue }
                default:
                    fail("@reads, @today, @lang, @account")
                }
                continue
            }
            guard let arrow = find(" => ", in: line) else { fail("INPUT => field=value ..."); continue }
            let input = String(line[..<arrow.lowerBound].trimmingSpaces)
            var lineChecks: [CorpusCase.Check] = []
            var draftChecks: [[CorpusCase.Check]] = []
            var ok = true
            for group in line[arrow.upperBound...].split(separator: "|", omittingEmptySubsequences: false) {
                var checks: [CorpusCase.Check] = []
                for item in splitQuoted(group) {
                    let negated = item.contains("!=")
                    guard let eq = item.firstIndex(of: "=") else { ok = false; break }
                    var field = String(item[..<eq])
                    if negated { field = String(field.dropLast()) }
                    var value = String(item[item.index(after: eq)...])
                    if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
                    if field == "drafts" || field == "error" {
                        lineChecks.append(.init(field: field, value: value, negated: negated))
                    } else if fields.contains(field) {
                        checks.append(.init(field: field, value: value, negated: negated))
                    } else { ok = false; break }
                }
                if !checks.isEmpty { draftChecks.append(checks) }
            }
            guard ok, !input.isEmpty, !(lineChecks.isEmpty && draftChecks.isEmpty) else {
                fail("INPUT => field=value ..."); continue
            }
            cases.append(CorpusCase(file: source.path, line: number, input: input, today: today, language: language,
                                    accounts: accounts, lineChecks: lineChecks, draftChecks: draftChecks))
        }
        return (cases, bad)
    }

    /// The first occurrence of `needle` (Foundation-free).
    static func find(_ needle: String, in text: Substring) -> Range<Substring.Index>? {
        let n = Array(needle)
        var i = text.startIndex
        while i < text.endIndex {
            var j = i, k = 0
            while k < n.count, j < text.endIndex, text[j] == n[k] { j = text.index(after: j); k += 1 }
            if k == n.count { return i..<j }
            i = text.index(after: i)
        }
        return nil
    }

    /// `a=1 note="flat white" b=2` → ["a=1", "note=\"flat white\"", "b=2"].
    static func splitQuoted(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var start: Substring.Index?
        var quoted = false
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { quoted.toggle() }
            if (c == " " || c == "\t") && !quoted {
                if let s = start { items.append(text[s..<i]); start = nil }
            } else if start == nil { start = i }
            i = text.index(after: i)
        }
        if let s = start { items.append(text[s...]) }
        return items
    }

    /// Runs every case of every `.corpus` source.
    public static func run(_ sources: [GrammarSource], parser: Parser) -> CorpusReport {
        var total = 0
        var failures: [CorpusFailure] = []
        for source in sources where source.path.hasSuffix(".corpus") {
            let (cases, bad) = cases(in: source)
            failures += bad
            total += bad.count
            for c in cases {
                total += 1
                failures += check(c, parser: parser)
            }
        }
        return CorpusReport(total: total, failures: failures)
    }

    public static func check(_ c: CorpusCase, parser: Parser) -> [CorpusFailure] {
        let context = ParseContext(today: c.today, language: c.language, accounts: c.accounts)
        let result = parser.parse(c.input, context: context)
        var failures: [CorpusFailure] = []
        func report(_ field: String, _ expected: String, _ actual: String, _ negated: Bool) {
            failures.append(CorpusFailure(file: c.file, line: c.line, input: c.input, field: field,
                                          expected: (negated ? "≠ " : "") + expected, actual: actual))
        }
        for check in c.lineChecks {
            let actual = check.field == "drafts" ? String(result.drafts.count) : (result.error?.code ?? "-")
            if (actual == check.value) == check.negated { report(check.field, check.value, actual, check.negated) }
        }
        for (index, checks) in c.draftChecks.enumerated() {
            guard index < result.drafts.count else {
                report("drafts", String(c.draftChecks.count), String(result.drafts.count), false)
                break
            }
            let draft = result.drafts[index]
            for check in checks {
                let actual = value(of: check.field, in: draft)
                let matches: Bool
                switch check.field {
                case _ where check.field == "amount" || TransactionField(name: check.field) != nil:
                    // An optional field's amount compares like the amount: "52000" is "52000.00".
                    let said = TransactionField(name: check.field).map { $0.value(in: draft) } ?? draft.amount
                    if let a = said,
                       let want = ExactNumber(decimalText: check.value),
                       let got = ExactNumber(decimalText: a.decimalString) {
                        matches = want.normalized == got.normalized
                    } else { matches = check.value == "-" && said == nil }
                case "doubts":
                    // `doubts=out-of-range,…`: those reasons doubted; `doubts=-`: none (ties, asked
                    // by the `ambiguous` flag, aside).
                    let want = check.value == "-" ? [] : check.value.split(separator: ",").map(String.init)
                    let have = Set(asked(draft))
                    let ok = check.negated ? !want.contains { have.contains($0) } : (want.isEmpty ? have.isEmpty : want.allSatisfy { have.contains($0) })
                    if !ok { report(check.field, check.value, actual, check.negated) }
                    continue
                case "flags":
                    // `flags=a,b`: all of them present; `flags!=a,b`: none of them present.
                    let want = check.value.split(separator: ",").map(String.init)
                    let have = Set(draft.flags.map(\.rawValue))
                    let ok = check.negated ? !want.contains { have.contains($0) } : want.allSatisfy { have.contains($0) }
                    if !ok { report(check.field, check.value, actual, check.negated) }
                    continue
                default:
                    matches = actual == check.value
                }
                if matches == check.negated { report(check.field, check.value, actual, check.negated) }
            }
        }
        // A case says what kassa doubts, or it doubts nothing: every draft free of doubts unless
        // one of the case's checks names them.
        if !c.draftChecks.contains(where: { $0.contains { $0.field == "doubts" } }) {
            for (index, draft) in result.drafts.enumerated() where !asked(draft).isEmpty {
                report(index == 0 ? "doubts" : "doubts (draft \(index + 1))", "-", asked(draft).joined(separator: ","), false)
            }
        }
        return failures
    }

    /// The reasons a draft is doubted for, ties aside (the corpus checks those as `ambiguous`).
    static func asked(_ d: Draft) -> [String] {
        d.doubts.filter { $0.reason != .tie }.map(\.reason.rawValue)
    }

    static func value(of field: String, in d: Draft) -> String {
        switch field {
        case "type": return d.type.rawValue
        case "amount": return d.amount.map { $0.decimalString } ?? "-"
        case "currency": return d.amount?.currency.code ?? "-"
        case "date": return d.date.iso
        case "time": return d.time?.description ?? "-"
        case "category": return d.category ?? "-"
        case "account": return d.account ?? "-"
        case "to": return d.toAccount ?? "-"
        case "note": return d.note.isEmpty ? "-" : d.note
        case "recurrence": return d.recurrence?.rawValue ?? "-"
        case "interval": return String(d.interval)
        case "flags": return d.flags.map(\.rawValue).joined(separator: ",")
        case "doubts": return asked(d).isEmpty ? "-" : asked(d).joined(separator: ",")
        default:
            // An optional field's amount by its name, its currency by its currency key.
            if let optional = TransactionField(name: field) { return optional.value(in: d).map { $0.decimalString } ?? "-" }
            if let optional = TransactionField.allCases.first(where: { $0.keys.currency == field }) {
                return optional.value(in: d)?.currency.code ?? "-"
            }
            return "?"
        }
    }
}
