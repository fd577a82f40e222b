// Every importer on hostile bytes: random bytes and mutated valid files in random
// dialects — separators, quotes, CR/LF/CRLF, byte-order marks — for the CSV reader, the app's
// CSV, bank statement text, kassa's jsonl backup, the National Bank rates XML, rates CSV and
// rules files. Each must finish, never trap, and account for every row: imported, or named
// with its own line. Seeds are fixed, sizes bounded, so a failure reproduces. The large inputs
// at the end would take hours in a reader that is quadratic in its rows; they assert on what
// was read (counts and lines), and the suite's time limit is the only clock.

import Foundation
import Testing
import KassaCore
import KassaTestSupport
@testable import KassaInterchange

@Suite(.timeLimit(.minutes(5))) struct ImporterFuzzTests {
    let vocabulary = InterchangeFixtures.vocabulary
    let defaults = ImportDefaults(account: "kaspi", currency: .kzt, dateOrder: .dmy)

    /// Bytes a file's structure is made of, with some of everything else.
    static let structural: [UInt8] = Array(",;\t|\"'\r\n\n0123456789.-/ +()₸$=<>{}[]:aZёé#".utf8) + [0, 0x7F, 0xA0, 0xC0, 0xFF, 0xEF, 0xBB, 0xBF]

    static func randomBytes(_ generator: inout SeededGenerator, count: Int) -> [UInt8] {
        (0..<count).map { _ in
            Int.random(in: 0..<4, using: &generator) == 0 ? UInt8.random(in: 0...255, using: &generator)
                : structural.randomElement(using: &generator)!
        }
    }

    /// Every problem names a line the input has.
    func linesAreReal(_ problems: [ImportProblem], _ bytes: [UInt8], _ what: String) {
        let lines = bytes.reduce(1) { $0 + ($1 == 10 || $1 == 13 ? 1 : 0) }
        for problem in problems {
            #expect(problem.line >= 1 && problem.line <= lines, "\(what): line \(problem.line) of \(lines) (\(problem.reason))")
        }
    }

    @Test func randomBytesThroughEveryReader() throws {
        var generator = SeededGenerator(state: 2801)
        for round in 0..<400 {
            var bytes = ImporterFuzzTests.randomBytes(&generator, count: Int.random(in: 0...600, using: &generator))
            // Half the time behind a header a reader recognises, so the rows are reached.
            switch round % 6 {
            case 0: bytes = Array("Date,Note,Amount\n".utf8) + bytes
            case 1: bytes = Array("date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n".utf8) + bytes
            case 2: bytes = Array("<rates><date>23.11.2026</date>\n<item>".utf8) + bytes
            default: break
            }
            let csv = CSVReader.read(bytes, vocabulary: vocabulary, defaults: defaults)
            linesAreReal(csv.problems, bytes, "csv \(round)")
            let app = TenraCSVReader.read(bytes, vocabulary: vocabulary)
            linesAreReal(app.problems, bytes, "app \(round)")
            let text = String(decoding: bytes, as: UTF8.self)
            let statement = StatementReader.read(text, vocabulary: vocabulary, defaults: defaults)
            linesAreReal(statement.problems, Array(text.utf8), "statement \(round)")
            let backup = BackupReader.read(bytes)
            linesAreReal(backup.problems, bytes, "backup \(round)")
            let rates = NationalBankRatesReader.read(bytes)
            linesAreReal(rates.problems, bytes, "rates \(round)")
            let ratesCSV = RatesCSVReader.read(bytes, base: .kzt)
            linesAreReal(ratesCSV.problems, bytes, "rates csv \(round)")
            do {
                _ = try ImportRules(text)
            } catch {
                #expect(error.line >= 1 && error.line <= text.split(separator: "\n", omittingEmptySubsequences: false).count + 1,
                        "rules \(round): line \(error.line)")
            }
            _ = FormatCatalog.detect(bytes, vocabulary: vocabulary, rules: nil)
            for t in csv.transactions + app.transactions + statement.transactions + backup.transactions {
                #expect(t.amount.minorUnits > 0 && t.amount.isWithinEntryBound && t.date.isSupported, "\(round): \(t)")
            }
        }
    }

    // MARK: - CSV in random dialects

    struct Dialect: CustomStringConvertible {
        var separator: String
        var lineEnd: String
        var bom: Bool
        var quoteAll: Bool
        var dotted: Bool
        var description: String { "sep \(separator.debugDescription) end \(lineEnd.debugDescription) bom \(bom) quote \(quoteAll) dotted \(dotted)" }
    }

    /// Garbage for one cell: no separator, quote or line break of any dialect.
    static func garbage(_ generator: inout SeededGenerator) -> String {
        let alphabet = Array("0123456789.- +()₸$eE=abcXYZёж\u{A0}'")
        return String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    @Test func mutatedCSVRowsAreImportedOrNamed() throws {
        var generator = SeededGenerator(state: 2802)
        for round in 0..<300 {
            let dialect = Dialect(separator: [",", ";", "\t"].randomElement(using: &generator)!,
                                  lineEnd: ["\n", "\r\n"].randomElement(using: &generator)!, bom: Bool.random(using: &generator),
                                  quoteAll: Bool.random(using: &generator), dotted: Bool.random(using: &generator))
            let count = Int.random(in: 1...30, using: &generator)
            var rows: [[String]] = []
            var amounts: [Int64] = []
            for index in 0..<count {
                let day = 1 + index % 28
                let date = dialect.dotted ? String(format: "%02d.03.2026", day) : String(format: "2026-03-%02d", day)
                let minor = Int64.random(in: 1...9_999_999, using: &generator)
                amounts.append(minor)
                let amount = "-\(minor / 100).\(String(format: "%02d", minor % 100))"
                rows.append([date, "note \(index) \(["a;b", "x,y", "tab\there", "plain"].randomElement(using: &generator)!)", amount, "KZT"])
            }
            // Mutate a few cells of a few rows.
            var mutated = Set<Int>()
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let row = Int.random(in: 0..<count, using: &generator)
                let column = [0, 2, 3].randomElement(using: &generator)!
                rows[row][column] = ImporterFuzzTests.garbage(&generator)
                mutated.insert(row)
            }
            func field(_ text: String) -> String {
                let needs = dialect.quoteAll || text.contains(dialect.separator) || text.contains("\"")
                return needs ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            var text = dialect.bom ? "\u{FEFF}" : ""
            text += ["Date", "Note", "Amount", "Currency"].map(field).joined(separator: dialect.separator) + dialect.lineEnd
            for row in rows { text += row.map(field).joined(separator: dialect.separator) + dialect.lineEnd }
            let records = CSVReader.read(Array(text.utf8), vocabulary: vocabulary, defaults: defaults)
            // Named as a problem, or skipped and counted (a mutated amount that reads as zero, "-  0").
            let named = Set(records.problems.map(\.line)).union(records.skippedRows.map(\.line))
            let label = "round \(round), \(dialect)"
            // Every problem is one of the mutated rows' lines (the header is line 1).
            for line in named { #expect(mutated.contains(line - 2), "\(label): line \(line) named, \(records.problems)") }
            // Every row is imported or named, once.
            #expect(records.transactions.count + named.count == count, "\(label): \(records.transactions.count) + \(named.count) of \(count)\n\(text)")
            // The rows nobody touched read exactly, in order.
            var k = 0
            for index in 0..<count where !named.contains(index + 2) {
                guard k < records.transactions.count else { break }
                if !mutated.contains(index) {
                    #expect(records.transactions[k].amount.minorUnits == amounts[index] && records.transactions[k].type == .expense,
                            "\(label): row \(index)")
                }
                k += 1
            }
        }
    }

    @Test func mutatedAppCSVRowsAreImportedOrNamed() throws {
        var generator = SeededGenerator(state: 2803)
        let header = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount"
        for round in 0..<300 {
            let lineEnd = ["\n", "\r\n"].randomElement(using: &generator)!
            let count = Int.random(in: 1...20, using: &generator)
            var rows: [[String]] = []
            for index in 0..<count {
                let type = ["expense", "income", "internal"].randomElement(using: &generator)!
                let amount = "\(Int.random(in: 1...99_999, using: &generator)).\(String(format: "%02d", Int.random(in: 0...99, using: &generator)))"
                let row: [String]
                switch type {
                case "income": row = ["2026-03-\(String(format: "%02d", 1 + index % 28))", type, amount, "KZT", "Salary", "", "", "n", "Kaspi Gold", "", ""]
                case "internal": row = ["2026-03-01", type, amount, "KZT", "Kaspi Gold", "", "", "n", "Cash", "KZT", amount]
                default: row = ["2026-03-02", type, amount, "KZT", "Kaspi Gold", "food", "", "n, \"q\"", "", "", ""]
                }
                rows.append(row)
            }
            var mutated = Set<Int>()
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let row = Int.random(in: 0..<count, using: &generator)
                rows[row][[0, 1, 2, 3].randomElement(using: &generator)!] = ImporterFuzzTests.garbage(&generator)
                mutated.insert(row)
            }
            func field(_ text: String) -> String {
                text.contains(",") || text.contains("\"") ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            let text = (Bool.random(using: &generator) ? "\u{FEFF}" : "") + header + lineEnd
                + rows.map { $0.map(field).joined(separator: ",") + lineEnd }.joined()
            let records = TenraCSVReader.read(Array(text.utf8), vocabulary: vocabulary)
            let named = Set(records.problems.map(\.line))
            for line in named { #expect(mutated.contains(line - 2), "round \(round): line \(line) named: \(records.problems)\n\(text)") }
            // Each of these types is one transaction a row.
            #expect(records.transactions.count + named.count == count, "round \(round): \(records.transactions.count) + \(named.count) of \(count)\n\(text)")
        }
    }

    @Test func mutatedStatementsAreImportedNamedOrCounted() throws {
        var generator = SeededGenerator(state: 2804)
        for round in 0..<300 {
            let count = Int.random(in: 1...20, using: &generator)
            var lines = ["Выписка по Kaspi Gold", "Дата  Сумма  Операция  Детали"]
            var dated = 0
            for index in 0..<count {
                var date = String(format: "%02d.03.26", 1 + index % 28)
                var amount = "\(["-", "+"].randomElement(using: &generator)!) \(Int.random(in: 1...99, using: &generator)) \(Int.random(in: 100...999, using: &generator)),00 ₸"
                if Int.random(in: 0..<5, using: &generator) == 0 { date = ImporterFuzzTests.garbage(&generator) }
                if Int.random(in: 0..<5, using: &generator) == 0 { amount = ImporterFuzzTests.garbage(&generator) }
                lines.append("\(date)   \(amount)   Покупка   ИП Кофейня \(index)")
                if Int.random(in: 0..<4, using: &generator) == 0 { lines.append("") }
            }
            let text = lines.joined(separator: ["\n", "\r\n"].randomElement(using: &generator)!)
            for line in lines where StatementReader.looksLikeDate(Substring(line)) { _ = line; dated += 1 }
            let records = StatementReader.read(text, vocabulary: vocabulary, defaults: defaults)
            linesAreReal(records.problems, Array(text.utf8), "statement \(round)")
            // A line that starts like a date is a row: imported, named, or counted as zero.
            #expect(records.transactions.count + Set(records.problems.map(\.line)).count + records.zeroRows == dated,
                    "round \(round): \(records.transactions.count) + \(records.problems) + \(records.zeroRows) of \(dated)\n\(text)")
        }
    }

    @Test func mutatedBackupLinesAreImportedOrNamed() throws {
        var generator = SeededGenerator(state: 2805)
        var writer = BackupWriter(accounts: [], lessons: [:])
        let lines = writer.text(InterchangeFixtures.transactions).split(separator: "\n").map(String.init)
        let transactionLines = lines
        for round in 0..<300 {
            var mutatedLines = transactionLines
            var mutated = Set<Int>()
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let index = Int.random(in: 0..<mutatedLines.count, using: &generator)
                var bytes = Array(mutatedLines[index].utf8)
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = ImporterFuzzTests.structural.filter { $0 != 10 && $0 != 13 }.randomElement(using: &generator)!
                mutatedLines[index] = String(decoding: bytes, as: UTF8.self)
                mutated.insert(index)
            }
            let text = mutatedLines.joined(separator: ["\n", "\r\n"].randomElement(using: &generator)!) + "\n"
            let records = BackupReader.read(Array(text.utf8))
            let named = Set(records.problems.map(\.line))
            for line in named { #expect(mutated.contains(line - 1), "round \(round): line \(line): \(records.problems)") }
            #expect(records.transactions.count + named.count == mutatedLines.count,
                    "round \(round): \(records.transactions.count) + \(named.count) of \(mutatedLines.count)\n\(text)")
        }
    }

    @Test func mutatedRatesFilesAreReadOrNamed() throws {
        var generator = SeededGenerator(state: 2806)
        let codes = ["USD", "EUR", "RUB", "CNY", "JPY"]
        for round in 0..<300 {
            let count = Int.random(in: 1...10, using: &generator)
            var text = "<rates><date>23.11.2026</date>\n"
            var mutated = 0
            for index in 0..<count {
                var rate = "\(Int.random(in: 1...999, using: &generator)).\(Int.random(in: 10...99, using: &generator))"
                var quant = "1"
                if Int.random(in: 0..<4, using: &generator) == 0 { rate = ImporterFuzzTests.garbage(&generator); mutated += 1 }
                else if Int.random(in: 0..<6, using: &generator) == 0 { quant = ImporterFuzzTests.garbage(&generator); mutated += 1 }
                text += "<item><title>\(codes[index % codes.count])</title><description>\(rate)</description><quant>\(quant)</quant></item>\n"
            }
            text += "</rates>"
            let file = NationalBankRatesReader.read(Array(text.utf8))
            linesAreReal(file.problems, Array(text.utf8), "rates \(round)")
            #expect(file.rates.count + Set(file.problems.map(\.line)).count == count, "round \(round): \(file.rates.count) + \(file.problems) of \(count)\n\(text)")
            #expect(file.problems.count <= mutated, "round \(round): \(file.problems)")
        }
    }

    @Test func randomRulesFilesAreReadOrNamed() throws {
        var generator = SeededGenerator(state: 2807)
        let pieces = ["if ", "then ", "category ", "account ", "food", "kaspi", "(a+)+$", "[", "{1000}", "skip", "separator ;",
                      "date-format dd.mm.yyyy", "currency USD", "fields date,amount,description", "\n", "#", " ", "\"", "\t", "ж"]
        for round in 0..<500 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let rules = try ImportRules(text)
                _ = rules.match(["aaaaaaaaaaaaaaaaaaaaaaaa!", "kaspi food"])
            } catch {
                #expect(error.line >= 1 && error.line <= lines, "round \(round): line \(error.line) of \(lines): \(text.debugDescription)")
            }
        }
    }

    // MARK: - Large inputs: linear in the rows

    @Test func manyBadRowsAreEachNamedWithTheirLine() throws {
        let rows = 50_000
        var csv = "Date,Note,Amount\n"
        var app = "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n"
        var statement = ""
        var backup = ""
        for index in 0..<rows {
            csv += "01.03.2026,n\(index),12a34\n"
            app += "2026-03-02,expense,1e3,KZT,Kaspi Gold,food,,x,,,\n"
            statement += "31.02.26   - 1 500,00 ₸   Покупка   x\n"
            backup += "{\"date\": \"2026-03-01\", \"amount\": \"1e3\"}\n"
        }
        let csvRecords = CSVReader.read(Array(csv.utf8), vocabulary: vocabulary, defaults: defaults)
        #expect(csvRecords.problems.count == rows && csvRecords.problems.last?.line == rows + 1)
        let appRecords = TenraCSVReader.read(Array(app.utf8), vocabulary: vocabulary)
        #expect(appRecords.problems.count == rows && appRecords.problems.last?.line == rows + 1)
        let statementRecords = StatementReader.read(statement, vocabulary: vocabulary, defaults: defaults)
        #expect(statementRecords.problems.count == rows && statementRecords.problems.last?.line == rows)
        let backupRecords = BackupReader.read(Array(backup.utf8))
        #expect(backupRecords.problems.count == rows && backupRecords.problems.last?.line == rows)
    }

    @Test func hugeCellsAndLinesAreReadInOnePass() throws {
        let size = 2_000_000
        // One unclosed quote before two megabytes: one problem, the line it opens.
        let unclosed = CSVReader.read(Array(("Date,Note,Amount\n01.03.2026,\"" + String(repeating: "x,", count: size / 2) + "\n").utf8),
                                      vocabulary: vocabulary, defaults: defaults)
        #expect(unclosed.problems.map(\.line) == [2])
        // A line of separators only, a note of two megabytes, and a line of quotes.
        let separators = CSVReader.read(Array(("Date,Note,Amount\n" + String(repeating: ",", count: size) + "\n01.03.2026,x,-5\n").utf8),
                                        vocabulary: vocabulary, defaults: defaults)
        #expect(separators.transactions.count + separators.problems.count == 2)
        let note = CSVReader.read(Array(("Date,Note,Amount\n01.03.2026," + String(repeating: "ж", count: size) + ",-5\n").utf8),
                                  vocabulary: vocabulary, defaults: defaults)
        #expect(note.transactions.count == 1 && note.transactions.first?.note.count == size)
        let quotes = CSVReader.read(Array(("Date,Note,Amount\n01.03.2026,\"" + String(repeating: "\"\"", count: size / 2) + "\",-5\n").utf8),
                                    vocabulary: vocabulary, defaults: defaults)
        #expect(quotes.transactions.count == 1 && quotes.transactions.first?.note.count == size / 2)
        // The app's CSV and a statement line of the same size.
        let app = TenraCSVReader.read(Array(("date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount\n2026-03-02,expense,15.00,KZT,Kaspi Gold,food,,"
                                             + String(repeating: "ж", count: size) + ",,,\n").utf8), vocabulary: vocabulary)
        #expect(app.transactions.count == 1)
        let statement = StatementReader.read("01.03.26   - 1 500,00 ₸   Покупка   " + String(repeating: "ж ", count: size / 2),
                                             vocabulary: vocabulary, defaults: defaults)
        #expect(statement.transactions.count == 1)
        // A backup line of two megabytes that is no JSON.
        let backup = BackupReader.read(Array(("{\"note\": \"" + String(repeating: "\\\"", count: size / 2) + "\n").utf8))
        #expect(backup.problems.map(\.line) == [1])
        // A rules file of 1,000 lines is read once, every line; one of 20,000 is refused at the
        // line where its patterns pass the total (RulePattern.maximumTotalStates), not read on.
        let rules = try ImportRules((0..<1_000).map { "if shop\($0) then category food" }.joined(separator: "\n"))
        #expect(rules.match(["shop999"]).category == "food")
        #expect(throws: ImportProblem.self) { try ImportRules((0..<20_000).map { "if shop\($0) then category food" }.joined(separator: "\n")) }
    }
}
