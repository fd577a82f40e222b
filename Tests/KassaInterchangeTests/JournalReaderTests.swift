// JournalReaderTests: the hledger/ledger and beancount readers and JournalBook — amounts as the
// tools write them, transfers, split entries and paychecks giving the same balances, openings,
// prices, assertions, and hostile input: lines that are not UTF-8, a megabyte line, absurd
// amounts and dates (a problem naming the line, never a crash), include cycles and escapes.

import Testing
import KassaCore
@testable import KassaInterchange

struct JournalReaderTests {
    let book = JournalBook(vocabulary: AccountNameMapTests.vocabulary)
    let usd = Currency(code: "USD")!

    func records(_ text: String, beancount: Bool = false, include: JournalIncluder? = nil) throws -> ImportRecords {
        let bytes = Array(text.utf8)
        return try book.make(beancount ? BeancountReader.parse(bytes, include: include) : PlainTextReader.parse(bytes, include: include))
    }

    /// Each account's balance per currency as kassa would sum the records (openings included).
    func balances(_ records: ImportRecords) -> [String: Int64] {
        var out: [String: Int64] = [:]
        for account in records.journal?.accounts ?? [] {
            if let opening = account.opening { out[account.name + "|" + opening.currency.code, default: 0] += opening.minorUnits }
        }
        for t in records.transactions {
            let code = t.amount.currency.code
            switch t.type {
            case .expense: out[(t.account ?? "") + "|" + code, default: 0] -= t.amount.minorUnits
            case .income: out[(t.account ?? "") + "|" + code, default: 0] += t.amount.minorUnits
            case .transfer:
                out[(t.account ?? "") + "|" + code, default: 0] -= t.amount.minorUnits
                out[(t.toAccount ?? "") + "|" + code, default: 0] += t.amount.minorUnits
            }
        }
        return out.filter { $0.value != 0 }
    }

    @Test func numbersAndAmountsAsTheToolsWriteThem() {
        #expect(JournalNumber.read("1,000.50") == JournalNumber(value: 100050, scale: 2))
        #expect(JournalNumber.read("1,000") == JournalNumber(value: 1000, scale: 0))
        #expect(JournalNumber.read("1,5") == JournalNumber(value: 15, scale: 1))
        #expect(JournalNumber.read("1.000,50", decimalComma: true) == JournalNumber(value: 100050, scale: 2))
        #expect(JournalNumber.read("99999999999999999999") == nil)
        #expect(JournalNumber.read("1.2.3") == nil)
        #expect(PlainTextAmount.read("$1,000.00", decimalComma: nil) == JournalAmount(number: JournalNumber(value: 100000, scale: 2), commodity: "$"))
        #expect(PlainTextAmount.read("-$5", decimalComma: nil)?.number.value == -5)
        #expect(PlainTextAmount.read("$ -225.00", decimalComma: nil)?.number.value == -22500)
        #expect(PlainTextAmount.read("500.00€", decimalComma: nil)?.commodity == "€")
        #expect(PlainTextAmount.read("10 AAPL", decimalComma: nil)?.commodity == "AAPL")
        #expect(PlainTextAmount.read("KZT 1500", decimalComma: nil)?.number.value == 1500)
        #expect(PlainTextAmount.read("\"VANGUARD 500\" 2", decimalComma: nil)?.commodity == "VANGUARD 500")
        #expect(PlainTextAmount.read("12a34", decimalComma: nil) == nil)
    }

    @Test func splitsTransfersAndPaychecksKeepEveryBalance() throws {
        let r = try records("""
            ; a comment
            2026-01-01 opening
                assets:bank:kaspi      100000 KZT
                assets:cash             5000 KZT
                equity:opening balances

            2026-01-02 * shop ; split between two accounts
                expenses:food:coffee     1500 KZT
                expenses:rent deposit   10000 KZT
                assets:cash             -2000 KZT
                assets:bank:kaspi

            2026/1/3 withdraw
                assets:cash             20000 KZT = 23000 KZT
                assets:bank:kaspi

            2026-01-05 paycheck
                income:salary         -300000 KZT
                expenses:taxes          30000 KZT
                assets:bank:kaspi      270000 KZT

            2026-01-06 refund
                expenses:food:coffee     -500 KZT
                assets:cash
            """)
        #expect(r.problems.isEmpty)
        let kaspi: Int64 = (100_000 - 9_500 - 20_000 + 270_000) * 100
        let cash: Int64 = (5_000 - 2_000 + 20_000 + 500) * 100
        #expect(balances(r) == ["kaspi|KZT": kaspi, "cash|KZT": cash])
        #expect(r.transactions.contains { $0.type == .transfer && $0.account == "kaspi" && $0.toAccount == "cash" && $0.amount.minorUnits == 2_000_000 })
        #expect(r.transactions.contains { $0.type == .income && $0.category == "income/salary" && $0.amount.minorUnits == 3_000_000 })
        #expect(r.transactions.contains { $0.type == .expense && $0.category == "taxes" && $0.account == "kaspi" })
        #expect(r.transactions.contains { $0.type == .income && $0.category == "income/refund" && $0.amount.minorUnits == 50_000 })  // money back out of an expense category: a refund (amounts are never negative)
        #expect(r.journal?.accounts.first { $0.name == "kaspi" }?.opening == Money(minorUnits: 10_000_000, currency: .kzt))
        #expect(r.journal?.categories.map(\.name) == ["rent deposit", "taxes"])
        #expect(r.journal?.assertionsChecked == 1 && r.journal?.assertionFailures.isEmpty == true)
    }

    @Test func whatKassaCannotHoldIsListedByLine() throws {
        let r = try records("""
            ~ monthly
                expenses:rent  $500
                assets:bank:checking

            = /^income/
                (liabilities:tithe)  0.1

            P 2026-01-01 USD 480.50 KZT
            P 2026-01-01 AAPL $150

            2026-01-10 buy stock
                assets:broker        2 AAPL @ $150
                assets:bank:checking
                (budget:food)        $-5
                [assets:cash]        $1
                [assets:bank:checking]  $-1

            2026-01-11 check
                assets:bank:checking  $0 = $99
            """)
        let reasons = (r.journal?.skips ?? []).map { "\($0.line) \($0.reason)" }
        #expect(reasons == ["1 periodic", "5 automated", "9 price", "12 commodity", "14 virtual", "15 virtual", "16 virtual"])
        #expect(balances(r) == ["checking|USD": -30000])
        #expect(r.objects.contains { $0.kind == "rate" && $0.key == "USD 2026-01-01" && $0["rate"] == "480.5" })
        #expect(r.journal?.assertionFailures.first?.line == 19)
        #expect(r.journal?.assertionFailures.first?.actual == Money(minorUnits: -30000, currency: usd))
    }

    @Test func hostileLinesAreProblemsNamingTheirLine() throws {
        var bytes = Array("""
            2026-01-01 fine
                assets:cash  $1
                income:gift

            2026-01-02 too much
                assets:cash  $99999999999999999
                income:gift

            2026-13-45 no such day
                assets:cash  $1
                income:gift

            2026-01-03 unbalanced
                assets:cash  $1
                income:gift  $-2

            """.utf8)
        bytes += [0x32, 0x30, 0xFF, 0xFE, 0x0A]   // line 16: not UTF-8
        bytes += Array("2026-01-04 ".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\n  assets:cash  $2\n  income:gift\n".utf8)
        let r = try book.make(PlainTextReader.parse(bytes))
        #expect(r.problems.map { "\($0.line) \($0.reason)" }.sorted() == ["13 journal-unbalanced", "16 encoding", "6 amount", "9 date"])
        #expect(balances(r)["cash|USD"] == 300)
    }

    @Test func aSumThatOverflowsIsABadLineNotAWrappedNumber() throws {
        let r = try records("""
            2026-01-01 too much twice
                assets:cash  90000000000000000 KZT
                assets:bank  90000000000000000 KZT
                income:gift

            """)
        #expect(r.problems.map { "\($0.line) \($0.reason)" } == ["1 amount"])
        #expect(r.transactions.isEmpty)
    }

    @Test(arguments: [false, true])
    func aDateOutsideTheSupportedYearsIsABadDateOfItsLine(_ beancount: Bool) throws {
        let text = beancount
            ? "2026-03-01 * \"coffee\"\n  Expenses:Food  5 USD\n  Assets:Cash\n\n3050-03-02 * \"tea\"\n  Expenses:Food  5 USD\n  Assets:Cash\n\n1899-12-31 * \"old\"\n  Expenses:Food  5 USD\n  Assets:Cash\n"
            : "2026-03-01 coffee\n  expenses:food  $5\n  assets:cash\n\n3050-03-02 tea\n  expenses:food  $5\n  assets:cash\n\n1899-12-31 old\n  expenses:food  $5\n  assets:cash\n"
        let r = try records(text, beancount: beancount)
        #expect(r.problems.map { "\($0.line) \($0.reason)" } == ["5 date", "9 date"])
        #expect(r.transactions.count == 1)
    }

    @Test func includesStayInTheFolderAndCyclesAreRefused() throws {
        let files: [String: String] = [
            "a.journal": "include b.journal\n2026-01-01 a\n  assets:cash  $1\n  income:gift\n",
            "b.journal": "include a.journal\n2026-01-02 b\n  assets:cash  $2\n  income:gift\n",
        ]
        let include: JournalIncluder = { path, _ in
            if path.hasPrefix("/") || path.contains("..") { return .refused("outside") }
            guard let text = files[path] else { return .refused("unreadable") }
            return .file(key: path, name: path, bytes: Array(text.utf8))
        }
        let top = "include a.journal\ninclude ../../etc/passwd\ninclude /etc/passwd\ninclude *.journal\n"
        let r = try book.make(PlainTextReader.parse(Array(top.utf8), key: "top", include: include))
        #expect(r.problems.map(\.reason).sorted() == ["journal-include-cycle", "journal-include-outside", "journal-include-outside",
                                                      "journal-include-unreadable"])
        #expect(balances(r)["cash|USD"] == 300)
    }

    /// Balance checks over many accounts cost their number, not accounts × checks: a check is one
    /// lookup of a balance kept as postings come (SubaccountBalances), each posting moving at most
    /// one balance per part of its name, each name walked once.
    @Test func balanceChecksOverManyAccountsAreLinear() throws {
        let n = 2_000
        var subtotals = SubaccountBalances()
        subtotals.watch("Assets")
        for k in 0..<n { subtotals.watch("Assets:Bank:A\(k)") }
        let watching = subtotals.steps
        #expect(watching <= 3 * n + 1)
        for k in 0..<n {
            subtotals.add("Assets:Bank:A\(k)", usd, 100)
            subtotals.add("Assets:Bank:A\(k):Sub", usd, 1)
        }
        // Two names a posting, each walked once (at most 4 parts) and moving at most 2 balances.
        #expect(subtotals.steps - watching <= n * (4 + 2 + 3 + 2))
        #expect(subtotals.balance("Assets")[usd] == Int64(n) * 101)
        #expect(subtotals.balance("Assets:Bank:A7")[usd] == 101)
        #expect(subtotals.balance("Assets:Bank").isEmpty)
        // The same shape through a beancount file: every check holds.
        var text = "2024-01-01 open Equity:Opening-Balances\n"
        for k in 0..<n {
            text += "2024-01-01 * \"in\"\n  Assets:Bank:A\(k)  100 USD\n  Equity:Opening-Balances\n"
            text += "2024-01-02 balance Assets:Bank:A\(k)  100 USD\n"
        }
        text += "2024-01-03 balance Assets  \(n * 100) USD\n"
        let r = try records(text, beancount: true)
        #expect(r.journal?.assertionsChecked == n + 1 && r.journal?.assertionFailures.isEmpty == true)
    }

    @Test func beancountEntriesCostsAndBalanceDirectives() throws {
        let r = try records("""
            option "operating_currency" "USD"
            2023-01-01 open Assets:US:BofA:Checking USD
            2023-01-01 open Assets:US:ETrade:Cash USD
            2023-01-01 * "Opening Balance for checking account"
              Assets:US:BofA:Checking                         3362.81 USD
              Equity:Opening-Balances                        -3362.81 USD

            2023-01-02 balance Assets:US:BofA:Checking        3362.81 USD

            2023-01-03 * "RiverBank Properties" "Paying the rent"
              Assets:US:BofA:Checking                        -2400.00 USD
                memo: "january"
              Expenses:Home:Rent                              2400.00 USD

            2024-02-07 * "Sell shares of ITOT"
              Assets:US:ETrade:ITOT       -8 ITOT {145.55 USD, 2023-11-20} @ 149.17 USD
              Assets:US:ETrade:Cash                           1184.41 USD
              Expenses:Financial:Commissions                     8.95 USD
              Income:US:ETrade:PnL

            2024-03-01 balance Assets:US:BofA:Checking        1.00 USD
            2024-03-02 pad Assets:US:BofA:Checking Equity:Opening-Balances
            2024-03-05 balance Assets:US:BofA:Checking        1000.00 USD
            """, beancount: true)
        #expect(r.problems.isEmpty)
        // The pad of 2024-03-02 gives checking what its balance of 2024-03-05 says (962.81 → 1000.00).
        #expect(balances(r) == ["checking|USD": 100000, "cash|USD": 118441])
        #expect(r.transactions.first { $0.category != nil && $0.type == .expense && $0.amount.minorUnits == 240000 }?.note
                == "RiverBank Properties | Paying the rent")
        // PnL: 8 × (149.17 − 145.55) − 8.95 … as the elided posting makes it: −(−8×145.55 + 1184.41 + 8.95).
        #expect(r.transactions.contains { $0.type == .income && $0.category == "income/pnl" && $0.amount.minorUnits == 2896 })
        #expect(r.journal?.assertionsChecked == 3)
        #expect(r.journal?.assertionFailures.map(\.line) == [21])
        #expect(r.journal?.skips.map(\.reason) == ["commodity"])
    }

    @Test func aHundredThousandEntriesAreRead() throws {
        var text = ""
        for i in 0..<100_000 {
            text += "2026-01-\(i % 28 + 1) entry \(i)\n    expenses:food  \(i % 997 + 1).25 KZT\n    assets:cash\n\n"
        }
        let parse = PlainTextReader.parse(Array(text.utf8))
        #expect(parse.entries.count == 100_000)
        #expect(parse.problems.isEmpty)
    }
}
