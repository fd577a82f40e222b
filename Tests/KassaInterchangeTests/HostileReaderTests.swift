// Hostile input to the readers: an include diamond reads each file once; rules patterns match in linear time and agree with a regular
// expression engine on random patterns; the National Bank rates file is read in one pass, an
// unreadable <quant> or an unclosed <item> is a problem named with its line, never a wrong rate
// or a swallowed item.
import Foundation
import Testing
import KassaTestSupport
import KassaCore
@testable import KassaInterchange

@Suite struct HostileReaderTests {
    // MARK: - Includes

    /// 14 files deep, each including the next one twice: read once each, the includer is
    /// asked 2 × 14 times and the one transaction at the bottom counts once. Reading every
    /// include would ask it 2^15 times, and 2^33 at the depth the readers allow.
    @Test(arguments: [false, true])
    func anIncludeDiamondIsReadOnceAFile(_ beancount: Bool) throws {
        let depth = 14
        let bottom = beancount ? "2026-01-01 * \"tea\"\n  Assets:Cash  -5 USD\n  Expenses:Food  5 USD\n"
                               : "2026-01-01 tea\n  expenses:food  $5\n  assets:cash\n"
        let asked = Counter()
        let include: JournalIncluder = { path, _ in
            asked.add()
            guard let k = Int(path.dropFirst().prefix { $0 != "." }) else { return .refused("unreadable") }
            let text = k == depth ? bottom : "include \"f\(k + 1).j\"\ninclude \"f\(k + 1).j\"\n"
            return .file(key: path, name: path, bytes: Array(text.utf8))
        }
        let top = Array("include \"f1.j\"\ninclude \"f1.j\"\n".utf8)
        let parse = beancount ? BeancountReader.parse(top, key: "top", include: include) : PlainTextReader.parse(top, key: "top", include: include)
        #expect(asked.value <= 2 * depth, "\(asked.value)")
        #expect(parse.entries.count == 1)
        #expect(parse.skips.filter { $0.reason == "include-again" }.count == depth)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

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

    /// A rules file's patterns together stay within `maximumTotalStates`: a row costs at most its
    /// length times that many states, however many rules there are. Each `[a-z ]{1000}X` is
    /// 1,002 states: nine fit, the tenth is refused at its line, in either syntax.
    @Test func aRulesFilesPatternsAreBoundedInAll() throws {
        let rule = "[a-z ]{1000}X"
        #expect(try #require(RulePattern.compile(rule)).size == 1_002)
        let nine = String(repeating: "if \(rule) then category food\n", count: 9)
        let rules = try ImportRules(nine)
        #expect(rules.rules.compactMap(\.pattern).reduce(0) { $0 + $1.size } <= RulePattern.maximumTotalStates)
        let hundred = "# a hundred rules\n" + String(repeating: "if \(rule) then category food\n", count: 100)
        #expect(throws: ImportProblem(line: 11, reason: "rules-too-large", detail: "if \(rule) then category food")) {
            try ImportRules.read(hundred)
        }
        let hledger = "fields date, amount, description\n" + String(repeating: "if \(rule)\n account2 expenses:food\n", count: 100)
        #expect(throws: ImportProblem(line: 20, reason: "rules-too-large", detail: "if \(rule)")) { try HledgerRules(hledger) }
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

/// Rows are never lost or misread without a word: broken CSV structure is a problem naming its
/// line; no number is read by dropping characters; a refund is not a duplicate of its purchase.
@Suite struct HostileRowTests {
    let vocabulary = InterchangeFixtures.vocabulary

    func csv(_ text: String) -> ImportRecords {
        CSVReader.read(Array(text.utf8), vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi", currency: .kzt, dateOrder: .dmy))
    }

    @Test func brokenQuotesAndLineEndsAreNamedNotSwallowed() {
        let unclosed = csv("Date,Note,Amount\n01.03.2026,\"coffee,-1500\n02.03.2026,tea,-500\n03.03.2026,bread,-300\n")
        #expect(unclosed.transactions.isEmpty)
        #expect(unclosed.problems.map(\.reason) == ["quote"] && unclosed.problems.first?.line == 2)
        let trailing = csv("Date,Note,Amount\n01.03.2026,\"coffee\" extra,-1500\n")
        #expect(trailing.problems.map(\.reason) == ["after-quote"] && trailing.problems.first?.line == 2)
        let carriage = csv("Date,Note,Amount\r01.03.2026,coffee,-1500\r02.03.2026,tea,-500\r")
        #expect(carriage.problems.map(\.reason) == ["line-end"])
        // CRLF and quoted line breaks stay fine.
        let good = csv("Date,Note,Amount\r\n01.03.2026,\"two\nlines\",-1500\r\n02.03.2026,\"a \"\"b\"\"\",-500\r\n")
        #expect(good.problems.isEmpty && good.transactions.count == 2)
    }

    @Test func noAmountIsReadByDroppingCharacters() {
        for text in ["1e3", "12a34", "1.2.3", "1,2,3", "1 2 3", "12 34", "1'2'3", "1,23,456", "1.234,5.6"] {
            #expect(AmountText.read(Substring(text)) == nil, "\(text)")
        }
        for (text, whole, fraction) in [("1 234,56", "1234", "56"), ("1,234.56", "1234", "56"), ("1.234.567", "1234567", ""),
                                        ("+ 450 000,00 ₸", "450000", "00"), ("12.99 USD", "12", "99"), ("1'500", "1500", ""),
                                        ("-1 500,00", "1500", "00"), ("0,125", "0", "125"), ("1500", "1500", "")] {
            let reading = AmountText.read(Substring(text))
            #expect(reading?.whole == whole && reading?.fraction == fraction, "\(text)")
        }
        // Random strings: whatever reads as a number has only its own digits.
        var generator = SeededGenerator(state: 99)
        let alphabet = Array("0123456789 .,'-+e$₸aбUSD()")
        for _ in 0..<5000 {
            let text = String((0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            guard let reading = AmountText.read(Substring(text)) else { continue }
            let digits = text.filter { $0.isASCII && $0.isNumber }
            #expect(reading.whole + reading.fraction == digits, "\(text)")
        }
    }

    @Test func appCSVNumbersAreStrict() {
        let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n"
        for amount in ["1e3", "12a34", "$5", "1.2.3", "\"1,2,3\"", "1 2 3"] {
            let records = TenraCSVReader.read(Array((header + "2026-03-02,expense,\(amount),KZT,Kaspi Gold,food,,x,,,\n").utf8),
                                              vocabulary: vocabulary)
            #expect(records.transactions.isEmpty && records.problems.map(\.reason) == ["amount"], "\(amount)")
        }
    }

    @Test func aRefundIsNotADuplicateOfThePurchase() {
        let day = CivilDate(year: 2026, month: 3, day: 1)!
        let purchase = Transaction(id: 1, type: .expense, amount: InterchangeFixtures.kzt(1500), date: day, account: "kaspi", note: "shop")
        var refund = purchase
        refund.id = 0
        refund.type = .income
        #expect(Duplicates.remove(from: [refund], existing: [purchase]).skipped == 0)
        var again = purchase
        again.id = 0
        #expect(Duplicates.remove(from: [again], existing: [purchase]).skipped == 1)
    }

    /// A statement row whose date does not exist, or lies outside
    /// 1900–2999, is named with its line, never dropped and never the end of the import; two-digit
    /// years are read as POSIX's %y reads them (69–99 → 1969–1999, 00–68 → 2000–2068).
    @Test func statementDatesThatAreNoDatesAreNamedAndTwoDigitYearsArePOSIX() {
        let text = "Выписка\n31.02.26   - 1 500,00 ₸   Покупка   x\n01.01.99   - 500,00 ₸   Покупка   y\n"
            + "31.12.68   - 700,00 ₸   Покупка   z\n00.13.2026   - 1,00 ₸   Покупка   w\n01.01.3050   - 900,00 ₸   Покупка   v\n"
            + "01.01.69   - 300,00 ₸   Покупка   u\n"
        let records = StatementReader.read(text, vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi"))
        #expect(records.problems.map(\.line) == [2, 5, 6], "\(records.problems)")
        #expect(records.problems.map(\.reason) == ["date", "date", "date-bounds"])
        #expect(records.transactions.map(\.date) == [CivilDate(year: 1999, month: 1, day: 1)!, CivilDate(year: 2068, month: 12, day: 31)!,
                                                     CivilDate(year: 1969, month: 1, day: 1)!])
        for (cell, year) in [("01.01.99", 1999), ("01.01.69", 1969), ("01.01.68", 2068), ("01.01.00", 2000), ("01/01/99", 1999)] {
            #expect(DateText.parse(Substring(cell), order: .dmy)?.year == year, "\(cell)")
        }
        #expect(DateText.parse("01.01.199", order: .dmy) == nil)
        // The same in a CSV and the app's CSV: the row is named, the others imported.
        let csv = csv("Date,Note,Amount\n01.01.99,a,-5\n01.01.3050,b,-5\n3050-01-01,c,-5\n1899-12-31,d,-5\n02.01.99,e,-5\n")
        #expect(csv.problems.map(\.line) == [3, 4, 5] && csv.problems.allSatisfy { $0.reason == "date-bounds" }, "\(csv.problems)")
        #expect(csv.transactions.map(\.date.year) == [1999, 1999])
        let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n"
        let app = TenraCSVReader.read(Array((header + "2026-03-02,expense,1500.00,KZT,Kaspi Gold,food,,x,,,\n3050-03-02,expense,1.00,KZT,Kaspi Gold,food,,x,,,\n").utf8),
                                      vocabulary: vocabulary)
        #expect(app.problems.map(\.line) == [3] && app.problems.first?.reason == "date-bounds" && app.transactions.count == 1)
    }

    /// Found by the importer fuzz: Swift reads CR LF as one Character, so a Windows statement
    /// split at "\n" was one line — nothing imported, nothing said — and a CRLF rules file one rule.
    @Test func windowsLineEndsSplitStatementsAndRulesFiles() throws {
        let text = "Выписка\r\n02.03.26   - 1 500,00 ₸   Покупка   x\r\n31.02.26   - 5,00 ₸   Покупка   y\r\n"
        #expect(StatementReader.looksLikeStatement(text))
        let records = StatementReader.read(text, vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi"))
        #expect(records.transactions.map(\.note) == ["x"] && records.problems.map(\.line) == [3], "\(records.problems)")
        let rules = try ImportRules("if coffee then category food\r\nif taxi then category transport/taxi\r\n")
        #expect(rules.match(["taxi"]).category == "transport/taxi" && rules.match(["coffee"]).category == "food")
        #expect(throws: ImportProblem.self) { try ImportRules("if coffee then category food\r\nnonsense here\r\n") }
    }
}
