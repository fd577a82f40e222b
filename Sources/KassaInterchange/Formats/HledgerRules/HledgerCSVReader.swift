// HledgerCSVReader: a CSV read under hledger's rules (HledgerRules) into kassa's transactions.
// Each record after `skip` gets its fields (HledgerRecord); `account1` is the account the
// amount moves (an hledger account name, read by AccountNameMap as the journals import reads it;
// without one, --account or the default), and the
// amount's sign is account1's: positive money comes in. `account2` says where it goes or comes
// from: another asset or liability makes a transfer; an expense or income account gives the
// category (the last component, looked up in either language; an unknown one becomes `other`
// and is reported); none gives hledger's unknown. A record `if … skip` names is not read; a zero
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
        let names = AccountNameMap(vocabulary: vocabulary)
        var seen = 0
        table.forEachRow { line, cells in
            seen += 1
            guard seen > rules.skip else { return true }
            let record = HledgerRecord(cells: cells.map(table.text), rules: rules)
            guard !record.skipped else { return true }
            switch transaction(record, vocabulary: vocabulary, names: names, defaults: defaults, unknown: &unknown) {
            case .success(let t): records.transactions.append(t)
            case .failure(let problem): records.add(ImportProblem(line: line, reason: problem.reason, detail: problem.detail))
            }
            return true
        }
        records.unknownCategories = unknown
        return records
    }

    static func transaction(_ record: HledgerRecord, vocabulary: ImportVocabulary, names: AccountNameMap, defaults: ImportDefaults,
                            unknown: inout [String: Int]) -> Result<Transaction, ImportProblem> {
        let rules = record.rules
        guard let dateText = record.value("date"), !dateText.isEmpty else { return .failure(ImportProblem(line: 0, reason: "date")) }
        guard let (date, time) = HledgerDateFormat.parse(dateText, format: rules.dateFormat) else {
            return .failure(ImportProblem(line: 0, reason: "date", detail: dateText))
        }
        // The amount: `amount`, or one of `amount-in` / `amount-out` (the other empty or zero).
        var reading: AmountText.Reading?
        var amountText = ""
        if let text = record.value("amount"), !text.isEmpty {
            amountText = text
            reading = HledgerAmount.read(text, decimalMark: rules.decimalMark)
        } else {
            let inText = record.value("amount-in") ?? "", outText = record.value("amount-out") ?? ""
            let inReading = inText.isEmpty ? nil : HledgerAmount.read(inText, decimalMark: rules.decimalMark)
            let outReading = outText.isEmpty ? nil : HledgerAmount.read(outText, decimalMark: rules.decimalMark)
            if !inText.isEmpty, inReading == nil { return .failure(ImportProblem(line: 0, reason: "amount", detail: inText)) }
            if !outText.isEmpty, outReading == nil { return .failure(ImportProblem(line: 0, reason: "amount", detail: outText)) }
            if let found = inReading, !found.isZero || outReading == nil {
                guard outReading?.isZero ?? true else { return .failure(ImportProblem(line: 0, reason: "amount", detail: inText + " / " + outText)) }
                amountText = inText
                reading = found
            } else if var found = outReading {
                amountText = outText
                found.negative.toggle()
                reading = found
            }
        }
        guard let reading else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
        var currency = defaults.currency
        if let word = record.value("currency").flatMap({ $0.isEmpty ? nil : $0 }) ?? reading.currencyWord {
            guard let found = Currency(code: word.uppercased()).flatMap({ word.count == 3 ? $0 : nil }) ?? vocabulary.currency(word) else {
                return .failure(ImportProblem(line: 0, reason: "currency", detail: word))
            }
            currency = found
        }
        guard let signed = reading.money(currency) else { return .failure(ImportProblem(line: 0, reason: "amount", detail: amountText)) }
        guard !signed.isZero else { return .failure(ImportProblem(line: 0, reason: "zero", detail: amountText)) }
        let incoming = signed.minorUnits > 0
        let amount = incoming ? signed : signed.negated
        // account1: the account the amount moves.
        var account = defaults.account
        if let name = record.value("account1"), !name.isEmpty {
            guard case .account(let found, _) = names.resolve(name) else {
                return .failure(ImportProblem(line: 0, reason: "hledger-account1", detail: name))
            }
            account = found
        }
        var note = record.value("description") ?? ""
        if let comment = record.value("comment"), !comment.isEmpty { note += note.isEmpty ? comment : " ; " + comment }
        var t = Transaction(id: 0, type: incoming ? .income : .expense, amount: amount, date: date, time: time, account: account, note: note)
        let other = record.value("account2").flatMap { $0.isEmpty ? nil : $0 }
        switch other.map(names.resolve) {
        case .account(let name, _)?:
            // Between two of the person's accounts: a transfer, in the direction of the sign.
            t.type = .transfer
            if incoming { t.account = name; t.toAccount = account } else { t.toAccount = name }
        case .category(let slug, let name, _)?:
            // kassa's category when the name is one (either language); else other, and the name listed.
            if slug == nil { unknown[name, default: 0] += 1 }
            t.category = CSVRowReader.category(slug: slug, type: t.type)
        case .equity?, .unsupported?, nil:
            // hledger's expenses:unknown / income:unknown; a name under another root is reported.
            if let other { unknown[other, default: 0] += 1 }
            t.category = CSVRowReader.category(slug: nil, type: t.type)
        }
        return .success(t)
    }
}
