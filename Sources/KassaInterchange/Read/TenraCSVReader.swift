// TenraCSVReader: `kassa import --format tenra` — the app's CSV (DOMAIN.md §7) with every type:
// expense; income (swapped: the `account` column is the income category, `targetAccount` the
// account); internal (a transfer to targetAccount — across currencies, an expense from one
// account and an income into the other, since a kassa transfer has one amount); deposit_topup
// and deposit_withdrawal (transfers); deposit_interest (income); loan_payment and
// loan_early_repayment (expenses). Types with no kassa twin keep their name in the note.
// Subcategories become the slug's tail; accounts are reported with their currency.

import KassaCore

public enum TenraCSVReader {
    /// Whether a header row is the app's (its target columns and subcategories).
    public static func isHeader(_ cells: [String]) -> Bool {
        let names = Set(cells.map(ImportVocabulary.normalizedHeader))
        return names.contains("targetaccount") && names.contains("subcategories") && names.contains("type")
    }

    public static func read(_ bytes: [UInt8], vocabulary: ImportVocabulary, defaults: ImportDefaults = ImportDefaults()) -> ImportRecords {
        var records = ImportRecords()
        let table = CSVTable(bytes, delimiter: 44)
        // Rows a broken quote or CR-only line ends would lose: refused, naming the line.
        records.problems += table.structuralProblems()
        guard records.problems.isEmpty else { return records }
        var index: [String: Int] = [:]
        var header = true
        var accountCurrencies: [String: Currency] = [:]
        var order: [String] = []
        var categories: [String: String] = [:]
        var currencies: [String: Currency] = [:]
        func note(_ account: String, _ currency: Currency) {
            guard !account.isEmpty, accountCurrencies[account] == nil else { return }
            accountCurrencies[account] = currency
            order.append(account)
        }
        func category(_ name: String, _ type: TransactionType) -> String {
            let key = (type == .income ? "+" : "-") + name
            if let known = categories[key] { return known }
            var slug = name.isEmpty ? nil : vocabulary.category(name, type)
            if type == .income, let found = slug, !found.hasPrefix("income") { slug = vocabulary.category("income/" + name, type) }
            if slug == nil, !name.isEmpty { records.unknownCategories[name, default: 0] += 1 }
            let result = slug ?? (type == .income ? "income/other" : "other")
            categories[key] = result
            return result
        }
        // Cell positions by column, fixed once the header is read: no name is hashed per row.
        var positions: [String: Int] = [:]
        table.forEachRow { line, cells in
            if header {
                header = false
                let text = cells.map { table.trimmedText($0) ?? "" }
                for (k, name) in text.enumerated() { index[ImportVocabulary.normalizedHeader(name)] = k }
                positions = index
                if index["date"] == nil || index["type"] == nil || index["amount"] == nil {
                    records.problems.append(ImportProblem(line: line, reason: "columns", detail: text.joined(separator: ",")))
                    return false
                }
                return true
            }
            func cell(_ name: String) -> String {
                guard let k = positions[name], k < cells.count else { return "" }
                // A text cell the export neutralised for spreadsheets ("'=…") is read back as it was.
                return (table.trimmedText(cells[k])).map(CSVReader.unneutralised) ?? ""
            }
            func raw(_ name: String) -> ArraySlice<UInt8>? {
                guard let k = positions[name], k < cells.count, !cells[k].escaped else { return nil }
                return table.bytes[cells[k].start..<cells[k].end]
            }
            let date: CivilDate
            if let bytes = raw("date"), let iso = FastText.isoDate(bytes) {
                date = iso
            } else {
                let dateText = cell("date")
                guard let parsed = CivilDate(iso: dateText) ?? DateText.parse(Substring(dateText), order: defaults.dateOrder ?? .dmy) else {
                    records.problems.append(ImportProblem(line: line, reason: "date", detail: dateText))
                    return true
                }
                date = parsed
            }
            let codeText = cell("currency")
            guard let currency = codeText.isEmpty ? defaults.currency : currencies[codeText] ?? Currency(code: codeText) ?? vocabulary.currency(codeText) else {
                records.problems.append(ImportProblem(line: line, reason: "currency", detail: codeText))
                return true
            }
            // The app writes plain numbers: a letter or a currency sign in one ("$5", "1e3") is
            // no amount here, never a number read by dropping it.
            guard let reading = raw("amount").flatMap(FastText.plainAmount) ?? AmountText.read(Substring(cell("amount"))),
                  reading.currencyWord == nil, let signed = reading.money(currency), !signed.isZero else {
                records.problems.append(ImportProblem(line: line, reason: "amount", detail: cell("amount")))
                return true
            }
            currencies[codeText] = currency
            let amount = signed.minorUnits < 0 ? signed.negated : signed
            let typeName = cell("type").lowercased()
            let account = cell("account"), target = cell("targetaccount")
            var baseNote = cell("note")
            func add(_ type: TransactionType, _ money: Money, category: String?, account: String?, to: String? = nil, note: String? = nil) {
                records.transactions.append(Transaction(id: 0, type: type, amount: money, date: date, category: category,
                                                        account: account, toAccount: to, note: note ?? baseNote))
            }
            switch typeName {
            case "expense":
                var name = cell("category")
                let sub = cell("subcategories")
                if !sub.isEmpty { name += "/" + sub.split(separator: ",").map { $0.trimmingCharacters() }.joined(separator: "/") }
                note(account, currency)
                add(.expense, amount, category: name.isEmpty ? nil : category(name, .expense), account: account.isEmpty ? nil : account)
            case "income":
                note(target, currency)
                add(.income, amount, category: account.isEmpty ? nil : category(account, .income), account: target.isEmpty ? nil : target)
            case "internal", "deposit_topup", "deposit_withdrawal":
                if typeName != "internal" { baseNote = baseNote.isEmpty ? typeName : baseNote + " (" + typeName + ")" }
                let targetCode = cell("targetcurrency")
                let targetCurrency = targetCode.isEmpty ? currency : Currency(code: targetCode) ?? vocabulary.currency(targetCode)
                guard let targetCurrency else {
                    records.problems.append(ImportProblem(line: line, reason: "currency", detail: targetCode))
                    return true
                }
                note(account, currency)
                if targetCurrency == currency {
                    note(target, currency)
                    add(.transfer, amount, category: nil, account: account.isEmpty ? nil : account, to: target.isEmpty ? nil : target)
                } else {
                    let targetText = cell("targetamount")
                    guard let targetReading = AmountText.read(Substring(targetText)), targetReading.currencyWord == nil, let received = targetReading.money(targetCurrency),
                          !received.isZero else {
                        records.problems.append(ImportProblem(line: line, reason: "amount", detail: targetText))
                        return true
                    }
                    note(target, targetCurrency)
                    let exchange = baseNote.isEmpty ? account + " → " + target : baseNote
                    add(.expense, amount, category: "other", account: account.isEmpty ? nil : account, note: exchange)
                    add(.income, received.minorUnits < 0 ? received.negated : received, category: "income/other",
                        account: target.isEmpty ? nil : target, note: exchange)
                }
            case "deposit_interest":
                baseNote = baseNote.isEmpty ? typeName : baseNote + " (" + typeName + ")"
                let into = target.isEmpty ? account : target
                note(into, currency)
                add(.income, amount, category: "income/other", account: into.isEmpty ? defaults.account : into)
            case "loan_payment", "loan_early_repayment":
                baseNote = baseNote.isEmpty ? typeName : baseNote + " (" + typeName + ")"
                note(account, currency)
                add(.expense, amount, category: category(cell("category"), .expense), account: account.isEmpty ? defaults.account : account)
            default:
                records.problems.append(ImportProblem(line: line, reason: "type", detail: cell("type")))
            }
            return true
        }
        records.accounts = order.map { Account(name: $0, currency: accountCurrencies[$0]) }
        return records
    }
}
