// Fixtures: the project's real Grammars/ and Locales/ loaded for tests, and a fixed "today".

import Foundation
import KassaCore
import KassaShell

public enum Fixtures {
    /// 2026-03-10, a Tuesday: the date every test and corpus case pins as "today".
    public static let today = CivilDate(year: 2026, month: 3, day: 10)!

    /// Grammars/ and Locales/ of this checkout, read the way the app reads them.
    public static let resources: Resources = {
        let locator = ResourceLocator(dataDirectory: TestSupport.packageRoot.path, environment: [:])
        do {
            return try locator.load(corpora: true)
        } catch {
            fatalError("test resources not found under \(TestSupport.packageRoot.path)")
        }
    }()

    public static func catalog(_ language: Language) -> Catalog { resources.catalog(language) }
}
