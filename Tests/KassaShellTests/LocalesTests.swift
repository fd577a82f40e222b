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

    @Test func everyKeyTheShellUsesExists() throws {
        let en = Fixtures.catalog(.en)
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources/KassaShell")
        let pattern = try Regex(#"(?:text\(|SessionError\(|key: )"([a-z][a-z0-9-]*\.[a-z0-9.-]+)""#)
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            for match in text.matches(of: pattern) {
                let key = String(match.output[1].substring!)
                #expect(en.has(key), "\(file) uses \(key), missing from Locales/en")
            }
        }
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
