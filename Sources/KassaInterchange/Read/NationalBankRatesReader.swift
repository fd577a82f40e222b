// NationalBankRatesReader: the official rates file of the National Bank of Kazakhstan as a person
// saves it from nationalbank.kz (`get_rates.cfm`: <rates><date>dd.mm.yyyy</date><item><title>USD
// </title><description>480.50</description><quant>1</quant>… and the RSS form with a <pubDate>
// per item). Rates are tenge per `quant` units, so they are divided to per-unit, rounded half up
// at six decimals. Only a KZT base reads this file. A small tag scanner, not an XML library: the
// file is flat and the toolchain's XML parser is not in Foundation on every platform.

import KassaCore

public enum NationalBankRatesReader {
    /// True when `bytes` look like the NBK file (an XML document with <rates> or an RSS <item> of
    /// rates): used to pick this reader over the CSV one.
    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("<rates") || (head.contains("<rss") && head.contains("<item"))
    }

    public static func read(_ bytes: [UInt8]) -> RatesFile {
        var file = RatesFile()
        let text = String(decoding: bytes, as: UTF8.self)
        let documentDate = element("date", in: Substring(text), before: "<item").flatMap(date)
        var rest = Substring(text)
        var itemNumber = 0
        // Lines are counted from where the last item's count stopped: linear in the file.
        var line = 1
        var counted = text.startIndex
        while let open = itemStart(in: rest) {
            itemNumber += 1
            line += text[counted..<open.lowerBound].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
            counted = open.lowerBound
            // An item not closed before the next one opens (or before the end) is a problem named
            // with its line; the next item is read as itself, not swallowed. Each search stops at
            // the next item, so the file is scanned once.
            let next = itemStart(in: rest[open.upperBound...])
            guard let close = rest[open.upperBound..<(next?.lowerBound ?? rest.endIndex)].firstRange(of: "</item>") else {
                file.problems.append(ImportProblem(line: line, reason: "format", detail: "<item>"))
                guard let next else { break }
                rest = rest[next.lowerBound...]
                continue
            }
            let item = rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            let code = element("title", in: item).flatMap { Currency(code: $0) }
            let itemDate = element("pubDate", in: item).flatMap(date) ?? documentDate
            guard let code, code != Currency.kzt else {
                file.problems.append(ImportProblem(line: line, reason: "currency", detail: element("title", in: item) ?? ""))
                continue
            }
            guard let itemDate, itemDate.isSupported else {
                file.problems.append(ImportProblem(line: line, reason: "date", detail: element("pubDate", in: item) ?? ""))
                continue
            }
            // No <quant> is one unit; a <quant> that does not read as a whole number is a problem,
            // never 1 (a rate per 1000 units read per unit would be 1000 times too high).
            let quantText = element("quant", in: item)
            guard let quant = quantText.map({ Int64($0) }) ?? 1 else {
                file.problems.append(ImportProblem(line: line, reason: "rate", detail: quantText ?? ""))
                continue
            }
            guard let total = element("description", in: item).flatMap(ExchangeRate.micros(from:)), quant > 0, quant <= 1_000_000 else {
                file.problems.append(ImportProblem(line: line, reason: "rate", detail: element("description", in: item) ?? ""))
                continue
            }
            let perUnit = (total + quant / 2) / quant
            guard perUnit > 0 else {
                file.problems.append(ImportProblem(line: line, reason: "rate", detail: element("description", in: item) ?? ""))
                continue
            }
            file.rates.append(ExchangeRate(currency: code, base: .kzt, micros: perUnit, date: itemDate))
        }
        if itemNumber == 0 { file.problems.append(ImportProblem(line: 1, reason: "format")) }
        return file
    }

    /// The first `<item>` or `<item …>` in `text`, found in one pass.
    static func itemStart(in text: Substring) -> Range<Substring.Index>? {
        var scope = text
        while let found = scope.firstRange(of: "<item") {
            let after = found.upperBound
            if after < text.endIndex, text[after] == ">" || text[after] == " " {
                return found.lowerBound..<text.index(after: after)
            }
            scope = text[after...]
        }
        return nil
    }

    /// The trimmed text of the first <name>…</name> in `text` (before `limit`, when given).
    static func element(_ name: String, in text: Substring, before limit: String? = nil) -> String? {
        var scope = text
        if let limit, let end = text.firstRange(of: limit) { scope = text[..<end.lowerBound] }
        guard let open = scope.firstRange(of: "<" + name + ">"),
              let close = scope[open.upperBound...].firstRange(of: "</" + name + ">") else { return nil }
        var value = scope[open.upperBound..<close.lowerBound]
        while let first = value.first, first.isWhitespace { value.removeFirst() }
        while let last = value.last, last.isWhitespace { value.removeLast() }
        return String(value)
    }

    /// "23.11.2026" (get_rates) or "23.11.26" (RSS), also ISO.
    static func date(_ text: String) -> CivilDate? {
        if let iso = CivilDate(iso: text) { return iso }
        let parts = text.split(separator: ".")
        guard parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), var year = Int(parts[2]) else { return nil }
        if parts[2].count == 2 { year += 2000 }
        return CivilDate(year: year, month: month, day: day)
    }
}
