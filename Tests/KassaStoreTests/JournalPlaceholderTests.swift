// Placeholder until the journal lands.
import Testing
@testable import KassaStore

@Suite struct JournalPlaceholderTests {
    @Test func opens() throws {
        _ = try Journal.open(path: "/tmp/none")
    }
}
