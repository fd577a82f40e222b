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

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--lang", "en", "--today", "2026-04-01"], environment: env)
    }

    func tool(_ name: String) throws -> String {
        guard let found = JournalExportCheckTests.tool(name) else {
            Issue.record("\(name) is not installed: run `bash .ci/setup`")
            throw CancellationError()
        }
        return found
    }

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
    func balances(_ journal: String) throws -> [String: Decimal] {
        let balance = try kassa(["balance", "--json", "--file", journal])
        let object = try JSONSerialization.jsonObject(with: Data(balance.output.utf8)) as? [String: Any]
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
    func importFile(_ file: String, into journal: String) throws -> String {
        let imported = try kassa(["import", file, "--file", journal, "--yes"])
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
        let count = try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n").count
        #expect(count > 80, "\(count) transactions")
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
}
