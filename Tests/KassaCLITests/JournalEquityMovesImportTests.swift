// Journals whose money moves through equity rather than spending or income, imported and checked
// by the tool they were written for: hledger's year-end `close` pairs (the closing entry that takes
// every balance to equity, and the opening entry that brings it back the next day) leave every
// balance, the spending and the income as `hledger bal` and `hledger is` give them; beancount's
// `pad` directives each make their own entry on their own date, as beancount's loader does.

import Foundation
import Testing
import KassaTestSupport

@Suite struct JournalEquityMovesImportTests {
    let home = TestSupport.makeTemporaryDirectory("journal-equity")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], today: String = "2026-04-01") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--lang", "en", "--today", today], environment: env)
    }

    func tool(_ name: String) throws -> String { try JournalExportCheckTests.requireTool(name) }

    /// account|CODE → kassa's balance, zero balances left out.
    func balances(_ journal: String, today: String = "2026-04-01") throws -> [String: Decimal] {
        try PeoplesJournalsImportTests.balanceLines(try kassa(["balance", "--json", "--file", journal], today: today).output)
    }

    /// The total of a `kassa report` (spending or income) over every date the files use.
    func reportTotal(_ kind: String, _ journal: String) throws -> Decimal {
        let report = try kassa(["report", kind, "--period", "2020-01-01..2026-04-01", "--json", "--file", journal])
        let object = try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [String: Any]
        return Decimal(string: object?["total"] as? String ?? "") ?? -1
    }

    @discardableResult
    func importFile(_ file: String, into journal: String) throws -> String {
        let imported = try kassa(["import", file, "--file", journal, "--yes"])
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        return imported.output + imported.error
    }

    static let year = """
        2023-01-05 salary
            assets:cash    1000 KZT
            income:salary

        2023-03-01 coffee
            expenses:food    100 KZT
            assets:cash

        2023-06-01 to the bank
            assets:bank    300 KZT
            assets:cash


        """

    /// hledger's `close` output in its shapes: `close assets liabilities` (1.25: one equity
    /// account for both entries), the older two equity accounts, and a bare `close` that takes
    /// the income and expense accounts to equity too and brings them back.
    static let closings = [
        """
        2023-12-31 closing balances
            assets:bank                               -300 KZT = 0 KZT
            assets:cash                               -600 KZT = 0 KZT
            equity:opening/closing balances

        2024-01-01 opening balances
            assets:bank                                300 KZT = 300 KZT
            assets:cash                                600 KZT = 600 KZT
            equity:opening/closing balances

        """,
        """
        2023-12-31 closing balances
            assets:bank      -300 KZT = 0 KZT
            assets:cash      -600 KZT = 0 KZT
            equity:closing balances

        2024-01-01 opening balances
            assets:bank       300 KZT = 300 KZT
            assets:cash       600 KZT = 600 KZT
            equity:opening balances

        """,
        """
        2023-12-31 closing balances
            assets:bank       -300 KZT = 0 KZT
            assets:cash       -600 KZT = 0 KZT
            expenses:food     -100 KZT = 0 KZT
            income:salary     1000 KZT = 0 KZT
            equity:opening/closing balances

        2024-01-01 opening balances
            assets:bank        300 KZT = 300 KZT
            assets:cash        600 KZT = 600 KZT
            expenses:food      100 KZT = 100 KZT
            income:salary    -1000 KZT = -1000 KZT
            equity:opening/closing balances

        2024-02-01 tea
            expenses:food    50 KZT
            assets:cash

        """,
    ]

    @Test(arguments: closings.indices)
    func aYearEndClosingAndOpeningPairIsNoSpendingNorIncome(_ shape: Int) throws {
        let hledger = try tool("hledger")
        let file = path("close-\(shape).journal")
        try (Self.year + Self.closings[shape]).write(toFile: file, atomically: true, encoding: .utf8)
        let postings = try JournalImportToolTests().hledgerPostings(hledger, file)
        #expect(postings.count > 8, "\(postings)")
        let journal = path("close-\(shape).kassa")
        let output = try importFile(file, into: journal)
        #expect(output.contains("0 failed"), "\(output)")
        #expect(output.contains("Read 2 year-end closing and opening entries as moves through equity: no spending, no income."), "\(output)")
        // `hledger bal`: each account's balance.
        let expected = PeoplesJournalsImportTests.expected(postings)
        #expect(expected["cash|KZT"] != nil && expected["bank|KZT"] == 300, "\(expected)")
        #expect(try balances(journal) == expected)
        // `hledger is`: the expense and income accounts' postings, the closing pair's included.
        let spent = postings.filter { JournalImportToolTests.root($0.account) == "expenses" }.reduce(Decimal(0)) { $0 + $1.number }
        let earned = -postings.filter { JournalImportToolTests.root($0.account) == "income" }.reduce(Decimal(0)) { $0 + $1.number }
        #expect(try reportTotal("spending", journal) == spent)
        #expect(try reportTotal("income", journal) == earned)
        let listed = try kassa(["list", "all", "--json", "--file", journal]).output
        #expect(!listed.contains("closing balances") && !listed.contains("opening balances"), "\(listed)")
    }

    @Test func eachPadMakesItsOwnEntryOnItsOwnDate() throws {
        // The shape of beancount's documentation of `pad`: the account padded from opening
        // balances, a balance, spending, and a second pad and balance a month later.
        let file = path("pads.beancount")
        try """
            option "operating_currency" "USD"
            2024-01-01 open Assets:Cash USD
            2024-01-01 open Equity:Opening-Balances
            2024-01-01 open Expenses:Food USD
            2024-01-01 pad Assets:Cash Equity:Opening-Balances
            2024-01-10 balance Assets:Cash 100 USD
            2024-01-12 * "lunch"
              Expenses:Food  20 USD
              Assets:Cash
            2024-02-01 pad Assets:Cash Equity:Opening-Balances
            2024-02-10 balance Assets:Cash 250 USD
            2024-03-01 pad Assets:Cash Equity:Opening-Balances
            2024-03-10 balance Assets:Cash 200 USD

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let postings = try PeoplesJournalsImportTests().beancountPostings(file)
        let journal = path("pads.kassa")
        let output = try importFile(file, into: journal)
        #expect(output.contains("Checked 3 balance assertions: 0 failed."), "\(output)")
        // On each day the balance beancount's loader gives: the pads' entries on their own dates.
        for day in ["2024-01-05", "2024-01-15", "2024-02-05", "2024-03-05"] {
            let expected = PeoplesJournalsImportTests.expected(postings.filter { $0.date <= day })
            #expect(try balances(journal, today: day) == expected, "\(day)")
        }
        #expect(try balances(journal, today: "2024-01-15") == ["cash|USD": 80])
    }
}
