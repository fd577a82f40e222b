// CommandSurfaceTests: every command's declared verbs and options (CommandSurface, options) are
// what each place that shows them offers — the usage line of `help COMMAND` and `:help COMMAND`
// in both languages, the man page's command entries in both languages, and what Tab offers in
// the bash, zsh and fish scripts (each shell is run on the script and asked, as Tab would ask).
// A verb or option added to, or taken from, only one of them fails here.

import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell

@Suite struct CommandSurfaceTests {
    static let words = Fixtures.resources.commandWords

    // MARK: - What a declaration says

    /// The verbs, the fixed words (of positional places and option values) and the options.
    struct Declared {
        let verbs: Set<String>
        let fixed: Set<String>
        let options: Set<String>
    }

    static func declared(_ type: any Command.Type) -> Declared {
        let surface = type.surface
        let slots = surface.arguments + surface.verbs.flatMap(\.arguments)
        var fixed = Set(slots.compactMap { slot -> [String]? in
            if case .choice(let names, _) = slot.kind { return names }
            return nil
        }.joined())
        for option in type.options {
            if case .choice(let names, _)? = option.value { fixed.formUnion(names) }
        }
        return Declared(verbs: Set(surface.verbNames), fixed: fixed, options: Set(type.options.map(\.name)))
    }

    static let globalOptions = Set(CompletionScripts.globalOptions)

    // MARK: - Usage lines (help and the man page)

    /// A usage line's options (`--from`, `-o`) and its lower-case words (verbs, fixed words);
    /// metavariables (`NAME`, `ИМЯ`, `#ID...`) and the command's own name are left out.
    static func tokens(ofUsage usage: String, command: String) -> (options: Set<String>, words: Set<String>) {
        var options = Set<String>(), words = Set<String>()
        for raw in usage.split(whereSeparator: { " []|".contains($0) }) {
            var token = String(raw)
            while token.hasSuffix(".") { token.removeLast() }
            if token.hasPrefix("-"), token.count > 1 {
                options.insert(String(token.prefix { $0 != "=" }))
            } else if let first = token.unicodeScalars.first, ("a"..."z").contains(first),
                      token.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }), token != command, token != "kassa" {
                words.insert(token)
            }
        }
        return (options, words)
    }

    /// The usage line differs from the declaration: what it lacks or has beyond it.
    static func differences(_ type: any Command.Type, usage: String) -> [String] {
        let declared = declared(type)
        let shown = tokens(ofUsage: usage, command: type.name)
        var found: [String] = []
        for verb in declared.verbs.subtracting(shown.words).sorted() { found.append("verb \(verb) not shown") }
        for word in shown.words.subtracting(declared.verbs).subtracting(declared.fixed).sorted() { found.append("word \(word) not declared") }
        for option in declared.options.subtracting(shown.options).sorted() { found.append("option \(option) not shown") }
        for option in shown.options.subtracting(declared.options).subtracting(globalOptions).sorted() {
            found.append("option \(option) not declared")
        }
        return found
    }

    @Test func helpShowsEveryDeclaredVerbAndOptionAndNoOther() {
        for language in Language.allCases {
            let help = HelpText(catalog: Fixtures.catalog(language))
            for form in [CommandForm.session, .oneShot] {
                for type in CommandRegistry.commands(for: form) {
                    // `help COMMAND` as printed: the usage line is its first line.
                    let first = help.lines(form: form, topic: type.name).first ?? ""
                    let start = form.prefix + type.name
                    guard let range = first.range(of: start) else {
                        Issue.record("\(language) \(form): help \(type.name) starts \(first)")
                        continue
                    }
                    let problems = Self.differences(type, usage: String(first[range.lowerBound...]))
                    #expect(problems.isEmpty, "\(language) \(form) help \(type.name): \(problems)")
                }
            }
        }
    }

    /// Roff text back to plain text: `\-`, `\e`, `\[uXXXX]`, a leading `\&`.
    static func unroff(_ line: String) -> String {
        var text = line.replacing("\\&", with: "").replacing("\\-", with: "-").replacing("\\e", with: "\\")
        while let open = text.range(of: "\\[u"), let close = text[open.upperBound...].firstIndex(of: "]") {
            let scalar = UInt32(text[open.upperBound..<close], radix: 16).flatMap(Unicode.Scalar.init).map(String.init) ?? ""
            text.replaceSubrange(open.lowerBound...close, with: scalar)
        }
        return text
    }

    @Test func theManualShowsEveryDeclaredVerbAndOptionAndNoOther() {
        for language in Language.allCases {
            let page = ManualPage(catalog: Fixtures.catalog(language), version: "test").lines().map(Self.unroff)
            for (form, prefix) in [(CommandForm.oneShot, ".B kassa "), (.session, ".B :")] {
                for type in CommandRegistry.commands(for: form) {
                    let entry = page.first { $0 == prefix + type.name || $0.hasPrefix(prefix + type.name + " ") }
                    guard let entry else {
                        Issue.record("\(language): the manual has no entry for \(form.prefix)\(type.name)")
                        continue
                    }
                    let problems = Self.differences(type, usage: String(entry.dropFirst(3)))
                    #expect(problems.isEmpty, "\(language) manual \(form.prefix)\(type.name): \(problems)")
                }
            }
        }
    }

    // MARK: - The completion scripts, run in their shells

    /// One thing Tab is asked: the words of a line after `kassa`, the last one being completed.
    struct Query {
        let words: [String]
        let expected: Set<String>
        let what: String
    }

    /// For every command: its first word (its verbs and fixed first words), its options, and each
    /// place and option value with fixed words.
    static func queries() -> [Query] {
        var queries: [Query] = []
        for type in CommandRegistry.commands(for: .oneShot) {
            let name = type.name, surface = type.surface
            queries.append(Query(words: [name, ""], expected: Set(CompletionScripts.firstWords(surface) ?? []),
                                 what: "\(name)'s first word"))
            queries.append(Query(words: [name, "-"], expected: Set(type.options.map(\.name)), what: "\(name)'s options"))
            for place in CompletionScripts.places(surface) {
                guard let words = place.kind.words else { continue }
                let filler = Array(repeating: "x", count: place.position - (place.verb == nil ? 0 : 1))
                let line = [name] + (place.verb.map { [$0] } ?? []) + filler + [""]
                queries.append(Query(words: line, expected: Set(words), what: "\(line.joined(separator: " "))"))
            }
            for option in type.options {
                guard let words = option.value?.words else { continue }
                queries.append(Query(words: [name, option.name, ""], expected: Set(words), what: "\(name) \(option.name)"))
            }
        }
        return queries
    }

    /// Runs `driver` in `shell` in an empty folder (so no file is offered); answers are split
    /// by \u{1}, candidates by NUL or a line break.
    static func ask(_ shell: String, arguments: [String], script: String, driver: String) throws -> [Set<String>] {
        let folder = TestSupport.makeTemporaryDirectory("surface-\(shell)")
        let file = folder.appendingPathComponent("kassa.\(shell)").path
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let text = "cd '\(empty.path)' || exit 9\nsource '\(file)'\n" + driver
        let environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let result = try KassaBinary.run(arguments + [text], environment: environment, executable: "/usr/bin/" + shell)
        #expect(result.status == 0, "\(shell): \(result.error)")
        var answers = result.output.split(separator: "\u{1}", omittingEmptySubsequences: false).map { answer in
            Set(answer.split(whereSeparator: { $0 == "\0" || $0 == "\n" }).map {
                String($0.split(separator: "\t", omittingEmptySubsequences: false)[0])
            })
        }
        if answers.last?.isEmpty == true { answers.removeLast() }
        return answers
    }

    static func quoted(_ word: String) -> String { "'" + word + "'" }

    func check(_ shell: String, _ answers: [Set<String>], _ queries: [Query]) {
        #expect(answers.count == queries.count, "\(shell): \(answers.count) answers to \(queries.count) questions")
        for (query, answer) in zip(queries, answers) {
            // Options: the command's own beside the global ones every command takes.
            let options = query.words.last == "-"
            let offered = options ? answer.subtracting(Self.globalOptions) : answer
            let expected = options ? query.expected.subtracting(Self.globalOptions) : query.expected
            #expect(offered == expected, """
                \(shell), \(query.what): missing \(expected.subtracting(offered).sorted()), \
                beyond the declaration \(offered.subtracting(expected).sorted())
                """)
        }
    }

    var scripts: CompletionScripts { CompletionScripts(catalog: Fixtures.catalog(.en), words: Self.words) }

    @Test func bashOffersWhatEachCommandDeclares() throws {
        let queries = Self.queries()
        var driver = """
            drive() { COMP_WORDS=(kassa "$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _kassa
                printf '%s\\0' "${COMPREPLY[@]}"; printf '\\1'; }

            """
        for query in queries { driver += "drive " + query.words.map(Self.quoted).joined(separator: " ") + "\n" }
        check("bash", try Self.ask("bash", arguments: ["--norc", "-c"], script: scripts.bash(), driver: driver), queries)
    }

    @Test func zshOffersWhatEachCommandDeclares() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is needed (bash .ci/setup installs it)")
            return
        }
        let queries = Self.queries()
        // compadd and friends belong to zsh's completion system: here compadd prints what it is
        // given, NUL-ended (zsh's own would then filter by the prefix; the queries type none but "-").
        var driver = """
            compdef() { : }
            _files() { : }
            _describe() { : }
            compadd() {
                if [[ $1 == -a ]]; then print -rn -- "${(@pj:\\0:)${(P)2}}"; print -n '\\0'; return; fi
                while [[ $1 == -* && $1 != -- ]]; do shift; done
                [[ $1 == -- ]] && shift
                (( $# )) && { print -rn -- "${(@pj:\\0:)@}"; print -n '\\0' }
            }
            ask() { words=(kassa "$@"); CURRENT=$#words; PREFIX=${words[CURRENT]}; _kassa; print -n '\\1' }

            """
        for query in queries { driver += "ask " + query.words.map(Self.quoted).joined(separator: " ") + "\n" }
        check("zsh", try Self.ask("zsh", arguments: ["-f", "-c"], script: scripts.zsh(), driver: driver), queries)
    }

    @Test func fishOffersWhatEachCommandDeclares() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            Issue.record("fish is needed (bash .ci/setup installs it)")
            return
        }
        let queries = Self.queries()
        var driver = ""
        for query in queries {
            // complete -C takes the line as typed; fish quotes nothing the queries hold.
            driver += "complete -C\(Self.quoted("kassa " + query.words.joined(separator: " ")))\nprintf '\\1'\n"
        }
        check("fish", try Self.ask("fish", arguments: ["--no-config", "-c"], script: scripts.fish(), driver: driver), queries)
    }

    // MARK: - Tab in the session

    @Test func theSessionOffersVerbsOptionsAndKnownValues() {
        let completion = Completion(grammar: Grammar.load(Fixtures.resources.grammarSources).0, words: Self.words,
                                    accounts: Completion.AccountNames(["kaspi", "cash"]))
        let verbs = Set(completion.completer(":account ").compactMap { Self.words.name(in: "account", for: $0) })
        #expect(verbs == Set(AccountCommand.surface.verbNames))
        // Every language's words, whatever the command was typed as.
        #expect(completion.completer(":счёт переим") == ["переименовать"])
        #expect(completion.completer(":бюджет за") == ["задать"])
        #expect(completion.completer(":budget set food 100 mo") == ["month", "monthly"])
        #expect(Set(completion.completer(":account rename ")) == ["kaspi", "cash"])
        #expect(completion.completer(":rate --d") == ["--date"])
        #expect(completion.completer(":report --by acc").contains("account"))
        #expect(completion.completer(":list --account ka") == ["kaspi"])
        // Free text after a command: the general words, as before.
        #expect(completion.completer(":edit #3 category groc").contains("groceries"))
        // A correction's field word says the kind of its value: accounts after "account", «счёт»,
        // categories after "category", never the two mixed.
        #expect(Set(completion.completer("account ")) == ["kaspi", "cash"])
        #expect(Set(completion.completer("счёт ")) == ["kaspi", "cash"])
        let categories = completion.completer("category ")
        #expect(categories.contains("groceries") && !categories.contains("kaspi"))
    }
}
