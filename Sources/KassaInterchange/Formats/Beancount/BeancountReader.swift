// BeancountReader: `kassa import --format beancount` — a beancount file parsed into JournalParse
// (JournalBook makes kassa's records of it). Read: transactions (`DATE * "payee" "narration"`,
// `txn`, `!`; postings `ACCOUNT NUMBER CURRENCY [{COST, …}] [@ PRICE | @@ TOTAL]`, metadata and
// comments let be), `open` (the account is known even with no postings), `price`, `balance`
// (checked at the start of its day, subaccounts included), `pad` (what makes the next balance
// directive of the account hold, given from the other account on the pad's date), `include "file"` (through the
// command's JournalIncluder; cycles refused here). `close`, `commodity`, `event`, `note`,
// `document`, `query`, `custom`, `option`, `plugin` and tag/meta stacks change no balance and
// are read past; anything else is skipped and listed with its line. The amount syntax
// is the plain-text journals' (PlainTextPosting), the cost's extra parts (a date, a label) aside.

import KassaCore

public enum BeancountReader {
    static let harmless: Set<String> = ["close", "commodity", "event", "note", "document", "query", "custom"]
    static let harmlessTop: Set<String> = ["option", "plugin", "pushtag", "poptag", "pushmeta", "popmeta"]
    /// The dated directives (besides a transaction's flag) that say a file is beancount's.
    static let directives: Set<String> = ["open", "close", "commodity", "price", "balance", "pad", "event", "note", "txn", "custom"]

    /// `key`: the imported file's canonical path, so an include leading back to it is a cycle.
    public static func parse(_ bytes: [UInt8], key: String = "", include: JournalIncluder? = nil) -> JournalParse {
        var state = State(include: include)
        state.read(bytes, key: key, name: "", depth: 0)
        return state.parse
    }

    struct State: JournalReading {
        var parse = JournalParse()
        let include: JournalIncluder?
        var keys: [String] = []
        var included: Set<String> = []
        var fileName = ""

        init(include: JournalIncluder?) { self.include = include }

        /// The entry being read is a local of `read`: an include comes between entries.
        mutating func finish() {}

        mutating func read(_ bytes: [UInt8], key: String, name: String, depth: Int) {
            let outerName = fileName
            fileName = name
            keys.append(key)
            defer { keys.removeLast(); fileName = outerName }
            var entry: JournalEntry?
            /// The account an `open` just declared (its metadata may name kassa's own name).
            var declaring: String?
            func finish() {
                if let e = entry { parse.entries.append(e) }
                entry = nil
            }
            TextLines.forEach(bytes) { lineNumber, line in
                guard let line else {
                    finish()
                    problem(lineNumber, "encoding", "")
                    return
                }
                guard let first = line.first else { finish(); return }
                if first == " " || first == "\t" {
                    let body = PlainTextPosting.trim(line)
                    if let declared = declaring, body.hasPrefix("kassa-account:") {
                        let value = PlainTextPosting.trim(body.dropFirst(14))
                        let own = description(value)
                        if !own.isEmpty { parse.kassaNames[declared] = own }
                    }
                    guard entry != nil, !body.isEmpty, body.first != ";" else { return }
                    // Metadata ("key: value") starts with a small letter; accounts with a capital.
                    if let c = body.first, c.isLowercase { return }
                    posting(body, lineNumber, into: &entry)
                    return
                }
                finish()
                declaring = nil
                if first == ";" || first == "*" || first == "#" { return }
                let body = PlainTextPosting.commentStart(line).map { PlainTextPosting.trim(line[..<$0]) } ?? PlainTextPosting.trim(line)
                var words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let head = words.first else { return }
                if first.isASCII && first.isNumber {
                    guard let date = PlainTextReader.State.date(head, year: nil), head.count == 10 else {
                        problem(lineNumber, "date", String(head))
                        return
                    }
                    words.removeFirst()
                    let kind = words.first.map(String.init) ?? ""
                    // What kassa keeps (a transaction, a price, a check, a pad) needs a date it
                    // can keep; a `commodity` or `open` of 1792 is let be.
                    let flag = kind.count == 1 && kind.first.map { $0.isUppercase || "*!#&%?".contains($0) } == true
                    if flag || ["txn", "price", "balance", "pad"].contains(kind), !date.isSupported {
                        problem(lineNumber, "date", String(head))
                        return
                    }
                    switch kind {
                    case "*", "!", "txn":
                        // `*` (or `txn`) is complete, `!` flagged: kassa's cleared and not.
                        entry = JournalEntry(date: date, description: description(body), line: lineNumber, file: fileName,
                                             cleared: kind != "!")
                    case "open":
                        if words.count >= 2 {
                            parse.declared.append(String(words[1]))
                            declaring = String(words[1])
                        }
                    case "price":
                        guard words.count >= 4, let amount = PlainTextAmount.read(Substring(words[2...].joined(separator: " ")), decimalComma: false) else {
                            problem(lineNumber, "amount", String(body))
                            return
                        }
                        parse.prices.append(JournalPrice(date: date, commodity: String(words[1]), price: amount, line: lineNumber, file: fileName))
                    case "balance":
                        guard words.count >= 4, let amount = PlainTextAmount.read(Substring(words[2...3].joined(separator: " ")), decimalComma: false) else {
                            problem(lineNumber, "amount", String(body))
                            return
                        }
                        parse.checks.append(JournalBalanceCheck(date: date, account: String(words[1]), amount: amount, line: lineNumber, file: fileName))
                    case "pad":
                        guard words.count >= 3 else { problem(lineNumber, "field", String(body)); return }
                        parse.pads.append(JournalPad(date: date, account: String(words[1]), source: String(words[2]), line: lineNumber, file: fileName))
                    default:
                        if kind.count == 1, let c = kind.first, c.isUppercase || c == "#" || c == "&" || c == "%" || c == "?" {
                            // Other one-letter flags beancount allows on a transaction.
                            entry = JournalEntry(date: date, description: description(body), line: lineNumber, file: fileName)
                        } else if !BeancountReader.harmless.contains(kind) {
                            skip(lineNumber, "directive", String(body))
                        }
                    }
                    return
                }
                let word = String(head)
                if word == "include" {
                    includeFile(words.dropFirst().joined(separator: " "), lineNumber, depth: depth)
                } else if !BeancountReader.harmlessTop.contains(word) {
                    skip(lineNumber, "directive", String(body))
                }
            }
            finish()
        }

        /// The payee and narration as one note: "payee | narration", or the one given.
        func description(_ header: Substring) -> String {
            var strings: [String] = []
            var current = ""
            var inside = false
            var escaped = false
            for c in header {
                if inside {
                    if escaped { current.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" {
                        strings.append(current)
                        current = ""
                        inside = false
                    } else { current.append(c) }
                } else if c == "\"" {
                    inside = true
                }
            }
            return strings.filter { !$0.isEmpty }.joined(separator: " | ")
        }

        mutating func posting(_ body: Substring, _ n: Int, into entry: inout JournalEntry?) {
            var text = body
            if let c = text.first, !c.isLetter, text.dropFirst().first == " " { text = text.dropFirst(2) }   // a flag
            let account = text.prefix { $0 != " " && $0 != "\t" }
            var rest = text.dropFirst(account.count)
            // The cost's date and label are no part of its amount: "{502.12 USD, 2014-01-01, "lot"}".
            if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                var inner = rest[rest.index(after: open)..<close]
                let total = inner.first == "{"
                if total { inner = inner.dropFirst() }
                let amountPart = inner.split(separator: ",", maxSplits: 1).first.map { PlainTextPosting.trim($0) } ?? ""
                let hasAmount = PlainTextAmount.read(amountPart, decimalComma: false) != nil
                rest = rest[..<open] + (hasAmount ? (total ? "{{" + amountPart + "}}" : "{" + amountPart + "}") : "") + rest[rest.index(after: close)...].drop { $0 == "}" }
            }
            let line = "  " + account + "  " + PlainTextPosting.trim(rest)
            do {
                if let posting = try PlainTextPosting.read(Substring(line), line: n, decimalComma: false, costWins: true) {
                    entry?.postings.append(posting)
                }
            } catch {
                if case .amount(let t) = error { problem(n, "amount", t) }
            }
        }
    }
}
