// Tests for the writers of KassaInterchange: the JSON-lines TRANSACTION shape (key order,
// escapes), the backup's account and lesson records, CSV quoting and formula neutralising,
// the app's CSV conventions and the plain-text journals' declarations and postings.
import Testing
import KassaCore
@testable import KassaInterchange

@Suite struct WriterTests {
    let day = CivilDate(year: 2026, month: 3, day: 9)!

    @Test func jsonLineHasTheContractsKeysInOrder() {
        let transaction = Transaction(id: 7, type: .expense, amount: Money(minorUnits: 150_000, currency: .kzt), date: day,
                                      time: TimeOfDay(hour: 9, minute: 5), category: "food/coffee", account: "cash",
                                      note: "кофе \"латте\"\n", input: "кофе 1500")
        var out: [UInt8] = []
        JSONLinesWriter.append(transaction, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"id": "7", "date": "2026-03-09", "time": "09:05", "type": "expense", "amount": "1500.00", "currency": "KZT", "category": "food/coffee", "account": "cash", "to_account": null, "note": "кофе \"латте\"\n", "recurrence": null, "input": "кофе 1500"}"# + "\n")
    }

    @Test func backupStartsWithAccountsAndLessons() {
        var writer = BackupWriter(accounts: [Account(name: "wallet", aliases: ["кошелёк"], currency: InterchangeFixtures.usd)],
                                  lessons: ["чай": "food/coffee"])
        let text = writer.text([Transaction]())
        #expect(text == #"{"record": "account", "name": "wallet", "currency": "USD", "aliases": ["кошелёк"]}"# + "\n"
                + #"{"record": "lesson", "phrase": "чай", "category": "food/coffee"}"# + "\n")
    }

    @Test func ledgerEntryHasTwoPostingsWithTheCodeAfterTheNumber() {
        let transfer = Transaction(id: 1, type: .transfer, amount: Money(minorUnits: 2_000_000, currency: .kzt), date: day,
                                   account: "kaspi", toAccount: "наличные", note: "снял\nналичные")
        #expect(LedgerWriter.journal([transfer]) == """
            ; kassa export for ledger

            commodity KZT
                format 1000.00 KZT

            account assets:kaspi
            account assets:наличные

            tag kassa-id
            tag kassa-note

            2026-03-09 снял наличные
                ; kassa-id: 1
                ; kassa-note: снял наличные
                assets:наличные  20000.00 KZT
                assets:kaspi  -20000.00 KZT


            """)
    }

    @Test func csvQuotesAndNeutralisesFormulas() {
        var writer = CSVWriter()
        let lines = writer.text(InterchangeFixtures.transactions).split(separator: "\r\n", omittingEmptySubsequences: false)
        // An exchange's to_amount and to_currency, then a purchase's charged_amount and
        // charged_currency, come last: empty where there is none.
        #expect(lines[0] == "id,date,time,type,amount,currency,category,account,to_account,note,recurrence,input,to_amount,to_currency,charged_amount,charged_currency")
        #expect(lines[2] == "2,2026-03-02,09:05,expense,1500.00,KZT,food/coffee,наличные,,\"кофе, \"\"латте\"\"\nвторая строка\",,кофе 1500,,,,")
        #expect(lines[4] == "4,2026-03-04,,expense,10.99,USD,subscriptions,каспи голд,,\"'=HYPERLINK(\"\"http://x\"\")\",monthly,,,,,")
        #expect(lines[6] == "6,2026-03-06,,expense,700.00,KZT,,,,'-минус в начале,,,,,,")
        // Every cell a spreadsheet would run starts with the apostrophe.
        for bad in ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            var out: [UInt8] = []
            CSVField.append(bad, to: &out, neutralise: true)
            #expect(String(decoding: out, as: UTF8.self).drop { $0 == "\"" }.first == "'", "\(bad)")
        }
    }

    @Test func tenraRowsFollowTheAppsConventions() {
        var writer = TenraCSVWriter()
        let lines = writer.text(InterchangeFixtures.transactions).split(separator: "\n")
        #expect(lines[0] == "date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount")
        // Income: the account column holds the category, targetAccount the account.
        #expect(lines[1] == "2026-03-01,income,450000.00,KZT,salary,,,зарплата,каспи голд,,")
        // (the second row's note holds a line break: its row takes two lines)
        #expect(lines[4] == "2026-03-03,internal,20000.00,KZT,каспи голд,,,снял,наличные,KZT,20000.00")
        // A formula-like note is neutralised, as the csv export's are: written raw, a
        // spreadsheet opening the file would run it.
        #expect(lines[5] == "2026-03-04,expense,10.99,USD,каспи голд,subscriptions,,\"'=HYPERLINK(\"\"http://x\"\")\",,,")
    }

    @Test func journalsDeclareEverythingTheyUse() {
        let inventory = ExportInventory.collect(InterchangeFixtures.transactions)
        var hledger = HledgerWriter(inventory: inventory)
        let text = hledger.text(InterchangeFixtures.transactions)
        for line in ["commodity KZT", "commodity USD", "account assets:каспи голд", "account assets:no-account",
                     "account expenses:food:coffee", "account income:salary", "account income:refund"] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
        #expect(text.contains("    expenses:subscriptions  10.99 USD\n    assets:каспи голд  -10.99 USD\n"))
        var beancount = BeancountWriter(inventory: inventory, operatingCurrency: .kzt)
        let bean = beancount.text(InterchangeFixtures.transactions)
        #expect(bean.contains("2026-03-01 open Assets:Каспи-голд\n"))
        // Nothing here was confirmed by a bank: beancount's flag says so (`!`; `*` is cleared).
        #expect(bean.contains("2026-03-02 ! \"кофе, \\\"латте\\\" вторая строка\"\n  kassa-id: \"2\"\n"))
    }

    @Test func beancountNamesAreSafeAndDistinct() {
        var names = AccountNames(style: .beancount)
        #expect(names.asset("kaspi gold") == "Assets:Kaspi-gold")
        #expect(names.asset("kaspi_gold") == "Assets:Kaspi-gold-2")
        #expect(names.asset("наличные") == "Assets:Наличные")
        #expect(names.expense("food/coffee") == "Expenses:Food:Coffee")
        #expect(names.asset("kaspi gold") == "Assets:Kaspi-gold")
        var plain = AccountNames(style: .plain)
        #expect(plain.asset("a:b  c;d") == "assets:a-b c-d")
    }
}
