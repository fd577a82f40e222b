// RatesCSVReader: `kassa rate import FILE` for a CSV of `date,currency,rate` rows (units of the
// base currency per one unit; a header row is optional; `,` `;` or tab between cells; dates ISO or
// `dd.mm.yyyy`). Every bad row is reported with its line number, never skipped silently.

import KassaCore

public struct RatesFile: Sendable {
    public var rates: [ExchangeRate] = []
    public var problems: [ImportProblem] = []

    public init(rates: [ExchangeRate] = [], problems: [ImportProblem] = []) {
        self.rates = rates
        self.problems = problems
    }
}

public enum RatesCSVReader {
    public static func read(_ bytes: [UInt8], base: Currency) -> RatesFile {
        var file = RatesFile()
        let table = CSVTable(bytes)
        var first = true
        table.forEachRow { line, cells in
            let texts = cells.map { table.trimmedText($0) ?? "" }
            defer { first = false }
            if texts.allSatisfy(\.isEmpty) { return true }
            guard texts.count >= 3 else {
                file.problems.append(ImportProblem(line: line, reason: "columns", detail: texts.joined(separator: ",")))
                return true
            }
            let date = CivilDate(iso: texts[0]) ?? DateText.parse(Substring(texts[0]), order: .dmy)
            let currency = Currency(code: texts[1])
            // A first row that is neither a date nor a currency is a header.
            if first, date == nil, currency == nil { return true }
            guard let date, date.isSupported else {
                file.problems.append(ImportProblem(line: line, reason: "date", detail: texts[0]))
                return true
            }
            guard let currency, currency != base else {
                file.problems.append(ImportProblem(line: line, reason: "currency", detail: texts[1]))
                return true
            }
            guard let micros = ExchangeRate.micros(from: texts[2]) else {
                file.problems.append(ImportProblem(line: line, reason: "rate", detail: texts[2]))
                return true
            }
            file.rates.append(ExchangeRate(currency: currency, base: base, micros: micros, date: date))
            return true
        }
        return file
    }
}
