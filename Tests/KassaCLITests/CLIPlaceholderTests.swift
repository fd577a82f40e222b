import Testing
import KassaTestSupport

@Suite struct CLIPlaceholderTests {
    @Test func root() { #expect(!TestSupport.packageRoot.path.isEmpty) }
}
