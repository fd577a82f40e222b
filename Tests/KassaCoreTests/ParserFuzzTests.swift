// ParserFuzzTests: seeded random input must never crash or hang the parser: random bytes
// decoded lossily (invalid UTF-8 included), soups of grammar words and digits, a 1 MB line and
// ten thousand repeated number words. Same seed, same inputs: failures reproduce.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct ParserFuzzTests {
    let parser = GrammarFixtures.parser
    let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!,
                               accounts: [Account(name: "kaspi", aliases: ["каспи"])])

    /// Every result is well-formed: drafts or an error, never both empty; amounts not negative.
    func checkWellFormed(_ r: ParseResult) {
        #expect(r.error != nil || !r.drafts.isEmpty)
        #expect(r.explanations.count == r.drafts.count)
        for d in r.drafts { #expect((d.amount?.minorUnits ?? 0) >= 0) }
        for q in r.questions { #expect(q.draftIndex < r.drafts.count) }
    }

    @Test func randomBytes() {
        var rng = SeededGenerator(state: 20_261_121)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<160, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            checkWellFormed(parser.parse(String(decoding: bytes, as: UTF8.self), context: context))
        }
    }

    @Test func soupsOfGrammarWords() {
        var rng = SeededGenerator(state: 42)
        let words = ["one", "thousand", "тысяч", "полторы", "с", "половиной", "and", "и", "point", "k", "к", "$", "€", "₸",
                     "dollars", "cents", "копеек", "yesterday", "вчера", "last", "friday", "в", "прошлую", "пятницу", "the",
                     "15th", "of", "march", "марта", "2026", "12:30", "at", "2pm", "ago", "назад", "неделю", "2", "000",
                     "1,500.50", "12.03", "10.12.", "-", "/", ",", ".", "каспи", "from", "to", "на", "перевёл", "refund",
                     "every", "month", "ежемесячно", "for", "people", "литров", "twenty", "-", "first", "двадцать", "пятое",
                     "a", "half", "million", "hundred", "сто", "пятисот", "косарь", "1.5k", "3M", "x", "ну", "um"]
        for _ in 0..<3000 {
            let count = Int.random(in: 1..<14, using: &rng)
            let line = (0..<count).map { _ in words.randomElement(using: &rng)! }
                .joined(separator: Bool.random(using: &rng) ? " " : "")
            checkWellFormed(parser.parse(line, context: context))
        }
    }

    @Test func hugeLinesAreRefusedOrParsedWithoutTrouble() {
        let megabyte = String(repeating: "кофе 1500 ", count: 100_000)
        let refused = parser.parse(megabyte, context: context)
        #expect(refused.error?.code == "too-long")
        #expect(refused.drafts.isEmpty)
        for word in ["one ", "тысяча ", "thousand ", "2 ", "000 ", "вчера ", "и ", "$", "1.", "twenty-"] {
            let line = String(repeating: word, count: 10_000)
            checkWellFormed(parser.parse(line, context: context))
        }
    }

    @Test func invalidUTF8AndControlCharacters() {
        let samples: [[UInt8]] = [[0xFF, 0xFE, 0x31, 0x35, 0x30, 0x30], [0xC3], [0xE2, 0x82], [0x00, 0x31], [0x1B, 0x5B, 0x41],
                                  Array("кофе\u{0}1500\u{7F}".utf8), Array("\u{202E}1500 taxi".utf8)]
        for bytes in samples { checkWellFormed(parser.parse(String(decoding: bytes, as: UTF8.self), context: context)) }
    }
}
