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
}
