// Tests for the CSV import's fast path (CSVReader's encoded reading): on tables with awkward
// rows — quotes inside cells, line breaks inside quotes across the cuts between pieces, decimal
// commas, bad fields, unknown categories, dates out of bounds, CRLF, a byte order mark, invalid
// UTF-8, formula apostrophes, more accounts than the label table holds — the rows read on both
// threads and encoded from the table's bytes are exactly the careful reader's: the same
// transactions in the same order, records equal to the journal's encoding of them, the same
// problems on the same lines, the same unknown categories and counts.
import Foundation
import KassaCore
import KassaStore
import Testing
@testable import KassaInterchange

@Suite struct CSVEncodedReadTests {
    /// What the encoded reading handed on.
    struct Read {
        var records = ImportRecords()
        var all: [Transaction] = [], fast: [Transaction] = []
        var ids: [Int] = [], spooled: [UInt8] = []
        var counted = RowCounts(), accounts: [String?: Int] = [:]
    }

    static func readEncoded(_ bytes: [UInt8], rules: ImportRules = ImportRules(), defaults: ImportDefaults = ImportDefaults(),
                            stretch: Int = CSVStream.defaultStretch) throws -> Read {
        var read = Read()
        var all: [Transaction] = [], fast: [Transaction] = [], ids: [Int] = [], spooled: [UInt8] = []
        var counted = RowCounts(), accounts: [String?: Int] = [:]
        read.records = try CSVReader.read(bytes, vocabulary: InterchangeFixtures.vocabulary, rules: rules, defaults: defaults,
                                          split: EncodedImportTests.threaded, stretch: stretch, encode: { row, out in
            ImportSink.encode(id: row.id, type: row.type, amount: row.amount, date: row.date, time: row.time,
                              category: row.categoryBytes, account: row.accountBytes, toAccount: row.toAccountBytes,
                              recurrence: row.recurrence, note: row.note, input: row.input, to: &out)
        }, rows: { run in
            for k in 0..<run.count { fast.append(run.transaction(k)) }
            all += fast[(fast.count - run.count)...]
            ids.append(contentsOf: run.ids)
            spooled.append(contentsOf: run.records)
        }, counts: { counts in
            counted.expense += counts.expense
            counted.income += counts.income
            counted.transfer += counts.transfer
            for (name, n) in counts.accounts { accounts[name, default: 0] += n }
        }, transaction: { all.append($0) })
        read.all = all
        read.fast = fast
        read.ids = ids
        read.spooled = spooled
        read.counted = counted
        read.accounts = accounts
        return read
    }

    /// The encoded reading gives what the careful one gives, and its runs are their rows.
    static func expectSame(_ bytes: [UInt8], rules: ImportRules = ImportRules(), defaults: ImportDefaults = ImportDefaults(),
                           stretches: [Int] = [1, 333, 4096, CSVStream.defaultStretch], minimumFast: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let careful = CSVReader.read(bytes, vocabulary: InterchangeFixtures.vocabulary, rules: rules, defaults: defaults)
        for stretch in stretches {
            let read = try readEncoded(bytes, rules: rules, defaults: defaults, stretch: stretch)
            #expect(read.all == careful.transactions, "stretch \(stretch)", sourceLocation: sourceLocation)
            #expect(read.records.problems == careful.problems, "stretch \(stretch)", sourceLocation: sourceLocation)
            #expect(read.records.unknownCategories == careful.unknownCategories, "stretch \(stretch)", sourceLocation: sourceLocation)
            #expect(read.records.dateOrder == careful.dateOrder, sourceLocation: sourceLocation)
            #expect(read.records.separator == careful.separator, sourceLocation: sourceLocation)
            #expect(read.fast.count >= minimumFast, "stretch \(stretch): \(read.fast.count) fast", sourceLocation: sourceLocation)
            var expected: [UInt8] = [], expectedAccounts: [String?: Int] = [:]
            for t in read.fast {
                ImportSink.encode(t, to: &expected)
                expected.append(10)
                expectedAccounts[t.account, default: 0] += 1
                if let to = t.toAccount { expectedAccounts[to, default: 0] += 1 }
            }
            #expect(read.ids == read.fast.map(\.id), sourceLocation: sourceLocation)
            #expect(read.spooled == expected, "stretch \(stretch)", sourceLocation: sourceLocation)
            #expect(read.counted.expense == read.fast.filter { $0.type == .expense }.count, sourceLocation: sourceLocation)
            #expect(read.counted.income == read.fast.filter { $0.type == .income }.count, sourceLocation: sourceLocation)
            #expect(read.counted.transfer == read.fast.filter { $0.type == .transfer }.count, sourceLocation: sourceLocation)
            #expect(read.accounts == expectedAccounts, "stretch \(stretch)", sourceLocation: sourceLocation)
        }
    }

    /// Rows of kassa's own columns, every kind of awkward cell among plain ones.
    static func kassaTable(rows: Int) -> [UInt8] {
        var text = "\u{FEFF}id,date,time,type,amount,currency,category,account,to_account,note,recurrence,input\r\n"
        var bytes: [UInt8] = []
        for k in 0..<rows {
            let id = k + 1
            let row: String
            switch k % 29 {
            case 1: row = "\(id),2026-01-05,,expense,12.50,KZT,food,cash,,\"say \"\"hi\"\"\",,"
            case 2: row = "\(id),2026-01-05,09:30,expense,7,USD,mystery \(k % 3),card,,\"two\nlines \(k)\",,x"
            case 3: row = "\(id),05.01.2026,,expense,\"1 234,50\",KZT,food,cash,,comma,,"
            case 4: row = "\(id),2026-13-01,,expense,1,KZT,food,cash,,bad date,,"
            case 5: row = "\(id),2026-01-05,,expense,abc,KZT,food,cash,,bad amount,,"
            case 6: row = "\(id),2026-01-05,,expense,1,XYZW,food,cash,,bad currency,,"
            case 7: row = "\(id),2026-01-05,,sideways,1,KZT,food,cash,,bad type,,"
            case 8: row = "-\(id),2026-01-05,,expense,1,KZT,food,cash,,bad id,,"
            case 9: row = "\(id),2026-01-05,25:00,expense,1,KZT,food,cash,,bad time,,"
            case 10: row = "\(id),2026-01-05,,expense,1,KZT,food,cash,,bad recurrence,sometimes,"
            case 11: row = "\(id),1800-01-01,,expense,1,KZT,food,cash,,too old,,"
            case 12: row = "\(id),2026-01-05,,expense,1234567890123.00,KZT,food,cash,,too large,,"
            case 13: row = "\(id),2026-01-05,,expense,0.00,KZT,food,cash,,zero,,"
            case 14: row = "\(id),2026-01-06,,income,150000,KZT,salary,kaspi,,зарплата 😀,monthly,зарплата"
            case 15: row = "\(id),2026-01-06,,income,5,KZT,food,kaspi,,income with an expense category,,"
            case 16: row = "\(id),2026-01-06,,expense,5,KZT,income/salary,kaspi,,expense with an income category,,"
            case 17: row = "\(id),2026-01-06,,transfer,20000,KZT,food,kaspi,cash,to cash,,"
            case 18: row = "\(id),2026-01-06,,перевод,-300,KZT,,kaspi,'=card,formula account,,"
            case 19: row = "#\(id),2026-01-06,,покупка,3.5,EUR,'=SUM(A1),'-eur,,'+note,,'@input"
            case 20: row = "\(id), 2026-01-06 ,,expense, 40 ,KZT, food , cash ,, spaced ,, "
            case 21: row = "\(id),2026-01-06,,expense,4.123,KWD,food,cash,,three digits,,"
            case 22: row = "\(id),2026-01-06,,expense,4.5,JPY,food,cash,,no minor units,,"
            case 23: row = "\(id),2026-01-06,,Expense,-9.99,usd,FOOD,Cash,,cases,Monthly,"
            case 24: row = "\(id),2026-01-06"
            case 25: row = ""
            case 26: row = "\(id),2026-01-06,,expense,1,KZT,food,cash,,tab\tand\\backslash,,"
            default: row = "\(id),2026-01-\(String(format: "%02d", k % 28 + 1)),\(k % 3 == 0 ? "" : "1\(k % 10):0\(k % 6)"),\(k % 7 == 0 ? "income" : "expense"),\(k % 5 == 0 ? "-" : "")\(k * 37 % 100000).\(k % 100 < 10 ? "0" : "")\(k % 100),\(["KZT", "USD", "EUR", "RUB"][k % 4]),\(["food", "subscriptions", "other", "кофе", ""][k % 5]),\(["cash", "kaspi", "halyk", ""][k % 4]),,цветы \(k % 17),,цветы \(k)"
            }
            bytes += Array((text + row + (k % 2 == 0 ? "\r\n" : "\n")).utf8)
            text = ""
            // Invalid UTF-8 in a note: the careful reader's String repairs it.
            if k % 29 == 27 { bytes += Array("\(id),2026-01-07,,expense,1,KZT,food,cash,,bad ".utf8) + [0xFF, 0xC3] + Array(",,\n".utf8) }
        }
        return bytes
    }

    @Test func awkwardRowsReadFastAreTheCarefulReadersRows() throws {
        let bytes = CSVEncodedReadTests.kassaTable(rows: 3_000)
        // Most rows are awkward ones: a quarter or more are still plain enough to be read fast.
        try CSVEncodedReadTests.expectSame(bytes, minimumFast: 1_000)
        let careful = CSVReader.read(bytes, vocabulary: InterchangeFixtures.vocabulary)
        // The table is as awkward as meant: problems named, unknown names counted, both paths taken.
        #expect(careful.problems.count > 500)
        #expect(careful.unknownCategories.keys.contains("mystery 1"))
        #expect(careful.transactions.contains { $0.note == "two\nlines 2" })
    }

    @Test func aBankTableWithoutTypeIdOrAccountColumns() throws {
        // Semicolons, a default account and currency, categories by name or (without a
        // category cell) left out, and one table with no category column at all (the note's).
        var text = "Дата;Сумма;Категория;Описание\n"
        var plain = "date;amount;note\n"
        for k in 0..<2_000 {
            let amount = k % 13 == 0 ? "\"-1 500,25\"" : "-\(k % 900 + 1).\(k % 10)0"
            text += "2026-02-\(String(format: "%02d", k % 27 + 1));\(amount);\(["food", "кофе", "unknown thing", ""][k % 4]);кофе у \(k % 50)\n"
            plain += "2026-02-\(String(format: "%02d", k % 27 + 1));\(k % 11 == 0 ? "+7" : "-\(k + 1)");\(["coffee shop", "такси домой", "нечто"][k % 3])\n"
        }
        let defaults = ImportDefaults(account: "kaspi", currency: .kzt)
        try CSVEncodedReadTests.expectSame(Array(text.utf8), defaults: defaults, stretches: [1, 700, CSVStream.defaultStretch], minimumFast: 1_500)
        try CSVEncodedReadTests.expectSame(Array(plain.utf8), defaults: defaults, stretches: [1, 700, CSVStream.defaultStretch], minimumFast: 1_500)
        // No default account: rows without one.
        try CSVEncodedReadTests.expectSame(Array(plain.utf8), stretches: [CSVStream.defaultStretch], minimumFast: 1_500)
    }

    @Test func debitAndCreditColumnsAndARulesFileReadTheSame() throws {
        var text = "date,debit,credit,note\n"
        for k in 0..<1_000 { text += "2026-03-\(String(format: "%02d", k % 28 + 1)),\(k % 2 == 0 ? "\(k + 1)" : ""),\(k % 2 == 1 ? "\(k + 1)" : ""),row \(k)\n" }
        try CSVEncodedReadTests.expectSame(Array(text.utf8), stretches: [CSVStream.defaultStretch], minimumFast: 0)
        var table = "date,amount,note\n"
        for k in 0..<1_000 { table += "2026-03-01,-\(k + 1),\(k % 2 == 0 ? "STARBUCKS \(k)" : "shop \(k)")\n" }
        let rules = try ImportRules("account card\nif STARBUCKS then category food/coffee\n")
        try CSVEncodedReadTests.expectSame(Array(table.utf8), rules: rules, stretches: [CSVStream.defaultStretch], minimumFast: 0)
        let read = try CSVEncodedReadTests.readEncoded(Array(table.utf8), rules: rules)
        #expect(read.all.filter { $0.category == "food/coffee" }.count == 500)
    }

    @Test func moreAccountsThanTheLabelTableHoldsReadTheSame() throws {
        var text = "date,amount,account,to_account,type,category\n"
        for k in 0..<5_000 {
            text += "2026-04-01,\(k + 1),acc \(k % 1_700),\(k % 3 == 0 ? "to \(k % 900)" : ""),\(k % 3 == 0 ? "transfer" : "expense"),cat \(k % 1_300)\n"
        }
        try CSVEncodedReadTests.expectSame(Array(text.utf8), stretches: [5_000, CSVStream.defaultStretch], minimumFast: 1_000)
    }

    /// Quoted cells with line breaks, many of them, so that cuts fall inside them: every row is
    /// read once, on its own line number (a piece that started inside a row is read again the
    /// careful way, so fewer rows are fast here than in a file with few such cells).
    @Test func lineBreaksInsideQuotesAcrossTheCutsReadTheSame() throws {
        var text = "date,amount,note\n"
        for k in 0..<4_000 {
            let note = k % 3 == 0 ? "\"\(String(repeating: "long\n", count: k % 40))end \(k)\"" : "n \(k)"
            text += (k % 101 == 7 ? "bad,1,x\n" : "") + "2026-05-0\(k % 9 + 1),-\(k + 1),\(note)\n"
        }
        try CSVEncodedReadTests.expectSame(Array(text.utf8), stretches: [1, 64, 100, 1_000, 5_000, 70_000, CSVStream.defaultStretch],
                                           minimumFast: 1_000)
    }

    /// A large table is handed on in order: ids 1…N, every row once, problems by line.
    @Test func aLargeTableIsHandedOnInOrder() throws {
        var text = "id,date,amount,currency,note\n"
        let count = 200_000
        for k in 1...count {
            text += k % 50_000 == 0 ? "\(k),never,1,KZT,bad\n" : "\(k),2026-06-\(String(format: "%02d", k % 28 + 1)),-\(k % 1000 + 1).25,KZT,row \(k)\n"
        }
        let read = try CSVEncodedReadTests.readEncoded(Array(text.utf8))
        #expect(read.ids == (1...count).filter { $0 % 50_000 != 0 })
        #expect(read.all.map(\.id) == read.ids)
        #expect(read.records.problems.map(\.line) == [50_001, 100_001, 150_001, 200_001])
        #expect(read.counted.expense == count - 4)
    }
}
