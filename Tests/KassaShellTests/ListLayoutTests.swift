// Tests for ListLayout: the streamed row (bytes) is the same text as the row the session shows,
// columns line up by display width, and totals are per currency.
import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell
import KassaStore

@Suite struct ListLayoutTests {
    let day = CivilDate(year: 2026, month: 3, day: 9)!

    func renderer(_ language: Language) -> TextRenderer {
        var renderer = TextRenderer(catalog: Fixtures.catalog(language), grammar: Grammar.load([]).0, style: TextStyle(enabled: false))
        renderer.categoryNames = CategoryNames(sources: Fixtures.resources.grammarSources)
        return renderer
    }

    var transactions: [Transaction] {
        [
            Transaction(id: 1, type: .expense, amount: Money(minorUnits: 150_000, currency: .kzt), date: day,
                        category: "food/coffee", account: "cash", note: "кофе"),
            Transaction(id: 12, type: .income, amount: Money(minorUnits: 45_000_000, currency: .kzt), date: day,
                        category: "income/salary", account: "каспи голд", note: "зарплата", recurrence: .monthly),
            Transaction(id: 123, type: .transfer, amount: Money(minorUnits: 2_000_000, currency: .kzt), date: day,
                        account: "kaspi", toAccount: "cash"),
            Transaction(id: 4, type: .expense, amount: Money(minorUnits: 1_099, currency: Currency(code: "USD")!), date: day,
                        category: nil, account: "usd", note: "漢字 \u{1B}[31m"),
            Transaction(id: 5, type: .expense, amount: Money(minorUnits: 700, currency: .kzt), date: day,
                        category: "no/such", account: "cash"),
        ]
    }

    @Test(arguments: [Language.en, .ru])
    func streamedRowsAreTheShownRows(language: Language) {
        let listing = TransactionListing(transactions)
        let layout = ListLayout(renderer: renderer(language), sample: listing)
        for transaction in transactions {
            var bytes: [UInt8] = []
            layout.append(transaction, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == layout.row(transaction) + "\n")
            #expect(!bytes.contains(0x1B))
        }
    }

    @Test func columnsAlignByDisplayWidth() {
        let listing = TransactionListing(transactions)
        let layout = ListLayout(renderer: renderer(.ru), sample: listing)
        let rows = transactions.map(layout.row)
        // The date column starts at the same display column on every row.
        let starts = rows.map { row in DisplayWidth.of(String(row[..<row.range(of: "2026-03-09")!.lowerBound])) }
        #expect(Set(starts).count == 1)
        var totals = ListingStream.Totals()
        transactions.forEach { totals.add($0) }
        #expect(layout.footer(count: 5, totals: totals).contains("+448 493,00 ₸") && layout.footer(count: 5, totals: totals).contains("−10,99 $"))
    }
}
