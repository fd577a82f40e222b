// CommandListTests: the hand list CommandRegistry.all (CommandRegistry+All.swift) is honest —
// every type KassaShell declares as a `Command` is in it once, in the order of the `command.NAME:`
// `word command` lines of Grammars/en/session.rules, and every command has words in each language's
// session.rules and a help line (`command.NAME.summary`) in each language's Locales.

import Foundation
import Testing
import KassaTestSupport
@testable import KassaShell

@Suite struct CommandListTests {
    static let root = TestSupport.packageRoot

    /// Every file's text under `folder` of the package whose name ends with `suffix`, by path.
    static func files(_ folder: String, suffix: String) -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder).path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var out: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(suffix) {
            if let text = try? String(contentsOfFile: base + "/" + relative, encoding: .utf8) { out.append((folder + "/" + relative, text)) }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The types a source declares as conforming to `Command` (comments and strings left out).
    static func declaredCommands(_ source: String) -> [String] {
        let code = source.split(separator: "\n").map { line -> Substring in
            guard let comment = line.range(of: "//") else { return line }
            return line[..<comment.lowerBound]
        }.joined(separator: "\n")
        let declaration = /(?:struct|class|enum)\s+(\w+)\s*:\s*([^{]+)\{/
        return code.matches(of: declaration).compactMap { match in
            let conformances = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return conformances.contains("Command") ? String(match.output.1) : nil
        }
    }

    @Test func everyDeclaredCommandIsListedOnce() {
        let declared = Self.files("Sources/KassaShell", suffix: ".swift").flatMap { Self.declaredCommands($0.text) }
        #expect(declared.count >= 30, "the scan found too few commands: \(declared)")
        let listed = CommandRegistry.all.map { String(describing: $0) }
        #expect(Set(listed).count == listed.count, "listed twice: \(listed)")
        #expect(Set(declared) == Set(listed), "declared, not listed: \(Set(declared).subtracting(listed)); listed, not declared: \(Set(listed).subtracting(declared))")
        let names = CommandRegistry.all.map { $0.name }
        #expect(Set(names).count == names.count, "a name used twice: \(names)")
    }

    @Test func theListFollowsSessionCommandsAndEveryCommandHasWordsAndHelp() throws {
        let names = CommandRegistry.all.map { $0.name }
        func commandLines(_ text: String) -> [String] {
            text.split(separator: "\n").filter { $0.hasPrefix("word command ") && $0.contains("=") }
                .filter { !$0.split(separator: "=", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces).isEmpty }
                .map { String($0.dropFirst("word command ".count).prefix { $0 != " " && $0 != "=" }) }
        }
        let english = try String(contentsOf: Self.root.appendingPathComponent("Grammars/en/session.rules"), encoding: .utf8)
        #expect(names == commandLines(english))
        for (path, text) in Self.files("Grammars", suffix: "session.rules") {
            let words = Set(commandLines(text))
            for name in names where !words.contains(name) { Issue.record("\(path): no words for the command \(name)") }
        }
        var keys: [String: Set<String>] = [:]
        for (path, text) in Self.files("Locales", suffix: ".messages") {
            let language = path.split(separator: "/")[1]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                if let key = line.split(separator: "=", maxSplits: 1).first { keys[String(language), default: []].insert(key.trimmingCharacters(in: .whitespaces)) }
            }
        }
        #expect(keys.count >= 2)
        for (language, known) in keys {
            for name in names where !known.contains("command.\(name).summary") { Issue.record("Locales/\(language): no command.\(name).summary") }
        }
    }

    /// The scan itself: a declaration in a comment, or a conformance to another protocol whose
    /// name starts with Command, is no command.
    @Test func theScanReadsDeclarationsOnly() {
        let source = """
        // struct Fake: Command {
        public struct Real: Command, Sendable {
        struct Output: CommandOutput {
        """
        #expect(Self.declaredCommands(source) == ["Real"])
    }
}
