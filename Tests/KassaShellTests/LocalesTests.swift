// Locales/ must stay complete: the same keys and placeholders in every language, plural keys
// with every CLDR form the language needs, and every key the sources use present.
import Foundation
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell

@Suite struct LocalesTests {
    static func baseKey(_ key: String) -> String {
        key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
    }

    @Test func languagesHaveTheSameKeysAndPlaceholders() {
        let en = Fixtures.catalog(.en), ru = Fixtures.catalog(.ru)
        let enBase = Set(en.keys.map(Self.baseKey)), ruBase = Set(ru.keys.map(Self.baseKey))
        #expect(enBase.subtracting(ruBase).sorted() == [], "keys missing in ru")
        #expect(ruBase.subtracting(enBase).sorted() == [], "keys missing in en")
        for key in en.keys where ru.template(key) != nil && !key.contains("[") {
            #expect(Catalog.placeholders(in: en.template(key)!) == Catalog.placeholders(in: ru.template(key)!),
                    "placeholders differ for \(key)")
        }
    }

    @Test func russianPluralKeysHaveEveryForm() {
        let ru = Fixtures.catalog(.ru)
        for key in Set(ru.keys.filter { $0.contains("[") }.map(Self.baseKey)) {
            for form in ["one", "few", "many"] {
                #expect(ru.template("\(key)[\(form)]") != nil, "\(key)[\(form)] missing in ru")
            }
        }
    }

    /// Every message key a Swift source names — in any folder of Sources, however deep — exists
    /// in every language. A literal counts as a key when its first component is one of the
    /// catalogs' namespaces ("budget.", "store." …); a literal naming a family of keys (a prefix
    /// a function completes, such as "history.kind") counts when some key starts with it.
    /// Comment lines are skipped: they quote keys as examples.
    @Test func everyKeyTheSourcesUseExistsInEveryLanguage() throws {
        // Per language: every key's base and every dotted prefix of one (the families).
        let catalogs = [Language.en, .ru].map { language in
            let keys = Fixtures.catalog(language).keys.map(Self.baseKey)
            var names = Set(keys)
            for key in keys {
                var prefix = Substring(key)
                while let dot = prefix.lastIndex(of: ".") { prefix = prefix[..<dot]; names.insert(String(prefix)) }
            }
            return (language, names)
        }
        let known = Set(Fixtures.catalog(.en).keys.map(Self.baseKey))
        let namespaces = Set(known.map { String($0.prefix { $0 != "." }) })
        let files = try Self.swiftFiles(under: TestSupport.packageRoot.appendingPathComponent("Sources"))
        #expect(files.count > 100, "the walk found \(files.count) Swift files: it no longer reaches the sources")
        let pattern = try Regex(#""([a-z][a-z0-9-]*\.[a-z0-9.-]*[a-z0-9])""#)
        var checked = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.drop { $0 == " " }.hasPrefix("//") {
                for match in line.matches(of: pattern) {
                    let key = String(match.output[1].substring!)
                    guard namespaces.contains(String(key.prefix { $0 != "." })) else { continue }
                    checked += 1
                    for (language, names) in catalogs where !names.contains(key) {
                        Issue.record("\(file.lastPathComponent) uses \(key), missing from Locales/\(language.rawValue)")
                    }
                }
            }
        }
        #expect(checked > 300, "only \(checked) keys were found in the sources: the key pattern no longer matches")
    }

    static func swiftFiles(under root: URL) throws -> [URL] {
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// No message may say that kassa lacks a feature: budgets, recurring payments, rates and the
    /// rest exist, so a text claiming otherwise ("not in kassa yet", "kassa cannot keep … yet",
    /// «пока нет в kassa») is a stale sentence. "No budgets yet" (the person has set none) is fine.
    @Test func noMessageSaysKassaLacksWhatItHas() throws {
        let claims = [
            try Regex(#"(?i)not in kassa yet"#),
            try Regex(#"(?i)kassa (cannot|can't|does not|doesn't) (keep|do|have|support)\b.*\byet\b"#),
            try Regex(#"(?i)kassa has no \w+( or \w+)* (yet|payments yet)"#),
            try Regex(#"(?i)kassa has no .*\byet\b"#),
            try Regex(#"(?i)(пока нет в kassa|в kassa пока нет|их в kassa пока нет|kassa пока не умеет|пока не умеет|kassa ещё не умеет|в kassa ещё нет)"#),
        ]
        for language in Language.allCases {
            let catalog = Fixtures.catalog(language)
            for key in catalog.keys {
                let text = catalog.template(key) ?? ""
                for claim in claims {
                    #expect(!text.contains(claim), "\(language) \(key) says kassa lacks something: \(text)")
                }
            }
        }
    }
}
