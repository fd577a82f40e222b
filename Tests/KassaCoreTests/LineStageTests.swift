// Tests for the parser's stages, each over a LineView of one line: the view itself (tokens,
// language, text), numbers, money, dates (patterns), the scan's roles and the drafts. Each stage
// is read on its own, the way Parser chains them.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct LineStageTests {
    let grammar = GrammarFixtures.parser.grammar
    let today = CivilDate(year: 2026, month: 3, day: 10)!

    /// Runs `body` over the view of `text`, its scratch memory kept alive meanwhile.
    func reading<R>(_ text: String, language: Language = .en, _ body: (LineView, LineScratch.Buffers) -> R) -> R {
        let scratch = LineScratch()
        let line = LineView(text, grammar: grammar, ids: ClassIDs(grammar),
                            context: ParseContext(today: today, language: language), scratch: scratch)
        return withExtendedLifetime(scratch) { body(line, scratch.buffers) }
    }

    @Test func theViewHoldsTokensTextAndLanguage() {
        reading("Кофе, 1 500!") { line, _ in
            #expect(line.count == 5)
            #expect(line.language == .ru)
            #expect(line.wordText(0) == "кофе")
            #expect(line.text(0, 4) == "Кофе, 1 500")
            #expect(line.isPunct(1, ","))
            #expect(line.skipPunct(1) == 2)
            #expect(line.digitsValue(3) == 500)
        }
        // Without letters the session's language decides.
        reading("1 500", language: .ru) { line, _ in #expect(line.language == .ru) }
        reading("1 500", language: .en) { line, _ in #expect(line.language == .en) }
    }

    @Test func numbersAreReadFromDigitsAndWords() {
        reading("две тысячи пятьсот на такси") { line, memory in
            let numbers = NumberStage(line, scratch: memory)
            let n = numbers.readNumber(at: 0)
            #expect(n?.value == ExactNumber(units: 2500))
            #expect(n?.end == 3)
            #expect(n?.hasWords == true && n?.hasDigits == false)
            #expect(numbers.readNumber(at: 0)?.value == ExactNumber(units: 2500))  // from the memo
            #expect(numbers.readNumber(at: 4) == nil)  // "такси"
        }
        reading("rent 150 000 today") { line, memory in
            let n = NumberStage(line, scratch: memory).readNumber(at: 1)
            #expect(n?.value == ExactNumber(units: 150_000))
            #expect(n?.start == 1 && n?.end == 3)
        }
    }

    @Test func aProductTypedAsOneIsTheAmountAndASizeIsNone() {
        // "2х2500": count × price, the explanation's span starting at the count.
        reading("кофе 2х900", language: .ru) { line, memory in
            let m = MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1)
            #expect(m?.value == ExactNumber(units: 1800))
            #expect(m?.countStart == 1 && m?.end == line.count)
        }
        // Price first, a decimal price, spaced signs.
        reading("beer 2.50 x 3 usd") { line, memory in
            let m = MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1)
            #expect(m?.value.description == "7.5")
            #expect(m?.currency?.code == "USD")
        }
        // Two large sides are a size; a number right after makes the product a size too.
        reading("monitor 1920x1080 150000") { line, memory in
            #expect(MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1) == nil)
        }
        reading("photo 10x15 500") { line, memory in
            #expect(MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1) == nil)
        }
    }

    @Test func moneyIsAnAmountWithItsCurrency() {
        reading("$20 and 43c") { line, memory in
            let m = MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 0)
            #expect(m?.value.description == "20.43")
            #expect(m?.currency?.code == "USD")
            #expect(m?.end == line.count)
        }
        reading("обед 20 рублей 50 копеек") { line, memory in
            let m = MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1)
            #expect(m?.value.description == "20.5")
            #expect(m?.currency?.code == "RUB")
        }
        reading("sushi 1.500 yen") { line, memory in
            // A currency without minor units reads the dot as grouping.
            let m = MoneyStage(NumberStage(line, scratch: memory)).readMoney(at: 1)
            #expect(m?.value == ExactNumber(units: 1500))
        }
    }

    @Test func datesAreTheLongestPatternThatMeansSomething() {
        reading("coffee 10 August 1500") { line, memory in
            let dates = DateStage(NumberStage(line, scratch: memory))
            guard let hit = dates.bestPattern(at: 1), case .date(let d, _, _) = hit.value else {
                Issue.record("no date at 10 August"); return
            }
            #expect(d == CivilDate(year: 2025, month: 8, day: 10))
            #expect(hit.match.start == 1 && hit.match.end == 3)
            #expect(dates.bestPattern(at: 3) == nil || hit.match.end == 3)
        }
        reading("такси вчера") { line, memory in
            let hit = DateStage(NumberStage(line, scratch: memory)).bestPattern(at: 1)
            guard case .date(let d, _, _)? = hit?.value else { Issue.record("no date at вчера"); return }
            #expect(d == CivilDate(year: 2026, month: 3, day: 9))
        }
    }

    @Test func theScanGivesEveryTokenOneRole() {
        reading("coffee 1500 yesterday, um, from kaspi") { line, memory in
            let scanner = ScanStage(NumberStage(line, scratch: memory), scratch: memory)
            let s = scanner.scan(aliases: AccountAliases([AccountAlias(words: [Array("kaspi".utf8)], account: "kaspi")]))
            #expect(s.moneys.count == 1 && s.patterns.count == 1 && s.accounts.count == 1)
            guard case .plain = s.roles[0], case .money(0) = s.roles[1], case .pattern(0) = s.roles[2],
                  case .sep = s.roles[3], case .filler = s.roles[4], case .account(0) = s.roles[6] else {
                Issue.record("roles: \(Array(s.roles))"); return
            }
            #expect(s.accounts[0].name == "kaspi" && s.accounts[0].direction == -1)
        }
    }

    @Test func theDraftStageSplitsPartsAndCarriesTheDate() {
        reading("такси 2000 и кофе 900 вчера") { line, memory in
            let scanner = ScanStage(NumberStage(line, scratch: memory), scratch: memory)
            var s = scanner.scan(aliases: AccountAliases())
            let (drafts, _, _, error) = DraftStage(scanner).assemble(&s)
            #expect(error == nil)
            #expect(drafts.map { $0.amount?.decimalString } == ["2000.00", "900.00"])
            // The date said once, at the end, applies to both.
            #expect(drafts.map(\.date) == [CivilDate(year: 2026, month: 3, day: 9)!, CivilDate(year: 2026, month: 3, day: 9)!])
        }
    }
}
