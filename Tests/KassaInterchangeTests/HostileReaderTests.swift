// Hostile input to the readers: rules patterns match in linear time and agree with a regular
// expression engine on random patterns; the National Bank rates file is read in one pass, an
// unreadable <quant> or an unclosed <item> is a problem named with its line, never a wrong rate
// or a swallowed item.
import Foundation
import Testing
import KassaTestSupport
@testable import KassaInterchange

@Suite struct HostileReaderTests {
    // MARK: - Rules patterns

    /// Random small patterns over a tiny alphabet, on random short texts: RulePattern says what a
    /// backtracking engine says (the texts are short, so the engine's time is no issue here).
    @Test func rulePatternsAgreeWithARegexEngine() throws {
        var generator = SeededGenerator(state: 2028)
        let pieces = ["a", "b", "A", ".", "*", "+", "?", "|", "(", ")", "[ab]", "[^a]", "^", "$", "{1,2}", "{2}", "\\d", "1", "(?:", "[a-c]"]
        var compared = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 1...6, using: &generator)
            let source = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard let ours = RulePattern.compile(source), let theirs = try? Regex(source).ignoresCase() else { continue }
            for _ in 0..<8 {
                let text = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in "abAc1".randomElement(using: &generator)! })
                let expected = (try? theirs.firstMatch(in: text)) != nil
                #expect(ours.matches(text) == expected, "\(source) on \(text)")
                compared += 1
            }
        }
        #expect(compared > 5000)
    }

    /// The classic catastrophic patterns cost a pass over the row, whatever its length.
    @Test func catastrophicPatternsAreLinear() throws {
        let row = String(repeating: "a", count: 20_000) + "!"
        for source in ["(a+)+$", "^(a|a)*$", "(a*)*b", "(a|aa)+$", "(.*a){20}$", "^(\\w+\\s?)*$"] {
            let pattern = try #require(RulePattern.compile(source), "\(source)")
            #expect(!pattern.matches(row), "\(source)")
        }
        #expect(RulePattern.compile("(a+)+$")!.matches("xaaaa"))
        // Too large once spelled out: refused, not run.
        #expect(RulePattern.compile("(a{1000}){1000}") == nil)
        let rules = try ImportRules("if (a+)+$ then category food\n")
        #expect(rules.match([row]).category == nil)
        #expect(rules.match(["caaa"]).category == "food")
        #expect(throws: ImportProblem.self) { try ImportRules("if (a{1000}){1000} then category food\n") }
        // No regular expression at all: looked for as text.
        #expect(try ImportRules("if ООО (Kaspi then category food\n").match(["оплата ооо (kaspi gold"]).category == "food")
    }

    // MARK: - National Bank rates

    func item(_ code: String, _ rate: String, quant: String? = "1") -> String {
        "<item><title>\(code)</title><description>\(rate)</description>" + (quant.map { "<quant>\($0)</quant>" } ?? "") + "</item>\n"
    }

    @Test func anUnreadableQuantIsAProblemNotOne() {
        let text = "<rates><date>23.11.2026</date>\n" + item("USD", "480.50") + item("JPY", "320.00", quant: "1OO") + item("EUR", "520.00", quant: nil) + "</rates>"
        let file = NationalBankRatesReader.read(Array(text.utf8))
        #expect(file.rates.map(\.currency.code) == ["USD", "EUR"])
        #expect(file.problems.count == 1 && file.problems.first?.line == 3 && file.problems.first?.detail == "1OO")
    }

    @Test func anUnclosedItemIsNamedAndTheNextOneRead() {
        let text = "<rates><date>23.11.2026</date>\n<item><title>USD</title><description>480.50</description>\n" + item("EUR", "520.00") + "<item><title>RUB</title>"
        let file = NationalBankRatesReader.read(Array(text.utf8))
        #expect(file.rates.map(\.currency.code) == ["EUR"])
        #expect(file.problems.map(\.line) == [2, 4])
        #expect(file.problems.allSatisfy { $0.reason == "format" })
    }

    /// 40,000 items (6 MB): a reader that counted lines from the start for each item took minutes.
    @Test func aLargeRatesFileIsReadInOnePass() {
        var text = "<rates><date>23.11.2026</date>\n"
        let codes = ["USD", "EUR", "RUB", "CNY"]
        for index in 0..<40_000 { text += item(codes[index % 4], "480.50") }
        let file = NationalBankRatesReader.read(Array((text + "</rates>").utf8))
        #expect(file.rates.count == 40_000 && file.problems.isEmpty)
    }
}
