// StatementReader: `kassa import --format statement` — the text of a Kazakh bank statement as
// people copy it out of the PDF (DOMAIN.md §8):
//   Kaspi Gold:  `12.03.26   - 2 500,00 ₸   Покупка   ИП Кофейня`
//   the table the app reads: `Дата | Операция | Детали | Сумма | Валюта операции | Приход | Расход`
//                            (cells split by '|' or tabs; Приход is in, Расход is out)
// Operations are mapped by the vocabulary (Покупка/Снятие/Комиссия → expense, Пополнение →
// income, Перевод → transfer; an unknown one by its sign); the details go through the parser's
// category lexicon. A transfer out leaves the statement's account for no account, one in
// arrives from none — `kassa edit` names the other side. Lines that do not start with a date
// (titles, headers, page footers) are not rows, except a line right after a row (no blank line
// between), which continues it (a foreign amount, a long merchant name) and is joined to its
// details; a line that starts with one and cannot be read is a bad row. A table's rows may
// start with '|'. Its Приход/Расход columns are in the account's currency (the operation's own
// currency describes only the Сумма column). A zero row is skipped and counted; a cash
// withdrawal (Снятие, ATM) is a transfer to the cash account.

import KassaCore

public enum StatementReader {
    /// Whether the text looks like a statement: some line starts with a dotted date and holds a ₸ or a sign.
    public static func looksLikeStatement(_ text: String) -> Bool {
        var rows = 0
        for line in TextLines.split(text).prefix(200) where dateAtStart(Substring(line.trimmingCharacters())) != nil {
            rows += 1
        }
        return rows > 0
    }

    static func dateAtStart(_ line: Substring) -> (CivilDate, Substring)? {
        var end = line.startIndex
        while end < line.endIndex, line[end].isASCII, line[end].isNumber || line[end] == "." { end = line.index(after: end) }
        let head = line[line.startIndex..<end]
        guard head.count == 8 || head.count == 10, head.filter({ $0 == "." }).count == 2,
              let date = DateText.parse(head, order: .dmy) else { return nil }
        return (date, line[end...])
    }

    /// A line starting with dd.mm.yy or dd.mm.yyyy digits, whether or not they make a date.
    static func looksLikeDate(_ line: Substring) -> Bool {
        var end = line.startIndex
        while end < line.endIndex, line[end].isASCII, line[end].isNumber || line[end] == "." { end = line.index(after: end) }
        let head = line[line.startIndex..<end]
        return (head.count == 8 || head.count == 10) && head.filter({ $0 == "." }).count == 2 && DateText.parts(head) != nil
    }

    public static func read(_ text: String, vocabulary: ImportVocabulary, defaults: ImportDefaults = ImportDefaults()) -> ImportRecords {
        var records = ImportRecords()
        var lineNumber = 0
        // The last row read, while the lines after it may continue it.
        var open: Int?
        for raw in TextLines.split(text) {
            lineNumber += 1
            var line = Substring(raw.trimmingCharacters())
            if line.first == "|" { line = Substring(line.dropFirst().trimmingCharacters()) }
            guard let (date, rest) = dateAtStart(line) else {
                // Shaped like a date but none ("31.02.26", "00.13.2026"): a row named, not dropped.
                if looksLikeDate(line) {
                    records.problems.append(ImportProblem(line: lineNumber, reason: "date", detail: String(line)))
                    open = nil
                    continue
                }
                if line.isEmpty { open = nil; continue }
                if let k = open {
                    let more = line.split(separator: "|").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.joined(separator: " ")
                    records.transactions[k].note += (records.transactions[k].note.isEmpty ? "" : " ") + more
                }
                continue
            }
            open = nil
            // A real date kassa cannot keep ("01.01.3050") is a row named, not the import's end.
            guard date.isSupported else {
                records.problems.append(ImportProblem(line: lineNumber, reason: "date-bounds", detail: String(line)))
                continue
            }
            let row: (negative: Bool, reading: AmountText.Reading, currencyWord: String?, operation: String, details: String)?
            if rest.contains("|") || rest.contains("\t") {
                // The app's table; else Kaspi's columns copied with tabs between them.
                row = tableRow(rest) ?? (rest.contains("|") ? nil : kaspiRow(Substring(rest.map { $0 == "\t" ? " " : $0 })))
            } else {
                row = kaspiRow(rest)
            }
            guard let row else {
                records.problems.append(ImportProblem(line: lineNumber, reason: "statement", detail: String(line)))
                continue
            }
            var currency = defaults.currency
            if let word = row.currencyWord {
                guard let found = (word.count == 3 ? Currency(code: word) : nil) ?? vocabulary.currency(word) else {
                    records.problems.append(ImportProblem(line: lineNumber, reason: "currency", detail: word))
                    continue
                }
                currency = found
            }
            guard let money = row.reading.money(currency) else {
                records.problems.append(ImportProblem(line: lineNumber, reason: "amount", detail: String(line)))
                continue
            }
            guard !money.isZero else { records.zeroRows += 1; continue }
            let amount = money.minorUnits < 0 ? money.negated : money
            let negative = row.negative || money.minorUnits < 0
            let withdrawal = negative && vocabulary.cashWithdrawal(row.operation)
            let type = withdrawal ? .transfer : vocabulary.kind(row.operation) ?? (negative ? .expense : .income)
            var transaction = Transaction(id: 0, type: type, amount: amount, date: date, account: defaults.account,
                                          note: row.details.isEmpty ? row.operation : row.details)
            switch type {
            case .transfer:
                if withdrawal { transaction.toAccount = defaults.cashAccount }
                if !negative { transaction.toAccount = defaults.account; transaction.account = nil }
            case .expense, .income:
                var slug = row.details.isEmpty ? nil : vocabulary.category(row.details, type)
                if let found = slug, (type == .income) != found.hasPrefix("income") { slug = nil }
                transaction.category = slug ?? (type == .income ? "income/other" : "other")
            }
            records.transactions.append(transaction)
            open = records.transactions.count - 1
        }
        return records
    }

    /// `- 2 500,00 ₸   Покупка   ИП Кофейня` (after the date).
    static func kaspiRow(_ rest: Substring) -> (Bool, AmountText.Reading, String?, String, String)? {
        var i = rest.startIndex
        func skipSpaces() { while i < rest.endIndex, rest[i].isWhitespace { i = rest.index(after: i) } }
        skipSpaces()
        var negative = false
        if i < rest.endIndex, "-−–+".contains(rest[i]) { negative = rest[i] != "+"; i = rest.index(after: i) }
        // The amount: digits, spaces, marks — up to the currency sign or word.
        let amountStart = i
        while i < rest.endIndex, rest[i].isASCII && (rest[i].isNumber || rest[i] == "," || rest[i] == ".")
                || rest[i] == " " || rest[i] == "\u{00A0}" || rest[i] == "\u{202F}" { i = rest.index(after: i) }
        guard let reading = AmountText.read(rest[amountStart..<i]) else { return nil }
        skipSpaces()
        var currencyWord: String?
        if i < rest.endIndex, rest[i].isCurrencySymbol {
            currencyWord = String(rest[i])
            i = rest.index(after: i)
        } else {
            let wordStart = i
            while i < rest.endIndex, rest[i].isLetter, rest[i].isUppercase { i = rest.index(after: i) }
            if rest.distance(from: wordStart, to: i) == 3, i == rest.endIndex || rest[i].isWhitespace {
                currencyWord = String(rest[wordStart..<i])
            } else {
                i = wordStart
            }
        }
        skipSpaces()
        let tail = rest[i...]
        // Operation and details: split at a run of two spaces or a tab, else at the first space.
        var operation = Substring(tail), details = Substring("")
        if let gap = tail.firstRange(of: "  ") ?? tail.firstRange(of: "\t") ?? tail.firstRange(of: " ") {
            operation = tail[..<gap.lowerBound]
            details = tail[gap.upperBound...]
        }
        return (negative, reading, currencyWord, operation.trimmingCharacters(), details.trimmingCharacters())
    }

    /// `| Операция | Детали | Сумма | Валюта | Приход | Расход` (after the date).
    static func tableRow(_ rest: Substring) -> (Bool, AmountText.Reading, String?, String, String)? {
        let separator: Character = rest.contains("|") ? "|" : "\t"
        var cells = rest.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingCharacters() }
        if cells.first == "" { cells.removeFirst() }
        guard cells.count >= 4 else { return nil }
        let operation = cells[0], details = cells[1]
        let currencyWord = cells.count > 3 && !cells[3].isEmpty ? cells[3] : nil
        if cells.count >= 6 {
            // Приход / Расход are in the account's currency (nil: the statement's default), not
            // in the operation's, which describes only the Сумма column.
            // A row fills one of them; the other is empty or a zero (`0,00`), which does not
            // make the row a zero row: the column with an amount decides.
            let income = cells[4].isEmpty ? nil : AmountText.read(Substring(cells[4]))
            let expense = cells[5].isEmpty ? nil : AmountText.read(Substring(cells[5]))
            if let income, !isZero(income) || expense.map(isZero) ?? true { return (false, income, nil, operation, details) }
            if let expense { return (true, expense, nil, operation, details) }
        }
        guard let reading = AmountText.read(Substring(cells[2])) else { return nil }
        return (reading.negative, reading, currencyWord ?? reading.currencyWord, operation, details)
    }

    /// Whether a cell's amount is zero (all its digits 0).
    static func isZero(_ reading: AmountText.Reading) -> Bool {
        (reading.whole + reading.fraction).allSatisfy { $0 == "0" }
    }
}
