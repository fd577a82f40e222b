// Journals as people keep them, imported and checked by the tool they were written for: for every
// asset and liability account and every ISO currency, the balance `kassa balance` gives equals the
// sum of that account's real postings as hledger (`print -x -R -O csv`), ledger (`reg --real`) or
// beancount (its loader) reads them. The files: a UK household's include tree in £ and $
// (JournalFixtures/full-fledged-hledger, copied with its licence), and journals rebuilt after the
// shape of the tools' own examples (each test names its source).

import Foundation
import Testing
import KassaTestSupport

@Suite struct PeoplesJournalsImportTests {
    let home = TestSupport.makeTemporaryDirectory("peoples-journals")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }
    static let fixtures = JournalImportToolTests.fixtures

    func kassa(_ arguments: [String], today: String = "2026-04-01") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--lang", "en", "--today", today], environment: env)
    }

    func tool(_ name: String) throws -> String { try JournalExportCheckTests.requireTool(name) }

    /// account|CODE → balance of the tool's postings (asset and liability accounts, ISO currencies,
    /// kassa's names for them), zero balances left out.
    static func expected(_ postings: [JournalImportToolTests.Posting]) -> [String: Decimal] {
        let assets = postings.filter {
            ["assets", "liabilities"].contains(JournalImportToolTests.root($0.account)) && JournalImportToolTests.code($0.commodity) != nil
        }
        let names = JournalImportToolTests.kassaNames(Set(assets.map(\.account)))
        var expected: [String: Decimal] = [:]
        for p in assets { expected[names[p.account]! + "|" + JournalImportToolTests.code(p.commodity)!, default: 0] += p.number }
        return expected.filter { $0.value != 0 }
    }

    /// account|CODE → kassa's balance, zero balances left out.
    func balances(_ journal: String, today: String = "2026-04-01") throws -> [String: Decimal] {
        try Self.balanceLines(try kassa(["balance", "--json", "--file", journal], today: today).output)
    }

    /// `kassa balance --json` read as account|CODE → amount, zero balances left out.
    static func balanceLines(_ json: String) throws -> [String: Decimal] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var actual: [String: Decimal] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            let amount = Decimal(string: line["amount"] as? String ?? "") ?? -1
            if amount != 0 { actual[(line["account"] as? String ?? "") + "|" + (line["currency"] as? String ?? "")] = amount }
        }
        return actual
    }

    func hledgerPostings(_ file: String) throws -> [JournalImportToolTests.Posting] {
        try JournalImportToolTests().hledgerPostings(try tool("hledger"), file)
    }

    /// Imports `file` and returns the import's output.
    @discardableResult
    func importFile(_ file: String, into journal: String, _ extra: [String] = [], today: String = "2026-04-01") throws -> String {
        let imported = try kassa(["import", file, "--file", journal, "--yes"] + extra, today: today)
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        return imported.output + imported.error
    }

    @Test func aUKHouseholdsIncludeTreeInPoundsImportsWithHledgersBalances() throws {
        // github.com/adept/full-fledged-hledger, 16-fetching-prices: £ amounts, includes, $ prices.
        let file = Self.fixtures.appendingPathComponent("full-fledged-hledger/all.journal").path
        let journal = path("uk.kassa")
        let output = try importFile(file, into: journal)
        #expect(!output.contains("a commodity that is not a currency (stocks, lots, hours …): assets:cash £"), "\(output)")
        // "mortgage interest" is no category of kassa's, nor "Other": one of the person's own, said.
        #expect(output.contains("Made 5 categories of your own for names kassa does not know: casinos, employer, tutoring, "
                                + "mortage fees, mortgage interest"), "\(output)")
        let expected = Self.expected(try hledgerPostings(file))
        #expect(expected.count >= 6, "\(expected)")
        #expect(try balances(journal) == expected)
        // Its three years end with hledger's `close` and begin with its opening entry: moves through equity, no transactions.
        #expect(output.contains("Read 6 year-end closing and opening entries as moves through equity"), "\(output)")
        let count = try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n").count
        #expect(count == 68, "\(count) transactions")
    }

    @Test func everyUnambiguousSignAndHistoricCodeIsACurrency() throws {
        // Signs a journal puts before its amounts, RUR as Alfa-Bank and VTB still write it, and
        // the kuna of a Croatian account closed in 2023.
        let file = path("signs.journal")
        var text = ""
        let signs = [("£", "GBP"), ("€", "EUR"), ("₽", "RUB"), ("₸", "KZT"), ("¥", "JPY"), ("₹", "INR"), ("₩", "KRW"), ("₺", "TRY"),
                     ("₴", "UAH"), ("₪", "ILS"), ("₦", "NGN"), ("₱", "PHP")]
        for (k, (sign, _)) in signs.enumerated() {
            text += "2024-01-\(String(format: "%02d", k + 1)) shop \(k)\n    expenses:food    \(sign)100\n    assets:wallet \(k)\n\n"
        }
        text += "2024-02-01 old bank\n    assets:zagreb    250.00 HRK\n    equity:opening balances\n\n"
        text += "2024-02-02 alfa\n    assets:alfa    1500.00 RUR\n    income:salary\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("signs.kassa")
        let output = try importFile(file, into: journal)
        #expect(!output.contains("not a currency"), "\(output)")
        var expected: [String: Decimal] = [:]
        for (k, (_, code)) in signs.enumerated() { expected["wallet \(k)|" + code] = -100 }
        expected["zagreb|HRK"] = 250
        expected["alfa|RUB"] = 1500
        #expect(try balances(journal) == expected)
    }

    @Test func aBankCSVInRURAndSignsReadsTheCurrency() throws {
        let file = path("alfa.csv")
        try """
            Дата;Описание;Сумма;Валюта
            01.03.2024;Пятёрочка;-1 234,56;RUR
            02.03.2024;Istanbul bazaar;-250,00;₺
            03.03.2024;Zagreb;-40,00;HRK
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("alfa.kassa")
        try importFile(file, into: journal)
        let rows = try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(Set(rows.compactMap { $0["currency"] as? String }) == ["RUB", "TRY", "HRK"], "\(rows)")
    }

    @Test func anAccountNameBecomesACategoryOnlyByItsWholeNameAndEveryOtherIsOneOfYourOwn() throws {
        // The shape of beancount's example (bean-example: Expenses:Taxes:Y2024:US:Federal …) and of
        // the UK household's mortgage (full-fledged-hledger: expenses:mortgage interest).
        let file = path("names.beancount")
        try """
            option "operating_currency" "USD"
            2024-01-01 open Assets:US:BofA:Checking USD
            2024-01-01 open Expenses:Taxes:Y2024:US:Federal USD
            2024-01-01 open Expenses:Taxes:Y2024:US:SocSec USD
            2024-01-01 open Expenses:Home:MortgageInterest USD
            2024-01-01 open Expenses:Food:Groceries USD
            2024-01-01 open Income:US:Babble:Salary USD
            2024-01-05 * "Babble" "Payroll"
              Assets:US:BofA:Checking   3000.00 USD
              Expenses:Taxes:Y2024:US:Federal   1000.00 USD
              Expenses:Taxes:Y2024:US:SocSec   300.00 USD
              Income:US:Babble:Salary   -4300.00 USD
            2024-01-06 * "Bank" "Mortgage"
              Expenses:Home:MortgageInterest   450.00 USD
              Assets:US:BofA:Checking
            2024-01-07 * "Shop" "Food"
              Expenses:Food:Groceries   50.00 USD
              Assets:US:BofA:Checking

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("names.kassa")
        let dry = try kassa(["import", file, "--file", journal, "--dry-run"])
        #expect(dry.output.contains("Expenses:Taxes:Y2024:US:Federal → federal"), "\(dry.output)")
        #expect(dry.output.contains("Expenses:Home:MortgageInterest → mortgageinterest"), "\(dry.output)")
        #expect(dry.output.contains("Expenses:Food:Groceries → food/groceries"), "\(dry.output)")
        let output = try importFile(file, into: journal)
        #expect(output.contains("Made 3 categories of your own for names kassa does not know: Federal, MortgageInterest, SocSec"),
                "\(output)")
        let rows = try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let categories = Set(rows.compactMap { $0["category"] as? String })
        #expect(!categories.contains("transport/taxi") && !categories.contains("other"), "\(categories)")
        #expect(categories.isSuperset(of: ["federal", "socsec", "mortgageinterest", "food/groceries", "income/salary"]), "\(categories)")
    }

    @Test func anAmountWithoutACommodityBesideDollarsIsNoDollarAmount() throws {
        // hledger's examples/Cody.journal: `Assets:Farm  2` beside `Assets:Savings  $-600` is two
        // sheep bought for $600 (hledger infers the price); the dollars leave Savings all the same.
        let file = Self.fixtures.appendingPathComponent("hledger-Cody.journal").path
        let journal = path("cody.kassa")
        try importFile(file, into: journal)
        let expected = Self.expected(try hledgerPostings(file))
        #expect(expected == ["current|USD": 79_400, "micasa|USD": 180_000, "savings|USD": 18_146_836, "mortgage|USD": -28_000])
        #expect(try balances(journal) == expected)
    }

    @Test func yearlessDatesTakeTheYearDirectiveElseTodaysAndBareNumbersTheImportsCurrency() throws {
        // hledger's examples/borrowing.journal: `1/1`-style dates, no commodity anywhere.
        let file = Self.fixtures.appendingPathComponent("hledger-borrowing.journal").path
        // hledger reads the amounts without a commodity; kassa takes them in the import's currency.
        var expected: [String: Decimal] = [:]
        for (key, value) in Self.expected(try hledgerPostings(file).map { var p = $0; p.commodity = p.commodity.isEmpty ? "USD" : p.commodity; return p }) {
            expected[key] = value
        }
        #expect(expected == ["checking|USD": -24])
        let journal = path("borrowing.kassa")
        let output = try importFile(file, into: journal, ["--currency", "USD"], today: "2026-12-31")
        #expect(output.contains("The file names no currency: every amount is taken in USD"), "\(output)")
        #expect(output.contains("Checked 5 balance assertions: 0 failed."), "\(output)")
        #expect(try balances(journal, today: "2026-12-31") == expected)
        let dates = try kassa(["list", "all", "--json", "--file", journal], today: "2026-12-31").output.split(separator: "\n")
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["date"] as? String }
        #expect(Set(dates) == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-02-01", "2026-03-01", "2026-04-15", "2026-05-01"])
        // With `year 2023` at the top, the same dates are 2023's.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let withYear = path("borrowing-2023.journal")
        try ("year 2023\n" + text).write(toFile: withYear, atomically: true, encoding: .utf8)
        let journal2023 = path("borrowing-2023.kassa")
        try importFile(withYear, into: journal2023, ["--currency", "USD"])
        let dates2023 = try kassa(["list", "all", "--json", "--file", journal2023]).output.split(separator: "\n")
            .compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["date"] as? String }
        #expect(dates2023.count == 12 && dates2023.allSatisfy { $0.hasPrefix("2023-") }, "\(dates2023)")
        #expect(try balances(journal2023) == expected)
    }

    @Test func theDefaultCommodityDirectiveGivesBareAmountsItsCurrency() throws {
        // hledger's manual, "D directive": `D £1,000.00` and amounts written without a commodity after it.
        let file = path("default.journal")
        try """
            D £1,000.00

            2024-01-01 opening
                assets:bank:current    2500
                equity:opening balances

            2024-01-05 groceries
                expenses:groceries    45.20
                assets:bank:current

            2024-01-06 coffee in euros
                expenses:coffee    €3.50
                assets:cash    €-3.50

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("default.kassa")
        try importFile(file, into: journal)
        let expected = Self.expected(try hledgerPostings(file))
        #expect(expected == ["current|GBP": Decimal(string: "2454.80")!, "cash|EUR": Decimal(string: "-3.50")!])
        #expect(try balances(journal) == expected)
    }

    /// Every posting of a beancount file as beancount's loader reads it (pads filled).
    func beancountPostings(_ file: String) throws -> [JournalImportToolTests.Posting] {
        guard let check = JournalExportCheckTests.tool("bean-check") else {
            Issue.record("bean-check is not installed: run `bash .ci/setup`")
            throw CancellationError()
        }
        let python = (check as NSString).deletingLastPathComponent + "/python"
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, options = loader.load_file(sys.argv[1])
            for entry in entries:
                if isinstance(entry, data.Transaction):
                    for p in entry.postings:
                        print(str(entry.date) + "\\t" + p.account + "\\t" + p.units.currency + "\\t" + str(p.units.number))
            """
        let result = try ProcessRunner.run(python, ["-c", script, file], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 4, let number = Decimal(string: cells[3]) else { return nil }
            return JournalImportToolTests.Posting(date: cells[0], account: cells[1], commodity: cells[2], number: number)
        }
    }

    @Test func aPadBeforeBalancesInTwoCurrenciesFillsBoth() throws {
        // beancount's examples/simple/basic.beancount: `pad Assets:Cash` before a 200 CAD and a 300 USD balance.
        let file = Self.fixtures.appendingPathComponent("beancount-basic.beancount").path
        let journal = path("basic.kassa")
        try importFile(file, into: journal)
        let expected = Self.expected(try beancountPostings(file))
        #expect(expected["cash|USD"] == Decimal(string: "-1017.67") && expected["cash|CAD"] == 200, "\(expected)")
        #expect(try balances(journal) == expected)
    }

    @Test func ledgerPricesOfQuotedCommoditiesWithSpacesAreNoBadLines() throws {
        // The shape of ledger's manual ("Commodities and Currencies": quoted commodities with
        // spaces and parentheses) in a game-inventory journal: prices of "acid (vial)", one with a time.
        let ledger = try tool("ledger")
        let file = path("inventory.ledger")
        try """
            P 2024/01/02 "acid (vial)" $25.00
            P 2024/01/02 02:18:01 "healer's kit" $5
            P 2024/01/02 EUR $1.10

            2024/01/03 Alchemist
                assets:pack    2 "acid (vial)" @ $25.00
                assets:purse   $-50.00

            2024/01/04 Inn
                expenses:food    $3.50
                assets:purse

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("inventory.kassa")
        let output = try importFile(file, into: journal, ["--format", "ledger"])
        #expect(output.contains("Kept 1 price directive as an exchange rate."), "\(output)")
        #expect(output.contains("a price that is not between two currencies: acid (vial) $"), "\(output)")
        let result = try ProcessRunner.run(ledger, ["-f", file, "reg", "--real", "--format",
                                                    "%(format_date(date, \"%Y-%m-%d\"))\t%(account)\t%(commodity(amount))\t%(quantity(amount))\n"],
                                           environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        let postings = result.stdout.split(separator: "\n").compactMap { line -> JournalImportToolTests.Posting? in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 4, let number = Decimal(string: cells[3]) else { return nil }
            return JournalImportToolTests.Posting(date: cells[0], account: cells[1], commodity: cells[2], number: number)
        }
        let expected = Self.expected(postings)
        #expect(expected == ["purse|USD": Decimal(string: "-53.50")!])
        #expect(try balances(journal) == expected)
    }

    @Test func aBadLineInAnIncludedFileIsNamedByFileAndLineOutsideTheQuotedText() throws {
        let folder = path("tree")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "include 2014.journal\n".write(toFile: folder + "/all.journal", atomically: true, encoding: .utf8)
        try "2014/13/45 bad date\n    expenses:food    £5\n    assets:cash\n".write(toFile: folder + "/2014.journal", atomically: true,
                                                                                         encoding: .utf8)
        let result = try kassa(["import", folder + "/all.journal", "--file", path("tree.kassa"), "--dry-run"])
        #expect(result.status == 1)
        #expect(result.error.contains("line 2014.journal:1: not a date: \"2014/13/45\""), "\(result.error)")
    }

    @Test(arguments: ["hledger-Cody.journal", "full-fledged-hledger/all.journal", "beancount-basic.beancount"])
    func importingTheSameJournalAgainWritesNothingAndUndoStillTakesBackTheImport(_ name: String) throws {
        // Cody.journal has an expense and an income category of one name (Expenses:Gift, Income:Gift).
        let file = Self.fixtures.appendingPathComponent(name).path
        let journal = path("again.kassa")
        try importFile(file, into: journal)
        let first = try kassa(["list", "all", "--json", "--file", journal]).output
        let again = try importFile(file, into: journal)
        #expect(again.contains("Nothing new to import."), "\(again)")
        #expect(!again.contains("Made "), "\(again)")
        #expect(try kassa(["list", "all", "--json", "--file", journal]).output == first)
        let undone = try kassa(["undo", "--file", journal])
        #expect(undone.output.contains("Undone: import of #1"), "\(undone.output)")
        #expect(try kassa(["list", "all", "--json", "--file", journal]).output.isEmpty)
    }
}
