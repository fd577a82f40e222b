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

    /// Rows that take every path of the byte writer: escapes in accounts and notes, missing
    /// accounts, recurrences without notes, trailing spaces, signs, wide text, and currencies
    /// and categories the sample did not show.
    var unusual: [Transaction] {
        let usd = Currency(code: "USD")!, jpy = Currency(code: "JPY")!, gbp = Currency(code: "GBP")!
        return [
            Transaction(id: 7, type: .transfer, amount: Money(minorUnits: 1, currency: .kzt), date: day,
                        account: "ка\u{1B}сса", toAccount: nil, note: "  "),
            Transaction(id: 8, type: .transfer, amount: Money(minorUnits: 99, currency: usd), date: day,
                        account: nil, toAccount: "\u{202E}evil", recurrence: .weekly),
            Transaction(id: 9, type: .income, amount: Money(minorUnits: -123_456_789, currency: .kzt), date: day,
                        category: "income/salary", account: "漢字アカウント", note: "note with trailing  ", recurrence: .yearly),
            Transaction(id: 10_000, type: .expense, amount: Money(minorUnits: 1_500, currency: jpy), date: day,
                        category: "food/coffee", account: "cash", note: "😀 e\u{301} tab\there", recurrence: .daily),
            Transaction(id: 11, type: .expense, amount: Money(minorUnits: 999_999_999_999_99, currency: gbp), date: day,
                        category: "новая/категория", account: "", note: "\u{85}\u{7F}", recurrence: .quarterly),
            Transaction(id: 12, type: .income, amount: Money(minorUnits: 0, currency: .kzt), date: day,
                        category: nil, account: "cash", note: "", recurrence: .monthly),
        ]
    }

    @Test(arguments: [Language.en, .ru])
    func unusualRowsStreamAsShown(language: Language) {
        // The sample holds only the first rows: later currencies and categories take the slow path.
        let layout = ListLayout(renderer: renderer(language), sample: TransactionListing(transactions))
        var buffer = ByteBuffer(capacity: 16)
        var expected = ""
        for transaction in transactions + unusual {
            var bytes: [UInt8] = []
            layout.append(transaction, to: &bytes)
            layout.append(transaction, to: &buffer)
            expected += layout.row(transaction) + "\n"
            #expect(String(decoding: bytes, as: UTF8.self) == layout.row(transaction) + "\n")
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        // And with them in the sample, widths from the unusual rows: the widest of each column
        // as the shown row's texts measure.
        let wide = ListLayout(renderer: renderer(language), sample: TransactionListing(unusual + transactions))
        let all = unusual + transactions
        func header(_ key: String) -> Int { DisplayWidth.of(wide.renderer.catalog.text("list.header." + key)) }
        #expect(wide.idWidth == max(2, header("id"), all.map { "#\($0.id)".count }.max()!))
        #expect(wide.amountWidth == max(6, header("amount"), all.map { DisplayWidth.of(wide.amount($0)) }.max()!))
        #expect(wide.categoryWidth == max(8, header("category"), all.map { DisplayWidth.of(wide.category($0)) }.max()!))
        #expect(wide.accountWidth == max(7, header("account"), all.map { DisplayWidth.of(wide.account($0)) }.max()!))
        for transaction in unusual + transactions {
            var bytes: [UInt8] = []
            wide.append(transaction, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == wide.row(transaction) + "\n")
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
