// Tests for the readers of KassaInterchange: amounts and dates as banks write them, CSV from
// anywhere (delimiters, quotes, BOM, debit/credit, an ambiguous date column, a rules file),
// the app's CSV with every type, statement text, backups, and duplicates.
import Testing
import KassaCore
@testable import KassaInterchange

@Suite struct ReaderTests {
    let vocabulary = InterchangeFixtures.vocabulary

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func amountsAsPeopleWriteThem() throws {
        func minor(_ text: String) -> Int64? { AmountText.read(Substring(text))?.money(.kzt)?.minorUnits }
        #expect(minor("1500") == 150_000)
        #expect(minor("-1 234,56") == -123_456)
        #expect(minor("1,234.56") == 123_456)
        #expect(minor("1.234,56") == 123_456)
        #expect(minor("1,234") == 123_400)
        #expect(minor("+ 450 000,00 ₸") == 45_000_000)
        #expect(minor("1\u{00A0}500,5") == 150_050)
        #expect(minor("(250.00)") == -25_000)
        #expect(AmountText.read("12.99 USD")?.currencyWord == "USD")
        #expect(minor("abc") == nil)
        #expect(minor("1-2") == nil)
        #expect(AmountText.read("1.999")?.money(.kzt)?.minorUnits == 199_900)
        #expect(AmountText.read("0.001")?.money(.kzt) == nil)
    }

    @Test func datesInEveryFormAndTheOrderDecidedFileWide() {
        #expect(DateText.parse("04.03.2026", order: .dmy) == CivilDate(year: 2026, month: 3, day: 4))
        #expect(DateText.parse("04.03.26", order: .dmy) == CivilDate(year: 2026, month: 3, day: 4))
        #expect(DateText.parse("2026/03/04", order: .mdy) == CivilDate(year: 2026, month: 3, day: 4))
        #expect(DateText.parse("03/04/2026", order: .mdy) == CivilDate(year: 2026, month: 3, day: 4))
        #expect(DateText.parse("31.02.2026", order: .dmy) == nil)
        #expect(DateText.order(of: ["03/04/2026", "15/04/2026"]) == .dmy)
        #expect(DateText.order(of: ["03/04/2026", "04/15/2026"]) == .mdy)
        #expect(DateText.order(of: ["03/04/2026"]) == nil)
        #expect(DateText.isAmbiguous(["03/04/2026"]))
    }

    @Test func kassaToCSVToKassaGivesTheSameTransactions() {
        var writer = CSVWriter()
        let records = CSVReader.read(bytes(writer.text(InterchangeFixtures.transactions)), vocabulary: vocabulary)
        #expect(records.problems.isEmpty)
        #expect(records.transactions == InterchangeFixtures.transactions)
    }

    @Test func kassaToTenraToKassaKeepsWhatTheAppHolds() {
        var writer = TenraCSVWriter()
        let records = TenraCSVReader.read(bytes(writer.text(InterchangeFixtures.transactions)), vocabulary: vocabulary)
        #expect(records.problems.isEmpty)
        // The app's CSV has no ids, times, inputs or recurrences; everything else comes back.
        let expected = InterchangeFixtures.transactions.map { t in
            Transaction(id: 0, type: t.type, amount: t.amount, date: t.date, category: t.category, account: t.account,
                        toAccount: t.toAccount, note: t.note)
        }
        // (What the app's CSV carries that kassa has no field for is kept in `input`.)
        #expect(records.transactions.map { var t = $0; t.input = ""; return t } == expected)
        #expect(records.accounts.map(\.name) == ["каспи голд", "наличные"])
    }

    @Test func theAppsCSVWithEveryType() {
        let text = """
            date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount
            2026-03-01,income,450000.00,KZT,Salary,,,март,Kaspi Gold,,
            2026-03-02,expense,1500.00,KZT,Kaspi Gold,food,coffee,"кофе, латте",,,
            2026-03-03,internal,20000.00,KZT,Kaspi Gold,,,снял,Наличные,KZT,20000.00
            2026-03-04,internal,55000.00,KZT,Kaspi Gold,,,,Wallet,USD,110.00
            2026-03-05,deposit_topup,100000.00,KZT,Депозит,,,,,,
            2026-03-06,deposit_withdrawal,50000.00,KZT,Депозит,,,,Kaspi Gold,KZT,50000.00
            2026-03-07,deposit_interest,1200.00,KZT,Депозит,,,,,,
            2026-03-08,loan_payment,30000.00,KZT,Автокредит,,,кредит,Kaspi Gold,,
            2026-03-09,loan_early_repayment,70000.00,KZT,Автокредит,,,,Kaspi Gold,,
            2026-03-10,expense,9.99,USD,Wallet,subscriptions,,Netflix,,KZT,5000.00

            """
        let records = TenraCSVReader.read(bytes(text), vocabulary: vocabulary)
        #expect(records.problems.isEmpty)
        let t = records.transactions
        #expect(t.count == 10)
        #expect(t[0].type == .income && t[0].account == "Kaspi Gold" && t[0].category == "income/salary")
        #expect(t[1].category == "food/coffee" && t[1].note == "кофе, латте")
        #expect(t[2].type == .transfer && t[2].toAccount == "Наличные")
        // Across currencies: one transfer, out of one account in KZT, its target arriving in the other in USD.
        #expect(t[3].type == .transfer && t[3].amount == InterchangeFixtures.kzt(55_000) && t[3].account == "Kaspi Gold"
                && t[3].toAccount == "Wallet" && t[3].toAmount == Money(minorUnits: 11_000, currency: InterchangeFixtures.usd))
        // The same currency and the same amount in the target columns: a plain transfer.
        #expect(t[2].toAmount == nil)
        // The app's balance engine (DOMAIN.md §10): a top-up adds to the deposit in `account`;
        // a withdrawal moves money out of it; interest is income to it; a loan payment is the
        // card in targetAccount paying the loan in `account`. The type is kept in `input`.
        #expect(t[4].type == .income && t[4].account == "Депозит" && t[4].amount == InterchangeFixtures.kzt(100_000)
                && t[4].input == "tenra:type=deposit_topup")
        #expect(t[5].type == .transfer && t[5].account == "Депозит" && t[5].toAccount == "Kaspi Gold")
        #expect(t[6].type == .income && t[6].account == "Депозит" && t[6].category == "income/interest")
        #expect(t[7].type == .transfer && t[7].account == "Kaspi Gold" && t[7].toAccount == "Автокредит" && t[7].note == "кредит")
        #expect(t[8].type == .transfer && t[8].account == "Kaspi Gold" && t[8].toAccount == "Автокредит"
                && t[8].amount == InterchangeFixtures.kzt(70_000))
        // A converted expense keeps its own amount and is charged the converted one, which its
        // account moves by.
        #expect(t[9].amount == Money(minorUnits: 999, currency: InterchangeFixtures.usd) && t[9].category == "subscriptions"
                && t[9].chargedAmount == InterchangeFixtures.kzt(5_000) && !t[9].input.contains("original="))
        #expect(records.accounts.first { $0.name == "Wallet" }?.currency == InterchangeFixtures.usd)
    }

    @Test func aBankCSVWithSemicolonsBOMDecimalCommasAndDebitCredit() {
        let text = "\u{FEFF}Дата;Описание;Расход;Приход;Валюта\r\n03/04/2026;\"Кофе \"\"Зерно\"\"\";1 500,00;;KZT\r\n"
            + "15/04/2026;Зарплата;;450 000,00;KZT\r\n16/04/2026;Netflix;10,99;;USD\r\n"
        let records = CSVReader.read(bytes(text), vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi"))
        #expect(records.problems.isEmpty)
        let t = records.transactions
        #expect(t.map(\.type) == [.expense, .income, .expense])
        #expect(t[0].date == CivilDate(year: 2026, month: 4, day: 3))  // 15/04 decides: day first
        #expect(t[0].note == "Кофе \"Зерно\"" && t[0].amount == InterchangeFixtures.kzt(1500) && t[0].account == "kaspi")
        #expect(t[1].category == "income/salary")
        #expect(t[2].amount == Money(minorUnits: 1099, currency: InterchangeFixtures.usd))
        #expect(records.dateOrder == .dmy)
    }

    @Test func badRowsAreNamedWithTheirLines() {
        let text = "date,amount,note\n2026-13-01,100,x\n2026-03-01,abc,y\n2026-03-02,5,ok\n2026-03-03,1,z\n"
        let records = CSVReader.read(bytes(text), vocabulary: vocabulary)
        #expect(records.problems.map(\.line) == [2, 3])
        #expect(records.problems.map(\.reason) == ["date", "amount"])
        #expect(records.transactions.count == 2)
        // An unterminated quote is not read as if the file ended there (rows would be lost
        // without a word): the whole file is refused naming the quote's line.
        let unterminated = CSVReader.read(bytes(text + "2026-03-04,1,z,\"unterminated\n"), vocabulary: vocabulary)
        #expect(unterminated.problems.map(\.line) == [6] && unterminated.problems.map(\.reason) == ["quote"])
        #expect(CSVReader.read(bytes("foo,bar\n1,2\n"), vocabulary: vocabulary).problems.first?.reason == "columns")
    }

    /// A saved rules file holds what the import settled and reads back the same; a slash-date
    /// column no row decides is refused whole (never guessed), one deciding row is enough.
    @Test func savedRulesReadBackAndAnUndecidedDateIsNeverGuessed() throws {
        let rules = try ImportRules("separator ;\nskip 1\nfields date, note, amount, _\nif STARBUCKS|кофе then category food/coffee\nif ^ATM\n  account cash\n  category cash/atm\n")
        let settled = rules.settling(separator: 44, dateOrder: .mdy, currency: InterchangeFixtures.usd, account: "kaspi")
        #expect(settled.text == "separator ;\nskip 1\nfields date, note, amount, _\ndate-format mm/dd/yyyy\ncurrency USD\naccount kaspi\n"
                + "if STARBUCKS|кофе then category food/coffee\nif ^ATM\n  category cash/atm\n  account cash\n")
        #expect(try ImportRules(settled.text).text == settled.text)
        #expect(CSVReader.undecidedDate(bytes("date,amount\n03/04/2026,1\n"), vocabulary: vocabulary) == "03/04/2026")
        #expect(CSVReader.undecidedDate(bytes("date,amount\n03/04/2026,1\n13/04/2026,2\n"), vocabulary: vocabulary) == nil)
        let refused = CSVReader.read(bytes("date,amount\n03/04/2026,1\n"), vocabulary: vocabulary)
        #expect(refused.problems.map(\.reason) == ["date-order"] && refused.transactions.isEmpty)
        let given = CSVReader.read(bytes("date,amount\n03/04/2026,1\n"), vocabulary: vocabulary, defaults: ImportDefaults(dateOrder: .mdy))
        #expect(given.transactions.map(\.date) == [CivilDate(year: 2026, month: 3, day: 4)!])
    }

    @Test func aRulesFileMapsColumnsDatesAndCategories() throws {
        let rules = try ImportRules("""
            # my bank
            separator ;
            skip 1
            fields date, note, amount, _
            date-format mm/dd/yyyy
            currency USD
            account kaspi
            if STARBUCKS|кофе then category food/coffee
            if ^ATM
              account cash
            """)
        let text = "title line\n03/04/2026;STARBUCKS 12;-15.50;x\n03/15/2026;ATM withdrawal;-50;y\n"
        let records = CSVReader.read(bytes(text), vocabulary: vocabulary, rules: rules)
        #expect(records.problems.isEmpty)
        #expect(records.transactions.map(\.date) == [CivilDate(year: 2026, month: 3, day: 4)!, CivilDate(year: 2026, month: 3, day: 15)!])
        #expect(records.transactions.map(\.category) == ["food/coffee", "other"])
        #expect(records.transactions.map(\.account) == ["kaspi", "cash"])
        #expect(records.transactions[0].amount == Money(minorUnits: 1550, currency: InterchangeFixtures.usd))
        #expect(throws: ImportProblem.self) { try ImportRules("separator pipe") }
    }

    @Test func statementTextOfKaspiGold() {
        let text = """
            АО «Kaspi Bank», выписка по Kaspi Gold
            Дата      Сумма          Операция     Детали
            01.03.26  + 450 000,00 ₸  Пополнение   С Kaspi Депозита
            02.03.26  - 2 500,00 ₸    Покупка      Starbucks Coffee
            03.03.26  - 20 000,00 ₸   Перевод      Айгерим Б.
            04.03.26  - 5 000,00 ₸    Снятие       Банкомат
            06.03.26  - 1 200,00 ₸    Покупка      такси Яндекс
            07.03.26  - много ₸       Покупка      ?
            """
        let records = StatementReader.read(text, vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi"))
        #expect(records.problems.map(\.line) == [8])
        let t = records.transactions
        #expect(t.map(\.type) == [.income, .expense, .transfer, .expense, .expense])
        #expect(t[0].amount == InterchangeFixtures.kzt(450_000) && t[0].account == "kaspi" && t[0].category == "income/other")
        #expect(t[1].category == "food/coffee" && t[1].note == "Starbucks Coffee")
        #expect(t[2].account == "kaspi" && t[2].toAccount == nil)
        #expect(t[3].category == "other")
        #expect(t[4].category == "transport/taxi" && t[4].date == CivilDate(year: 2026, month: 3, day: 6))
        #expect(StatementReader.looksLikeStatement(text))
        #expect(FormatCatalog.detect(bytes(text), vocabulary: vocabulary, rules: nil) == .statement)
    }

    @Test func theAppsStatementTable() {
        let text = "Дата | Операция | Детали | Сумма | Валюта операции | Приход | Расход\n"
            + "05.03.2026 | Покупка | Кофейня | 1 500,00 | KZT | | 1 500,00\n"
            + "06.03.2026 | Пополнение | Зарплата | 450 000,00 | KZT | 450 000,00 |\n"
        let records = StatementReader.read(text, vocabulary: vocabulary, defaults: ImportDefaults(account: "kaspi"))
        #expect(records.problems.isEmpty)
        #expect(records.transactions.map(\.type) == [.expense, .income])
        #expect(records.transactions.map(\.amount) == [InterchangeFixtures.kzt(1500), InterchangeFixtures.kzt(450_000)])
    }

    @Test func backupRoundTripIsComplete() {
        var writer = BackupWriter(accounts: [Account(name: "wallet", aliases: ["кошелёк", "w"], currency: InterchangeFixtures.usd)],
                                  lessons: ["чай": "food/coffee", "taxi home": "transport/taxi"])
        let records = BackupReader.read(bytes(writer.text(InterchangeFixtures.transactions)))
        #expect(records.problems.isEmpty)
        #expect(records.transactions == InterchangeFixtures.transactions)
        #expect(records.accounts == [Account(name: "wallet", aliases: ["кошелёк", "w"], currency: InterchangeFixtures.usd)])
        #expect(records.lessons.map { $0.phrase + "=" + $0.category } == ["taxi home=transport/taxi", "чай=food/coffee"])
        let bad = BackupReader.read(bytes("{\"date\": \"2026-03-01\", \"amount\": \"1\", \"currency\": \"XXX\"}\nnot json\n{\"record\": \"budget\"}\n"))
        #expect(bad.problems.map(\.line) == [1, 2, 3])
    }

    @Test func formatsAreDetected() {
        var csv = CSVWriter(), tenra = TenraCSVWriter(), backup = BackupWriter(accounts: [], lessons: [:])
        let t = InterchangeFixtures.transactions
        #expect(FormatCatalog.detect(bytes(csv.text(t)), vocabulary: vocabulary, rules: nil) == .csv)
        #expect(FormatCatalog.detect(bytes(tenra.text(t)), vocabulary: vocabulary, rules: nil) == .tenra)
        #expect(FormatCatalog.detect(bytes(backup.text(t)), vocabulary: vocabulary, rules: nil) == .jsonl)
    }

    @Test func anImportRunTwiceAddsNothingAndSameDayTwinsAreKept() {
        let text = "date,amount,note\n2026-03-01,-100,кофе\n2026-03-01,-100,кофе\n2026-03-02,-50,хлеб\n"
        let rows = CSVReader.read(bytes(text), vocabulary: vocabulary).transactions
        // First time: nothing there, both twins kept.
        let first = Duplicates.remove(from: rows, existing: [])
        #expect(first.kept.count == 3 && first.skipped == 0)
        // Second time: each row finds its twin in the journal.
        let second = Duplicates.remove(from: rows, existing: first.kept)
        #expect(second.kept.isEmpty && second.skipped == 3)
        // An overlapping statement: only the new row is kept.
        let overlap = CSVReader.read(bytes(text + "2026-03-03,-70,такси\n"), vocabulary: vocabulary).transactions
        #expect(Duplicates.remove(from: overlap, existing: first.kept).kept.map(\.note) == ["такси"])
    }
}
