// TenraCSVReader: `kassa import --format tenra` — the app's CSV (DOMAIN.md §7, §10) with every
// type booked as the app's balance engine books it:
// - expense: `account` pays; when `targetCurrency`/`targetAmount` are there (the amount in the
//   account's currency) the expense keeps its own amount and is charged that converted amount
//   (chargedAmount), so the account moves as in the app — also when the app's older exports
//   labelled that amount with the row's own currency, and from `convertedAmount` (the app's 12th
//   column) when there is one; an equivalent shown beside
//   a row already in its account's currency is the app's display only (the account's currency is
//   what its rows without a conversion are in, read in a first pass over the rows);
// - income: swapped (the `account` column is the income category, `targetAccount` the account),
//   converted the same way;
// - internal: a transfer to targetAccount; across currencies (or when a different amount
//   arrives) targetCurrency/targetAmount are the transfer's target amount, what arrives;
// - deposit_topup (account = the deposit): money added to it — a transfer from targetAccount when
//   there is one, else income into the deposit; deposit_withdrawal: money taken out of it — a
//   transfer to targetAccount, else an expense from it; deposit_interest: income to the deposit;
// - loan_payment, loan_early_repayment (account = the loan, targetAccount = the card that pays):
//   a transfer from the card to the loan, so the card goes down and the debt by the same amount.
// What kassa has no field for is kept in `input` ("tenra:type=deposit_topup", the category as the
// app named it), so
// the app's CSV export writes the row back as the app wrote it. Amounts are read as the app
// writes them: `%.2f` whatever the currency (`1500.00` JPY). Subcategories become the slug's tail
// (by name or by slug); accounts are reported with their currency.
// An income (or expense) row whose category is an opening balance — two words, a `tenra.opening`
// and a `tenra.balance` word of Grammars/*/session.rules ("Opening balance", «Начальный
// остаток»), as kassa's tenra export writes an account's opening — is that account's opening
// balance (negative for an expense row: owed), dated on the row's day, not a transaction.

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
        let money = TenraCSVReader.money
        var order: [String] = []
        var categories: [String: String] = [:]
        var currencies: [String: Currency] = [:]
        // Openings by account, in the order met.
        var openings: [String: JournalAccount] = [:]
        var openingOrder: [String] = []
        /// Whether a category name is an opening balance's: an opening word, then a balance word.
        func isOpening(_ name: String) -> Bool {
            let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
            return words.count == 2 && vocabulary.word("tenra", String(words[0])) == "opening"
                && vocabulary.word("tenra", String(words[1])) == "balance"
        }
        /// `amount` (negative: owed) added to the account's opening; false when it has one in another currency.
        func opening(_ account: String, _ amount: Money, _ date: CivilDate) -> Bool {
            guard !account.isEmpty else { return false }
            guard var known = openings[account] else {
                openings[account] = JournalAccount(name: account, source: account, kind: .cash, opening: amount, openingDate: date)
                openingOrder.append(account)
                return true
            }
            guard let sum = known.opening, sum.currency == amount.currency,
                  case (let total, false) = sum.minorUnits.addingReportingOverflow(amount.minorUnits) else { return false }
            known.opening = Money(minorUnits: total, currency: amount.currency)
            known.openingDate = min(known.openingDate ?? date, date)
            openings[account] = known
            return true
        }
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
        // Each account's own currency: the one its rows without a conversion are in (a first pass).
        let plainCurrencies = accountsOwnCurrencies(table, vocabulary: vocabulary, defaults: defaults)
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
            // A real date kassa cannot keep (3050, 1899) is this row's problem, not the import's.
            guard date.isSupported else {
                records.problems.append(ImportProblem(line: line, reason: "date-bounds", detail: cell("date")))
                return true
            }
            let codeText = cell("currency")
            guard let currency = codeText.isEmpty ? defaults.currency : currencies[codeText] ?? Currency(code: codeText) ?? vocabulary.currency(codeText) else {
                records.problems.append(ImportProblem(line: line, reason: "currency", detail: codeText))
                return true
            }
            // The app writes plain numbers: a letter or a currency sign in one ("$5", "1e3") is
            // no amount here, never a number read by dropping it.
            guard let reading = raw("amount").flatMap(FastText.plainAmount) ?? AmountText.read(Substring(cell("amount"))),
                  reading.currencyWord == nil, let signed = money(reading, currency), !signed.isZero else {
                records.problems.append(ImportProblem(line: line, reason: "amount", detail: cell("amount")))
                return true
            }
            currencies[codeText] = currency
            let amount = signed.minorUnits < 0 ? signed.negated : signed
            let typeName = cell("type").lowercased()
            let account = cell("account"), target = cell("targetaccount")
            let baseNote = cell("note")
            func add(_ type: TransactionType, _ money: Money, category: String?, account: String?, to: String? = nil,
                     note: String? = nil, input: String = "", toAmount: Money? = nil, charged: Money? = nil) {
                records.transactions.append(Transaction(id: 0, type: type, amount: money, date: date, category: category,
                                                        account: account, toAccount: to, note: note ?? baseNote, input: input,
                                                        toAmount: toAmount, chargedAmount: charged))
            }
            /// A purchase or income in another currency than its account: its own amount, charged
            /// the converted one; else the row's amount as it is.
            func charging(_ amount: Money, _ moved: Money) -> (amount: Money, charged: Money?) {
                let own = amount.minorUnits < 0 ? amount.negated : amount
                return moved.currency == own.currency ? (moved, nil) : (own, moved)
            }
            /// The amount `account` moves by: the account's amount when the row has a conversion
            /// (the original kept in `input`), else the row's own. nil: a bad target.
            func converted(_ amount: Money, account: String) -> (Money, String)? {
                let code = cell("targetcurrency"), converted = cell("convertedamount")
                var text = cell("targetamount")
                let own = plainCurrencies[account]
                var targetCurrency: Currency
                if !converted.isEmpty, let inAccount = own ?? (code.isEmpty ? nil : Currency(code: code) ?? vocabulary.currency(code)),
                   inAccount != amount.currency {
                    // The app's 12th column: what the account moved by, in its currency.
                    targetCurrency = inAccount
                    text = converted
                } else {
                    guard !code.isEmpty, !text.isEmpty else { return (amount, "") }
                    guard let labelled = Currency(code: code) ?? vocabulary.currency(code) else {
                        records.problems.append(ImportProblem(line: line, reason: "currency", detail: code))
                        return nil
                    }
                    targetCurrency = labelled
                    if labelled == amount.currency {
                        // Exports before 2026-10 labelled the account's amount with the row's currency.
                        // (The same number under the same label is no conversion at all.)
                        let inAccount = own ?? defaults.currency
                        let same = AmountText.read(Substring(text)).flatMap { money($0, amount.currency) }.map { $0.minorUnits.magnitude }
                            == amount.minorUnits.magnitude
                        guard inAccount != amount.currency, !same else { return (amount, "") }
                        targetCurrency = inAccount
                    } else if own == amount.currency {
                        // The row is in its account's currency: the equivalent beside it is display only.
                        return (amount, "")
                    }
                }
                guard let reading = AmountText.read(Substring(text)), reading.currencyWord == nil, let target = money(reading, targetCurrency), !target.isZero else {
                    records.problems.append(ImportProblem(line: line, reason: "amount", detail: text))
                    return nil
                }
                let positive = target.minorUnits < 0 ? target.negated : target
                return (positive, amount.decimalString + " " + amount.currency.code)
            }
            /// What kassa has no field for, kept in `input` for the app's CSV export: the row's
            /// original amount and its category as the app named it (one "key=value" a line).
            func kept(_ original: String, category: String, subcategories: String, slug: String?) -> String {
                var fields: [String] = []
                if let slug { fields.append("slug=" + slug) }
                if !original.isEmpty { fields.append("original=" + original) }
                if !category.isEmpty { fields.append("category=" + category) }
                if !subcategories.isEmpty { fields.append("subcategories=" + subcategories) }
                return fields.isEmpty ? "" : "tenra:" + fields.joined(separator: "\n")
            }
            switch typeName {
            case "expense" where isOpening(cell("category")) && opening(account, amount.negated, date):
                note(account, currency)
            case "income" where isOpening(account) && opening(target, amount, date):
                note(target, currency)
            case "expense":
                let name = cell("category")
                let subs = cell("subcategories").split(separator: ",").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
                var slug: String? = name.isEmpty ? nil : category(name, .expense)
                // A subcategory by its own name ("Кофе" under «Еда»), else by slug path.
                if let parent = slug, let sub = subs.last {
                    let found = vocabulary.category(sub, .expense)
                    slug = found.map { $0.hasPrefix(parent + "/") ? $0 : nil } ?? nil
                        ?? category(name + "/" + subs.joined(separator: "/"), .expense)
                }
                guard let (money, _) = converted(amount, account: account) else { return true }
                note(account, money.currency)
                let (own, charged) = charging(amount, money)
                add(.expense, own, category: slug, account: account.isEmpty ? nil : account,
                    input: kept("", category: name, subcategories: cell("subcategories"), slug: slug), charged: charged)
            case "income":
                guard let (money, _) = converted(amount, account: target) else { return true }
                note(target, money.currency)
                let slug = account.isEmpty ? nil : category(account, .income)
                let (own, charged) = charging(amount, money)
                add(.income, own, category: slug, account: target.isEmpty ? nil : target,
                    input: kept("", category: account, subcategories: "", slug: slug), charged: charged)
            case "deposit_topup" where target.isEmpty, "deposit_interest":
                // Money added to the deposit itself (the account column), from outside kassa's accounts.
                note(account, currency)
                add(.income, amount, category: typeName == "deposit_interest" ? "income/interest" : nil,
                    account: account.isEmpty ? defaults.account : account, input: "tenra:type=" + typeName)
            case "deposit_withdrawal" where target.isEmpty:
                note(account, currency)
                add(.expense, amount, category: nil, account: account.isEmpty ? defaults.account : account, input: "tenra:type=" + typeName)
            case "deposit_topup":
                // From the card in targetAccount into the deposit.
                note(account, currency)
                note(target, currency)
                add(.transfer, amount, category: nil, account: target, to: account.isEmpty ? nil : account, input: "tenra:type=" + typeName)
            case "loan_payment", "loan_early_repayment":
                // The card in targetAccount pays the loan in account: both go down by the amount.
                note(account, currency)
                let from = target.isEmpty ? defaults.account : target
                if let from { note(from, currency) }
                add(.transfer, amount, category: nil, account: from, to: account.isEmpty ? nil : account, input: "tenra:type=" + typeName)
            case "internal", "deposit_withdrawal":
                let typeInput = typeName == "internal" ? "" : "tenra:type=" + typeName
                let targetCode = cell("targetcurrency")
                let targetCurrency = targetCode.isEmpty ? currency : Currency(code: targetCode) ?? vocabulary.currency(targetCode)
                guard let targetCurrency else {
                    records.problems.append(ImportProblem(line: line, reason: "currency", detail: targetCode))
                    return true
                }
                note(account, currency)
                let targetText = cell("targetamount")
                // In one currency the row moves its amount (a kassa target is another currency's).
                if targetCurrency == currency {
                    note(target, currency)
                    add(.transfer, amount, category: nil, account: account.isEmpty ? nil : account, to: target.isEmpty ? nil : target,
                        input: typeInput)
                } else {
                    // What arrives in the other currency: the transfer's target.
                    guard let targetReading = AmountText.read(Substring(targetText)), targetReading.currencyWord == nil,
                          let signed = money(targetReading, targetCurrency), !signed.isZero,
                          signed.isWithinEntryBound else {
                        records.problems.append(ImportProblem(line: line, reason: "amount", detail: targetText))
                        return true
                    }
                    let received = signed.minorUnits < 0 ? signed.negated : signed
                    note(target, targetCurrency)
                    add(.transfer, amount, category: nil, account: account.isEmpty ? nil : account, to: target.isEmpty ? nil : target,
                        input: typeInput, toAmount: received)
                }
            default:
                records.problems.append(ImportProblem(line: line, reason: "type", detail: cell("type")))
            }
            return true
        }
        records.accounts = order.map { Account(name: $0, currency: accountCurrencies[$0]) }
        if !openingOrder.isEmpty {
            var notes = JournalNotes()
            notes.accounts = openingOrder.compactMap { openings[$0] }
            records.journal = notes
        }
        return records
    }

    /// Each expense's and income's account → the currency of its rows that carry no conversion
    /// (the first such row's), read before the rows are booked.
    static func accountsOwnCurrencies(_ table: CSVTable, vocabulary: ImportVocabulary, defaults: ImportDefaults) -> [String: Currency] {
        var found: [String: Currency] = [:]
        var positions: [String: Int] = [:]
        var header = true
        table.forEachRow { _, cells in
            func cell(_ name: String) -> String {
                guard let k = positions[name], k < cells.count else { return "" }
                return table.trimmedText(cells[k]).map(CSVReader.unneutralised) ?? ""
            }
            if header {
                header = false
                for (k, name) in cells.enumerated() { positions[ImportVocabulary.normalizedHeader(table.trimmedText(name) ?? "")] = k }
                return true
            }
            guard cell("targetcurrency").isEmpty, cell("convertedamount").isEmpty else { return true }
            let type = cell("type").lowercased()
            let account = type == "expense" ? cell("account") : type == "income" ? cell("targetaccount") : ""
            guard !account.isEmpty, found[account] == nil else { return true }
            let code = cell("currency")
            if let currency = code.isEmpty ? defaults.currency : Currency(code: code) ?? vocabulary.currency(code) {
                found[account] = currency
            }
            return true
        }
        return found
    }

    /// An amount in `currency` as the app writes it: `%.2f` whatever the currency, so a
    /// zero-decimal one ("1500.00" JPY) has a fraction of zeros, which is read as whole units.
    static func money(_ reading: AmountText.Reading, _ currency: Currency) -> Money? {
        if let money = reading.money(currency) { return money }
        guard reading.fraction.count > currency.minorDigits, reading.fraction.dropFirst(currency.minorDigits).allSatisfy({ $0 == "0" }) else {
            return nil
        }
        var trimmed = reading
        trimmed.fraction = String(reading.fraction.prefix(currency.minorDigits))
        return trimmed.money(currency)
    }
}
