// Tests for the date stage's prefilters (DateStage.bestPattern): the table of builtin patterns by
// token shape (ClassIDs.shapePatterns) lists exactly the patterns the per-pattern test kept, and
// the buckets and filters together never skip a pattern that matches — checked against trying
// every pattern of the grammar at every token of the bench lines and of hostile ones.
import Foundation
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct PatternPrefilterTests {
    let grammar = GrammarFixtures.parser.grammar
    let today = CivilDate(year: 2026, month: 11, day: 23)!

    @Test func theShapeTableListsExactlyTheBuiltinPatternsOfEachMask() {
        let ids = ClassIDs(grammar)
        #expect(ids.shapeStart.count == 257)
        #expect(!grammar.builtinBuckets.isEmpty)
        for mask in 0..<256 {
            let listed = ids.shapePatterns[Int(ids.shapeStart[mask])..<Int(ids.shapeStart[mask + 1])].map(Int.init)
            let wanted = grammar.builtinBuckets.filter { Int(grammar.hot.patternBuiltinBits[$0]) & mask != 0 }
            #expect(listed == wanted, "mask \(mask)")
        }
    }

    /// The best match at `i` found by trying every pattern of the grammar, with no bucket or
    /// filter: the order bestPattern keeps (longest; same length: the line's language, then
    /// the earlier pattern).
    func unfiltered(_ dates: DateStage, at i: Int) -> (pattern: Int, end: Int)? {
        var best: (pattern: Int, end: Int)?
        let hot = grammar.hot
        for p in 0..<grammar.patterns.count {
            var caps = Captures()
            let end: Int = grammar.elements.withUnsafeBufferPointer { all in
                let elements = UnsafeBufferPointer(rebasing: all[Int(hot.elementStart[p])..<Int(hot.elementStart[p + 1])])
                return PatternMatcherBudget.withMemo(elements: elements.count, tokens: dates.line.count - i + 1, base: i) {
                    dates.match(elements, 0, i, i, &caps, &$0)
                }
            }
            guard end > i, dates.resolve(p, caps) != nil else { continue }
            if let b = best {
                if end < b.end { continue }
                if end == b.end {
                    let mine = hot.patternLanguages[p] == dates.line.language
                    let theirs = hot.patternLanguages[b.pattern] == dates.line.language
                    if mine != theirs ? !mine : p > b.pattern { continue }
                }
            }
            best = (p, end)
        }
        return best
    }

    @Test func filtersNeverSkipAPatternThatMatches() throws {
        let url = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Bench/mixed.entries")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(lines.count >= 1000)
        // Shapes the bench has few of: glued ordinals, clock times, numeric dates, years, words.
        lines += ["15th march 500", "18-го марта 2000", "14:30 такси 900", "2014-04-18 coffee 5", "10.12. обед 3000",
                  "on the twenty-fourth 700", "в 2024 году 100", "every 2 weeks gym 9000", "3 дня назад 500",
                  "2014,04,18 5", "at 7 pm 300", "1.5.2026 hotel", "первого мая 100", "sun., march 6, 2016 40"]
        let ids = ClassIDs(grammar)
        var compared = 0, matched = 0
        for text in lines {
            let scratch = LineScratch()
            let line = LineView(text, grammar: grammar, ids: ids, context: ParseContext(today: today), scratch: scratch)
            withExtendedLifetime(scratch) {
                let dates = DateStage(NumberStage(line, scratch: scratch.buffers))
                // Every word and number token (the scan asks at those; at punctuation only for
                // a word that begins a pattern, "/mo"). At a punctuation token an unfiltered
                // pattern could skip its optional first element and the punctuation and match
                // from the next word, which is that word's match, not one that starts here.
                for i in 0..<line.count where line.tokens[i].kind != .punct {
                    let filtered = dates.bestPattern(at: i).map { ($0.match.pattern, $0.match.end) }
                    let reference = unfiltered(dates, at: i)
                    #expect(filtered?.0 == reference?.pattern && filtered?.1 == reference?.end, "\(text) at \(i)")
                    compared += 1
                    if reference != nil { matched += 1 }
                }
            }
        }
        #expect(compared > 5000)
        #expect(matched > 300)  // the comparison saw many real matches, not only misses
    }
}
