// CSVRowReader+Bytes: the fast path of a CSV row — its fields straight from the table's bytes
// into a BackupRow (what the import's encoder takes), with no String or Transaction per row: an
// ISO date, a plain amount, a currency code and type word from small caches, labels through
// CSVLabels, the note and input as the cells' own bytes. Anything else — a quote inside a cell,
// a decimal comma, debit and credit, another date form, a rules file's `if` lines, a bad field,
// a date out of the journal's bounds — returns nil, and the row goes `transaction`, which
// decides and names the error; a test holds the two paths to the same records.

import KassaCore

extension CSVRowReader {
    /// Whether `row` can read any row of this file (no rules' `if` lines, whose patterns need
    /// the row's text; no empty default account, which a row would name as ""; no debit/credit
    /// pair beside the amount).
    var readsBytes: Bool {
        rules.rules.isEmpty && (has(.account) || (rules.account ?? defaults.account) != "") && !has(.status) && !has(.card)
            // An operation's amount beside a debit/credit pair: the pair decides (the careful way).
            && !(has(.amount) && (has(.debit) || has(.credit)))
    }

    /// The row's fields as `transaction` would read them, the texts as the table's bytes (`base`
    /// is the table's first byte); nil when the careful way must decide. Only when `readsBytes`.
    mutating func row(_ cells: [CSVCell], _ base: UnsafePointer<UInt8>) -> BackupRow? {
        cells.withUnsafeBufferPointer { row($0, base) }
    }

    private mutating func row(_ cells: UnsafeBufferPointer<CSVCell>, _ base: UnsafePointer<UInt8>) -> BackupRow? {
        for cell in cells where cell.escaped { return nil }
        // The date: an ISO one, as the cell is (the careful way trims and reads other forms).
        let dateIndex = indices[ImportColumn.date.ordinal]
        guard dateIndex >= 0, dateIndex < cells.count, cells[dateIndex].end - cells[dateIndex].start == 10,
              let date = CSVRowReader.isoDate(base + cells[dateIndex].start), supported.contains(date) else { return nil }
        // A row with an optional field (TransactionField) goes the careful way (a row has no
        // field for them here).
        for pair in ImportColumn.pairs where has(pair.amount) {
            if !span(pair.amount, cells, base).isEmpty { return nil }
        }
        // The amount: a plain one in the amount column, as the cell is.
        let amountIndex = indices[ImportColumn.amount.ordinal]
        guard amountIndex >= 0, amountIndex < cells.count,
              let plain = CSVRowReader.plainAmount(base, cells[amountIndex].start, cells[amountIndex].end) else { return nil }
        var currency = rules.currency ?? defaults.currency
        let currencyCell = span(.currency, cells, base)
        if !currencyCell.isEmpty {
            guard let found = currencyWord(base, currencyCell) else { return nil }
            currency = found
        }
        let digits = currency.minorDigits
        guard digits <= 3, plain.fractionDigits <= digits else { return nil }
        var minor = plain.whole
        for _ in 0..<digits { minor *= 10 }
        var fraction = plain.fraction
        for _ in plain.fractionDigits..<digits { fraction *= 10 }
        minor += fraction
        let magnitude = Money(minorUnits: minor, currency: currency)
        guard minor != 0, magnitude.isWithinEntryBound else { return nil }
        var type: TransactionType = plain.negative ? .expense : .income
        let typeCell = span(.type, cells, base)
        if !typeCell.isEmpty {
            guard let known = kindWord(base, typeCell) else { return nil }
            type = known
        }
        let note = CSVRowReader.unneutralised(span(.note, cells, base), base)
        guard CSVRowReader.isText(base, note) else { return nil }
        // Without a type or destination column the description may say a transfer: such a row
        // goes the careful way, which makes it one.
        if !has(.type), !has(.toAccount), !note.isEmpty,
           vocabulary.describedTransfer(String(decoding: UnsafeBufferPointer(start: base + note.lowerBound, count: note.count), as: UTF8.self)) != nil {
            return nil
        }
        // Accounts: a label each (the cell's bytes are encoded; the key counts them).
        var accountKey = fixedAccount, accountBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if has(.account) {
            let cell = CSVRowReader.unneutralised(span(.account, cells, base), base)
            accountKey = -1
            if !cell.isEmpty {
                guard let key = labels.key(base + cell.lowerBound, cell.count) else { return nil }
                accountKey = key
                accountBytes = UnsafeBufferPointer(start: base + cell.lowerBound, count: cell.count)
            }
        } else if fixedAccount >= 0 {
            accountBytes = texts.bytes(labels.values[fixedAccount])
        }
        var toAccountKey = -1, toAccountBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let toCell = CSVRowReader.unneutralised(span(.toAccount, cells, base), base)
        if !toCell.isEmpty {
            guard let key = labels.key(base + toCell.lowerBound, toCell.count) else { return nil }
            toAccountKey = key
            toAccountBytes = UnsafeBufferPointer(start: base + toCell.lowerBound, count: toCell.count)
        }
        if type == .transfer, plain.negative, toAccountKey == -1, typeCell.isEmpty {
            swap(&accountKey, &toAccountKey)
            swap(&accountBytes, &toAccountBytes)
        }
        var categoryKey = -1
        if type != .transfer {
            let name = CSVRowReader.unneutralised(span(.category, cells, base), base)
            if !name.isEmpty {
                // A subcategory joins the name: the careful way's.
                guard span(.subcategories, cells, base).isEmpty, let key = labels.key(base + name.lowerBound, name.count) else {
                    return nil
                }
                categoryKey = key
            }
        }
        var id = 0
        let idCell = span(.id, cells, base)
        if !idCell.isEmpty {
            guard let number = CSVRowReader.id(base, idCell) else { return nil }
            id = number
        }
        var time: TimeOfDay?
        let timeCell = span(.time, cells, base)
        if !timeCell.isEmpty {
            guard timeCell.count == 5, base[timeCell.lowerBound + 2] == 58,
                  let hour = CSVRowReader.digits(base + timeCell.lowerBound, 2),
                  let minute = CSVRowReader.digits(base + timeCell.lowerBound + 3, 2),
                  let parsed = TimeOfDay(hour: hour, minute: minute) else { return nil }
            time = parsed
        }
        var recurrence: Recurrence?
        let recurrenceCell = span(.recurrence, cells, base)
        if !recurrenceCell.isEmpty {
            let text = String(decoding: UnsafeBufferPointer(start: base + recurrenceCell.lowerBound, count: recurrenceCell.count),
                              as: UTF8.self)
            guard let parsed = Recurrence(rawValue: text.lowercased()) else { return nil }
            recurrence = parsed
        }
        let input = CSVRowReader.unneutralised(span(.input, cells, base), base)
        guard CSVRowReader.isText(base, input) else { return nil }
        // Last, once the row is read: the category (an unknown name is counted).
        var categoryBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if type != .transfer {
            if categoryKey >= 0 {
                categoryBytes = slug(categoryKey, type: type)
            } else if !has(.category) {
                let text = String(decoding: UnsafeBufferPointer(start: base + note.lowerBound, count: note.count), as: UTF8.self)
                if let slug = resolveCategory(nil, note: text, type: type) { categoryBytes = texts.bytes(slug) }
            }
        }
        return BackupRow(id: id, type: type, amount: magnitude, date: date, time: time, recurrence: recurrence,
                         note: UnsafeBufferPointer(start: base + note.lowerBound, count: note.count),
                         input: UnsafeBufferPointer(start: base + input.lowerBound, count: input.count),
                         categoryBytes: categoryBytes, accountBytes: accountBytes, toAccountBytes: toAccountBytes,
                         categoryKey: categoryKey, accountKey: accountKey, toAccountKey: toAccountKey)
    }

    /// The resolved category of the label `key` for a row of `type`, looked up once per label
    /// and type; an unknown name is counted for every row.
    private mutating func slug(_ key: Int, type: TransactionType) -> UnsafeBufferPointer<UInt8> {
        let known = type == .income ? incomeSlugs[key] : expenseSlugs[key]
        let found: CategorySlug
        if let known {
            found = known
        } else {
            let named = named(labels.values[key], type: type)
            found = CategorySlug(bytes: texts.bytes(named.slug), unknown: named.unknown)
            if type == .income { incomeSlugs[key] = found } else { expenseSlugs[key] = found }
        }
        if found.unknown { unknown[labels.values[key], default: 0] += 1 }
        return found.bytes
    }

    /// A currency cell's meaning, the last few words kept by their bytes.
    private mutating func currencyWord(_ base: UnsafePointer<UInt8>, _ cell: Range<Int>) -> Currency? {
        let word = cell.count <= 8 ? CSVRowReader.packed(base, cell) : nil
        if let word {
            for known in recentCurrencies where known.word == word && known.count == cell.count { return known.currency }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + cell.lowerBound, count: cell.count), as: UTF8.self)
        guard let found = lookupCurrency(text) else { return nil }
        if let word, recentCurrencies.count < 8 { recentCurrencies.append((word, cell.count, found)) }
        return found
    }

    /// A type cell's meaning, the last few words kept by their bytes.
    private mutating func kindWord(_ base: UnsafePointer<UInt8>, _ cell: Range<Int>) -> TransactionType? {
        let word = cell.count <= 8 ? CSVRowReader.packed(base, cell) : nil
        if let word {
            for known in recentKinds where known.word == word && known.count == cell.count { return known.type }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + cell.lowerBound, count: cell.count), as: UTF8.self)
        guard let found = lookupKind(text) else { return nil }
        if let word, recentKinds.count < 8 { recentKinds.append((word, cell.count, found)) }
        return found
    }

    /// The cell of `column` without surrounding spaces and tabs (and a CR at its end), as
    /// CSVTable.trimmedText; empty when the row has no such cell.
    @inline(__always)
    private func span(_ column: ImportColumn, _ cells: UnsafeBufferPointer<CSVCell>, _ base: UnsafePointer<UInt8>) -> Range<Int> {
        let index = indices[column.ordinal]
        guard index >= 0, index < cells.count else { return 0..<0 }
        var start = cells[index].start, end = cells[index].end
        while start < end, base[start] == 32 || base[start] == 9 { start += 1 }
        while end > start, base[end - 1] == 32 || base[end - 1] == 9 || base[end - 1] == 13 { end -= 1 }
        return start..<end
    }

    /// CSVReader.unneutralised on the bytes: the apostrophe before a formula-like cell dropped.
    @inline(__always)
    private static func unneutralised(_ cell: Range<Int>, _ base: UnsafePointer<UInt8>) -> Range<Int> {
        guard cell.count >= 2, base[cell.lowerBound] == 39 else { return cell }
        let second = base[cell.lowerBound + 1]
        // An apostrophe before another is one the export doubled (the cell began with one).
        guard second == 61 || second == 43 || second == 45 || second == 64 || second == 9 || second == 13 || second == 39 else {
            return cell
        }
        return (cell.lowerBound + 1)..<cell.upperBound
    }

    /// Whether the bytes are valid UTF-8 (the careful way's String would otherwise replace some).
    @inline(__always)
    private static func isText(_ base: UnsafePointer<UInt8>, _ cell: Range<Int>) -> Bool {
        cell.isEmpty || BackupLineDecoder.isValidUTF8(UnsafeBufferPointer(start: base + cell.lowerBound, count: cell.count))
    }

    /// Up to 8 bytes as one number (lowest byte first).
    @inline(__always)
    private static func packed(_ base: UnsafePointer<UInt8>, _ cell: Range<Int>) -> UInt64 {
        var word: UInt64 = 0
        for k in cell.reversed() { word = word << 8 | UInt64(base[k]) }
        return word
    }

    /// `count` (at most 18) decimal digits at `p`, or nil.
    @inline(__always)
    private static func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var value = 0
        for k in 0..<count {
            let digit = p[k] &- 48
            guard digit < 10 else { return nil }
            // 18 digits cannot overflow.
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// `yyyy-mm-dd` at `p` (FastText.isoDate on the bytes).
    @inline(__always)
    private static func isoDate(_ p: UnsafePointer<UInt8>) -> CivilDate? {
        guard p[4] == 45, p[7] == 45, let year = digits(p, 4), let month = digits(p + 5, 2), let day = digits(p + 8, 2) else {
            return nil
        }
        return CivilDate(year: year, month: month, day: day)
    }

    /// An id cell: digits, after a '#' if any, greater than 0 (what `Int` reads of them; a sign
    /// or anything else is the careful way's).
    @inline(__always)
    private static func id(_ base: UnsafePointer<UInt8>, _ cell: Range<Int>) -> Int? {
        var start = cell.lowerBound
        if base[start] == 35 { start += 1 }
        let count = cell.upperBound - start
        guard count >= 1, count <= 18, let value = digits(base + start, count), value > 0 else { return nil }
        return value
    }

    /// FastText.plainAmount on the bytes: an optional '-', 1–15 digits, and optionally '.' and
    /// 1–3 digits, nothing else (longer ones are the careful way's).
    @inline(__always)
    private static func plainAmount(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int)
        -> (negative: Bool, whole: Int64, fraction: Int64, fractionDigits: Int)? {
        var i = start
        let negative = i < end && base[i] == 45
        if negative { i += 1 }
        var whole: Int64 = 0
        let wholeStart = i
        while i < end, base[i] &- 48 < 10 { whole = whole &* 10 &+ Int64(base[i] &- 48); i += 1; if i - wholeStart > 15 { return nil } }
        guard i > wholeStart else { return nil }
        var fraction: Int64 = 0, fractionDigits = 0
        if i < end {
            guard base[i] == 46 else { return nil }
            i += 1
            while i < end, base[i] &- 48 < 10 {
                fraction = fraction &* 10 &+ Int64(base[i] &- 48)
                fractionDigits += 1
                i += 1
                if fractionDigits > 3 { return nil }
            }
            guard i == end, fractionDigits > 0 else { return nil }
        }
        return (negative, whole, fraction, fractionDigits)
    }
}
