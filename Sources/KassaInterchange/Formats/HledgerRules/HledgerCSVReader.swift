// HledgerCSVReader: a CSV read under hledger's rules (HledgerRules) into kassa's transactions.
// Each record after `skip` gets its fields (HledgerRecord); `account1` is the account the
// amount moves (an hledger account name, read by AccountNameMap as the journals import reads it;
// without one, --account or the default), and the
// amount's sign is account1's: positive money comes in (posting 1's amount, or the negation of
// posting 2's when only that is given). `account2` says where it goes or comes
// from: another asset or liability makes a transfer; an expense or income account gives the
// category (the whole last component, looked up in either language as a journal's import does;
// another name becomes one of the person's own categories, named in the summary); none gives
// hledger's unknown. A record `if … skip` names is not read; a zero
// amount is skipped and counted; a record kassa cannot read is a bad row with its line.

import KassaCore

public enum HledgerCSVReader {
    public static func read(_ bytes: [UInt8], rules: HledgerRules, vocabulary: ImportVocabulary,
                            defaults: ImportDefaults) -> ImportRecords {
        var records = ImportRecords()
        let table = CSVTable(bytes, delimiter: rules.separator)
        records.separator = table.delimiter
        let broken = table.structuralProblems()
        guard broken.isEmpty else {
            records.problems += broken
            return records
        }
        var unknown: [String: Int] = [:]
        var own = OwnCategories()
        let names = AccountNameMap(vocabulary: vocabulary)
        var seen = 0
        table.forEachRow { line, cells in
            seen += 1
            guard seen > rules.skip else { return true }
            let record = HledgerRecord(cells: cells.map(table.text), rules: rules)
            guard !record.ends else { return false }
            guard !record.skipped else { return true }
            switch transactions(record, vocabulary: vocabulary, names: names, defaults: defaults, unknown: &unknown, own: &own) {
            case .success(let made): records.transactions += made
            case .failure(let problem): records.add(ImportProblem(line: line, reason: problem.reason, detail: problem.detail))
            }
            return true
        }
        records.unknownCategories = unknown
        if !own.made.isEmpty || !own.mapped.isEmpty {
            var notes = JournalNotes()
            notes.categories = own.made.sorted { $0.key < $1.key }.map { (slug: $0.key, name: $0.value.name) }
            notes.categoryMap = own.mapped.sorted { $0.key < $1.key }.map { (source: $0.key, slug: $0.value) }
            records.journal = notes
            records.objects = own.made.sorted { $0.key < $1.key }.map(\.value.record)
        }
        return records
    }

    /// The person's own categories made for account2 names kassa does not know, and where every
    /// expense and income account2 went.
    struct OwnCategories {
        var made: [String: (name: String, record: ObjectRecord)] = [:]
        var mapped: [String: String] = [:]

        /// The slug of one of the person's own categories named `name` (made once).
        mutating func slug(_ name: String, type: TransactionType) -> String? {
            guard let part = AccountNameMap.ownSlug(name) else { return nil }
            let slug = type == .income ? "income/" + part : part
            if made[slug] == nil {
                let definition = CategoryDefinition(slug: slug, name: name, parent: type == .income ? "income" : nil, type: type, own: true)
                made[slug] = (name, definition.record)
            }
            return slug
        }
    }

    /// A record's transactions: one for postings 1 and 2, and one more for each further posting
    /// (a fee, a tax: `accountN`, `amountN`, N from 3 to 9), each against account1, so account1
    /// moves by posting 1's amount.
    static func transactions(_ record: HledgerRecord, vocabulary: ImportVocabulary, names: AccountNameMap, defaults: ImportDefaults,
                             unknown: inout [String: Int], own: inout OwnCategories) -> Result<[Transaction], ImportProblem> {
        let rules = record.rules
        if let (field, bytes, limit) = record.oversizedField() {
            return .failure(ImportProblem(line: 0, reason: "template-too-long", detail: field + " " + String(bytes) + " / " + String(limit)))
        }
        guard let dateText = record.value("date"), !dateText.isEmpty else { return .failure(ImportProblem(line: 0, reason: "date")) }
        guard let (date, time) = HledgerDateFormat.parse(dateText, format: rules.dateFormat) else {
            return .failure(ImportProblem(line: 0, reason: "date", detail: dateText))
        }
        // Posting 1's amount: `amount1` (or one of `amount1-in` / `amount1-out`), else `amount`
        // (or `amount-in` / `amount-out`); posting 2's: `amount2` (…-in / …-out). Only posting 2's
        // given: posting 1 takes its negation. Each in its `currencyN`, else `currency`, else
        // its own sign or code.
        var first: (reading: AmountText.Reading, text: String)?
        var second: (reading: AmountText.Reading, text: String)?
        switch amount(record, "amount1") {
        case .failure(let problem): return .failure(problem)
        case .success(let found?): first = found
        case .success(nil):
            switch amount(record, "amount") {
            case .failure(let problem): return .failure(problem)
            case .success(let found): first = found
            }
        }
        switch amount(record, "amount2") {
        case .failure(let problem): return .failure(problem)
        case .success(let found): second = found
        }
        func currency(_ number: String, _ reading: AmountText.Reading) -> Result<Currency, ImportProblem> {
            guard let word = record.value("currency" + number).flatMap({ $0.isEmpty ? nil : $0 })
                    ?? record.value("currency").flatMap({ $0.isEmpty ? nil : $0 }) ?? reading.currencyWord else {
                return .success(defaults.currency)
            }
            guard let found = Currency(code: word.uppercased()).flatMap({ word.count == 3 ? $0 : nil }) ?? vocabulary.currency(word) else {
                return .failure(ImportProblem(line: 0, reason: "currency", detail: word))
            }
            return .success(found)
        }
        // Each posting after the second (a fee, a tax) against account1: what account1 moves by
        // it, in its currency, and where it goes.
        var fees: [(money: Money, account: String, number: String)] = []
        for n in 3...HledgerRules.maxPostings {
            let number = String(n)
            switch amount(record, "amount" + number) {
            case .failure(let problem): return .failure(problem)
            case .success(let found?):
                guard let feeAccount = record.value("account" + number).flatMap({ $0.isEmpty ? nil : $0 }) else {
                    return .failure(ImportProblem(line: 0, reason: "hledger-posting-account", detail: "amount" + number + " " + found.text))
                }
                switch currency(number, found.reading) {
                case .failure(let problem): return .failure(problem)
                case .success(let c):
                    guard let money = found.reading.money(c) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: found.text)) }
                    if !money.isZero { fees.append((money.negated, feeAccount, number)) }
                }
            case .success(nil): break
            }
        }
        /// What the further postings take from account1 in `currency`, in minor units (nil: it does not fit).
        func feeShare(_ currency: Currency) -> Int64? {
            var total: Int64 = 0
            for fee in fees where fee.money.currency == currency {
                let (sum, overflow) = total.addingReportingOverflow(fee.money.minorUnits)
                if overflow { return nil }
                total = sum
            }
            return total
        }
        var signed: Money
        var amountText: String
        var target: Money?
        if let first {
            amountText = first.text
            switch currency("1", first.reading) {
            case .failure(let problem): return .failure(problem)
            case .success(let c):
                guard let money = first.reading.money(c) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: first.text)) }
                signed = money
            }
            if let second {
                switch currency("2", second.reading) {
                case .failure(let problem): return .failure(problem)
                case .success(let c):
                    guard let money = second.reading.money(c) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: second.text)) }
                    // In one currency the postings must balance (with further ones, their share too).
                    guard let share = feeShare(c) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: first.text)) }
                    if c == signed.currency, money.minorUnits != -(signed.minorUnits - share) {
                        return .failure(ImportProblem(line: 0, reason: "journal-unbalanced", detail: first.text + " / " + second.text))
                    }
                    if c != signed.currency { target = money }
                }
            }
        } else if let second {
            amountText = second.text
            switch currency("2", second.reading) {
            case .failure(let problem): return .failure(problem)
            case .success(let c):
                guard let money = second.reading.money(c) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: second.text)) }
                signed = money.negated
            }
        } else {
            return .failure(ImportProblem(line: 0, reason: "amount"))
        }
        // What the further postings took is not the main transaction's: account1's own amount less it.
        if first != nil, !fees.isEmpty {
            guard let share = feeShare(signed.currency) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
            let (main, overflow) = signed.minorUnits.subtractingReportingOverflow(share)
            guard !overflow else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
            signed = Money(minorUnits: main, currency: signed.currency)
        }
        var made: [Transaction] = []
        var note = record.value("description") ?? ""
        if let comment = record.value("comment"), !comment.isEmpty { note += note.isEmpty ? comment : " ; " + comment }
        /// The note with a posting's own comment (`commentN`) after it.
        func noted(_ number: [String]) -> String {
            number.compactMap { record.value("comment" + $0) }.filter { !$0.isEmpty }.reduce(note) { $0.isEmpty ? $1 : $0 + " ; " + $1 }
        }
        // account1: the account the amount moves.
        var account = defaults.account
        if let name = record.value("account1"), !name.isEmpty {
            guard case .account(let found, _) = names.resolve(name) else {
                return .failure(ImportProblem(line: 0, reason: "hledger-account1", detail: name))
            }
            account = found
        }
        for fee in fees {
            let incoming = fee.money.minorUnits > 0
            var t = Transaction(id: 0, type: incoming ? .income : .expense, amount: incoming ? fee.money : fee.money.negated, date: date,
                                time: time, account: account, note: noted([fee.number]))
            place(&t, other: fee.account, incoming: incoming, account: account, amount: t.amount, target: nil, names: names,
                  unknown: &unknown, own: &own)
            made.append(t)
        }
        if signed.isZero, !made.isEmpty { return .success(made) }
        guard !signed.isZero else { return .failure(ImportProblem(line: 0, reason: "zero", detail: amountText)) }
        let incoming = signed.minorUnits > 0
        let amount = incoming ? signed : signed.negated
        var t = Transaction(id: 0, type: incoming ? .income : .expense, amount: amount, date: date, time: time, account: account,
                            note: noted(["1", "2"]))
        place(&t, other: record.value("account2").flatMap { $0.isEmpty ? nil : $0 }, incoming: incoming, account: account, amount: amount,
              target: target, names: names, unknown: &unknown, own: &own)
        // The fees after the payment they belong to, in the order of their postings.
        return .success([t] + made)
    }

    /// Where a transaction against account1 goes: `other` (account2, or account3 for a fee) — one
    /// of the person's accounts (a transfer; with `target` in another currency, an exchange), a
    /// category, or hledger's unknown.
    static func place(_ t: inout Transaction, other: String?, incoming: Bool, account: String?, amount: Money, target: Money?,
                      names: AccountNameMap, unknown: inout [String: Int], own: inout OwnCategories) {
        switch other.map(names.resolve) {
        case .account(let name, _)?:
            // Between two of the person's accounts: a transfer, in the direction of the sign; in
            // two currencies (amount2 in another one), an exchange whose target is what the other
            // side moved.
            t.type = .transfer
            if let target, incoming {
                // Posting 2 gave (its amount is negative): it is the source; what posting 1 got arrives.
                t.amount = Money(minorUnits: abs(target.minorUnits), currency: target.currency)
                t.toAmount = amount
                t.account = name
                t.toAccount = account
            } else if let target {
                t.toAmount = Money(minorUnits: abs(target.minorUnits), currency: target.currency)
                t.toAccount = name
            } else if incoming { t.account = name; t.toAccount = account } else { t.toAccount = name }
        case .category(let slug, _, _)? where slug == "":
            // kassa's own export's uncategorized account: hledger's unknown, not a name to list.
            t.category = CSVRowReader.category(slug: nil, type: t.type)
        case .category(let slug, let name, let type)?:
            // kassa's category when the name is one (either language); else one of the person's own.
            // Money back from an expense account is a refund, as a journal's import books it.
            let found = slug ?? own.slug(name, type: type)
            if let found, let other { own.mapped[other] = found }
            if found == nil { unknown[name, default: 0] += 1 }
            t.category = type == .expense && incoming ? JournalBook.refundSlug : CSVRowReader.category(slug: found, type: t.type)
        case .equity?, .unsupported?, nil:
            // hledger's expenses:unknown / income:unknown; a name under another root is reported.
            if let other { unknown[other, default: 0] += 1 }
            t.category = CSVRowReader.category(slug: nil, type: t.type)
        }
    }

    /// A posting's amount from `base` (`amount1`), or one of `base-in` / `base-out` (the other
    /// empty or zero; out negated); nil when none is assigned or all are empty.
    static func amount(_ record: HledgerRecord, _ base: String) -> Result<(reading: AmountText.Reading, text: String)?, ImportProblem> {
        let rules = record.rules
        // A cost after the amount (`$7.68 @@ £6`) balances it against posting 1: the amount is read.
        // A template's `-%gross` of a negative cell is "--0.77": two minus signs cancel, as in hledger.
        func amountPart(_ text: String) -> String {
            var text = text
            if let at = text.firstIndex(of: "@") { text = text[..<at].trimmingCharacters() }
            if text.hasPrefix("--") { text = String(text.dropFirst(2)) }
            return text
        }
        if let full = record.value(base), !full.isEmpty {
            let text = amountPart(full)
            guard let reading = HledgerAmount.read(text, decimalMark: rules.decimalMark) else {
                return .failure(ImportProblem(line: 0, reason: "amount", detail: text))
            }
            return .success((reading, text))
        }
        let inText = record.value(base + "-in") ?? "", outText = record.value(base + "-out") ?? ""
        let inReading = inText.isEmpty ? nil : HledgerAmount.read(inText, decimalMark: rules.decimalMark)
        let outReading = outText.isEmpty ? nil : HledgerAmount.read(outText, decimalMark: rules.decimalMark)
        if !inText.isEmpty, inReading == nil { return .failure(ImportProblem(line: 0, reason: "amount", detail: inText)) }
        if !outText.isEmpty, outReading == nil { return .failure(ImportProblem(line: 0, reason: "amount", detail: outText)) }
        if let found = inReading, !found.isZero || outReading == nil {
            guard outReading?.isZero ?? true else { return .failure(ImportProblem(line: 0, reason: "amount", detail: inText + " / " + outText)) }
            return .success((found, inText))
        }
        if var found = outReading {
            found.negative.toggle()
            return .success((found, outText))
        }
        return .success(nil)
    }
}
