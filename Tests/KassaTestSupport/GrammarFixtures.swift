// GrammarFixtures: reads Grammars/ from the package root into GrammarSource values, the way the
// shell does (recursive, sorted, rule and corpus files only, language from the first folder); and
// the benchmark's generated entries.
import Foundation
import KassaCore

public enum GrammarFixtures {
    public static var grammarsRoot: URL { TestSupport.packageRoot.appendingPathComponent("Grammars") }

    /// The lines of Tests/Fixtures/Bench/mixed.entries (generated English and Russian entries, no
    /// corpus), comments left out.
    public static var benchEntries: [String] {
        let url = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Bench/mixed.entries")
        return ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map(String.init)
    }

    public static func sources() -> [GrammarSource] {
        let root = grammarsRoot
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var paths: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let name = url.lastPathComponent
            guard name.hasSuffix(".rules") || name.hasSuffix(".corpus") else { continue }
            paths.append(String(url.path.dropFirst(root.path.count + 1)))
        }
        return paths.sorted().compactMap { relative in
            guard let text = try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8) else { return nil }
            let first = relative.split(separator: "/").first.map(String.init) ?? ""
            let language = relative.contains("/") ? Language(rawValue: first) : nil
            return GrammarSource(path: "Grammars/" + relative, language: language, contents: text)
        }
    }

    public static func grammar() -> (Grammar, [GrammarError]) { Grammar.load(sources()) }

    public static let parser: Parser = Parser(grammar: grammar().0)
}
