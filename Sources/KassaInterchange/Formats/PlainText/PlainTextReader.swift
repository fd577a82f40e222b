// PlainTextReader: `kassa import --format hledger|ledger` — a plain-text journal in the syntax
// hledger and ledger share, parsed into JournalParse (JournalBook makes kassa's records of it).
// Read: entries (`DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION`, postings indented under them), `P`
// prices, `include` (through the command's JournalIncluder, which keeps it inside the file's
// folder; a cycle is refused here), `alias OLD = NEW`, `apply account`/`end apply account`,
// `decimal-mark`, `Y`/`year` (without one, a date without a year is in the year the import is
// given: hledger's current year), `D` (the commodity of amounts written without one, from there
// on); declarations (`account`, `commodity`, `payee`, `tag`, …) and
// comments (`;`, `#`, `*`, `comment … end comment`) are read past. Periodic (`~`) and automated
// (`=`) entries, and any directive kassa does not apply, are skipped and listed with their line.
// One pass over each file's lines; a line that is not UTF-8, a date or amount that cannot be
// read is a problem naming its line.

import KassaCore

public enum PlainTextReader {
    /// Directives that declare or decorate and change no balance: read past, with their indented lines.
    static let harmless: Set<String> = [
        "account", "commodity", "payee", "tag", "D", "N", "C", "A", "bucket", "define", "end", "assert", "check",
        "expr", "value", "python", "eval", "import", "option", "timezone", "apply",
    ]

    /// `key`: the imported file's canonical path, so an include leading back to it is a cycle.
    /// `year`: the year of a date written without one where no `Y` directive says it.
    public static func parse(_ bytes: [UInt8], key: String = "", include: JournalIncluder? = nil, year: Int? = nil) -> JournalParse {
        var state = State(include: include)
        state.year = year
        state.read(bytes, key: key, name: "", depth: 0)
        state.finish()
        return state.parse
    }

    struct State: JournalReading {
        var parse = JournalParse()
        let include: JournalIncluder?
        var decimalComma: Bool?
        var year: Int?
        /// `D AMOUNT`: the commodity of the amounts written without one that follow.
        var defaultCommodity: String?
        /// `alias OLD = NEW`: OLD → NEW (a later alias of the same name replaces the earlier).
        var aliases: [String: String] = [:]
        var prefixes: [String] = []
        var keys: [String] = []
        var included: Set<String> = []
        var entry: JournalEntry?
        var fileName = ""
        /// The account an `account` directive just declared (its indented lines may name kassa's own name).
        var declaring: String?

        init(include: JournalIncluder?) { self.include = include }

        mutating func finish() {
            if let entry { parse.entries.append(entry) }
            entry = nil
        }

        mutating func read(_ bytes: [UInt8], key: String, name: String, depth: Int) {
            let outerName = fileName
            fileName = name
            keys.append(key)
            defer { keys.removeLast(); fileName = outerName }
            var skipping = false        // inside a periodic or automated entry, or a harmless directive's block
            var block: String?          // inside `comment` / `test` … `end …`
            TextLines.forEach(bytes) { lineNumber, line in
                guard let line else {
                    finish()
                    problem(lineNumber, "encoding", "")
                    return
                }
                if let open = block {
                    if line.hasPrefix("end " + open) || (open == "comment" && line.hasPrefix("end comment")) { block = nil }
                    return
                }
                guard let first = line.first else { finish(); skipping = false; return }
                if first == " " || first == "\t" {
                    let body = PlainTextPosting.trim(line)
                    if body.isEmpty { finish(); skipping = false; return }
                    // kassa's own export: an account's kassa name, a note the description could not hold.
                    if let declared = declaring, let own = Self.kassaTag("kassa-account", body) { parse.kassaNames[declared] = own }
                    if skipping || entry == nil { return }
                    if let note = Self.kassaTag("kassa-note", body) { entry?.description = note; return }
                    if body.first == ";" || body.first == "#" { return }
                    do throws(PlainTextPosting.Failure) {
                        if var posting = try PlainTextPosting.read(line, line: lineNumber, decimalComma: decimalComma) {
                            posting.account = renamed(posting.account)
                            if let commodity = defaultCommodity {
                                if posting.amount?.commodity.isEmpty == true { posting.amount?.commodity = commodity }
                                if posting.assertion?.commodity.isEmpty == true { posting.assertion?.commodity = commodity }
                                if posting.price?.commodity.isEmpty == true { posting.price?.commodity = commodity }
                            }
                            entry?.postings.append(posting)
                        }
                    } catch {
                        if case .amount(let t) = error { problem(lineNumber, "amount", t) }
                    }
                    return
                }
                finish()
                skipping = false
                declaring = nil
                if first.isASCII && first.isNumber {
                    header(line, lineNumber)
                    return
                }
                switch first {
                case ";", "#", "*", "%", "|": return
                case "~": skip(lineNumber, "periodic", String(line)); skipping = true; return
                case "=": skip(lineNumber, "automated", String(line)); skipping = true; return
                default: break
                }
                directive(line, lineNumber, depth: depth, skipping: &skipping, block: &block)
            }
            finish()
        }

        mutating func directive(_ line: Substring, _ n: Int, depth: Int, skipping: inout Bool, block: inout String?) {
            let body = PlainTextPosting.commentStart(line).map { PlainTextPosting.trim(line[..<$0]) } ?? PlainTextPosting.trim(line)
            let word = String(body.prefix { $0 != " " && $0 != "\t" })
            let argument = PlainTextPosting.trim(body.dropFirst(word.count))
            switch word {
            case "P":
                price(argument, n)
            case "include", "!include":
                includeFile(String(argument), n, depth: depth)
            case "comment", "test":
                block = word
            case "decimal-mark":
                decimalComma = argument == ","
            case "D":
                // `D $1,000.00`: the commodity only (its format is let be); a following indented
                // block, as hledger allows, is read past.
                if let amount = PlainTextAmount.read(argument, decimalComma: decimalComma), !amount.commodity.isEmpty {
                    defaultCommodity = amount.commodity
                } else {
                    problem(n, "amount", String(argument))
                }
                skipping = true
            case "Y", "year":
                if let y = Int(argument), (1900...2999).contains(y) { year = y } else { problem(n, "date", String(argument)) }
            case "alias":
                let parts = argument.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !argument.hasPrefix("/") else { skip(n, "directive", String(body)); return }
                aliases[String(PlainTextPosting.trim(parts[0]))] = String(PlainTextPosting.trim(parts[1]))
            case "end":
                if argument == "aliases" { aliases = [:] }
                if argument.hasPrefix("apply account") || argument == "apply" && !prefixes.isEmpty { _ = prefixes.popLast() }
            case "apply" where argument.hasPrefix("account "):
                prefixes.append(String(PlainTextPosting.trim(argument.dropFirst(8))))
            default:
                if word == "account" {
                    let name = argument.prefix { $0 != "\t" && $0 != ";" }
                    // The name ends at two spaces (a comment may follow).
                    var cut = name
                    var i = name.startIndex
                    while i < name.endIndex {
                        let next = name.index(after: i)
                        if name[i] == " ", next < name.endIndex, name[next] == " " { cut = name[..<i]; break }
                        i = next
                    }
                    parse.declared.append(renamed(String(PlainTextPosting.trim(cut))))
                    declaring = parse.declared.last
                }
                if PlainTextReader.harmless.contains(word) {
                    skipping = true
                } else {
                    skip(n, "directive", String(body))
                    skipping = true
                }
            }
        }

        /// An account name as aliases and `apply account` make it: the longest aliased prefix
        /// (at a ':' boundary) is replaced, once; a look-up per component, however many aliases.
        func renamed(_ account: String) -> String {
            var name = account
            // (Names of more than 32 components are not aliased: the look-ups stay linear in the line.)
            if !aliases.isEmpty, name.utf8.lazy.filter({ $0 == UInt8(ascii: ":") }).count <= 32 {
                var end = name.endIndex
                while true {
                    if let to = aliases[String(name[..<end])] { name = to + name[end...]; break }
                    guard let colon = name[..<end].lastIndex(of: ":") else { break }
                    end = colon
                }
            }
            if let prefix = prefixes.last, !prefix.isEmpty { name = prefix + ":" + name }
            return name
        }

        mutating func header(_ line: Substring, _ n: Int) {
            // Scanned as UTF-8 bytes, as the postings are (PlainTextPosting): the delimiters are ASCII.
            let dateEnd = line.utf8.firstIndex { $0 == space || $0 == tab || $0 == equals || $0 == semicolon } ?? line.endIndex
            let dateText = line[..<dateEnd]
            // A date kassa cannot keep (before 1900, after 2999) is a bad date of its line, not
            // a refusal of the whole import when it is saved.
            guard let date = Self.date(dateText, year: year), date.isSupported else { problem(n, "date", String(dateText)); return }
            var rest = line[dateEnd...]
            if rest.utf8.first == equals {
                // `DATE=DATE2`: the second (auxiliary) date is let be.
                rest = rest[(rest.utf8.dropFirst().firstIndex { $0 == space || $0 == tab } ?? rest.endIndex)...]
            }
            rest = PlainTextPosting.trim(rest, trailing: false)
            // The status: `*` cleared, `!` pending (not cleared).
            let mark = rest.utf8.first
            if mark == star || mark == bang {
                rest = PlainTextPosting.trim(rest[rest.utf8.index(after: rest.startIndex)...], trailing: false)
            }
            if rest.utf8.first == openParen, let close = rest.utf8.firstIndex(of: closeParen) {
                rest = PlainTextPosting.trim(rest[rest.utf8.index(after: close)...], trailing: false)
            }
            if let comment = PlainTextPosting.commentStart(rest) { rest = rest[..<comment] }
            // hledger's "payee | note" keeps both; kassa's note is the whole description.
            entry = JournalEntry(date: date, description: String(PlainTextPosting.trim(rest)), line: n, file: fileName, cleared: mark == star)
        }

        /// The value of a comment line `; NAME: value` (to the line's end), else nil.
        static func kassaTag(_ name: String, _ body: Substring) -> String? {
            guard body.first == ";" else { return nil }
            let text = PlainTextPosting.trim(body.dropFirst(), trailing: false)
            guard text.hasPrefix(name + ":") else { return nil }
            return String(PlainTextPosting.trim(text.dropFirst(name.count + 1)))
        }

        /// `YYYY-MM-DD`, `YYYY/MM/DD`, `YYYY.MM.DD` (leading zeros optional), or `M/D` with a `Y` year.
        static func date(_ text: Substring, year: Int?) -> CivilDate? {
            // Up to three parts of one to four ASCII digits, read from the bytes in one pass.
            guard text.utf8.count <= 10 else { return nil }
            var parts = (0, 0, 0), count = 0, value = 0, digits = 0, firstDigits = 0
            for byte in text.utf8 {
                if byte >= 0x30 && byte <= 0x39 {
                    digits += 1
                    guard digits <= 4 else { return nil }
                    value = value * 10 + Int(byte - 0x30)
                } else if byte == minus || byte == slash || byte == dot {
                    guard digits > 0, count < 2 else { return nil }
                    if count == 0 { parts.0 = value; firstDigits = digits } else { parts.1 = value }
                    count += 1; value = 0; digits = 0
                } else {
                    return nil
                }
            }
            guard digits > 0 else { return nil }
            switch count {
            case 2 where firstDigits == 4:
                parts.2 = value
                return CivilDate(year: parts.0, month: parts.1, day: parts.2)
            case 1: return year.flatMap { CivilDate(year: $0, month: parts.0, day: value) }
            default: return nil
            }
        }

        /// `P DATE [TIME] COMMODITY PRICE`; the commodity bare or in quotes (`"acid (vial)"`).
        mutating func price(_ argument: Substring, _ n: Int) {
            func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
            func word(_ text: Substring) -> (Substring, Substring) {
                let end = text.firstIndex(where: isBlank) ?? text.endIndex
                return (text[..<end], PlainTextPosting.trim(text[end...], trailing: false))
            }
            let (dateText, dateRest) = word(argument)
            var rest = dateRest
            guard let date = Self.date(dateText, year: year), date.isSupported else { problem(n, "date", String(argument)); return }
            // A time of day after the date, when a commodity and a price follow it.
            let (time, afterTime) = word(rest)
            if time.contains(":"), !time.hasPrefix("\""), !word(afterTime).1.isEmpty { rest = afterTime }
            let commodity: String
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else { problem(n, "amount", String(argument)); return }
                commodity = String(body[..<close])
                rest = PlainTextPosting.trim(body[body.index(after: close)...], trailing: false)
            } else {
                let (bare, after) = word(rest)
                commodity = String(bare)
                rest = after
            }
            let priceText = String(PlainTextPosting.trim(rest))
            guard !commodity.isEmpty, let amount = PlainTextAmount.read(Substring(priceText), decimalComma: decimalComma) else {
                problem(n, "amount", priceText.isEmpty ? String(argument) : priceText)
                return
            }
            parse.prices.append(JournalPrice(date: date, commodity: commodity, price: amount, line: n, file: fileName))
        }
    }
}

private let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), equals = UInt8(ascii: "="), semicolon = UInt8(ascii: ";")
private let star = UInt8(ascii: "*"), bang = UInt8(ascii: "!"), openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")")
private let minus = UInt8(ascii: "-"), slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
