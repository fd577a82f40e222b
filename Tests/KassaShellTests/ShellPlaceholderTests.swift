import Testing
@testable import KassaShell

@Suite struct ShellPlaceholderTests {
    @Test func version() { #expect(!KassaShell.version.isEmpty) }
}
