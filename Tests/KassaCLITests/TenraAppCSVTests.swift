// The app's CSV as the app means it: a file written exactly as the app's exporter writes it
// (every type, a JPY row in `%.2f`, a converted expense, a loan paid from a card, Russian category
// names) is booked as the app's balance engine books it, and kassa's tenra export gives the same
// file back (app → kassa → app changes nothing).

import Foundation
import Testing
import KassaTestSupport

@Suite struct TenraAppCSVTests {
    let home = TestSupport.makeTemporaryDirectory("tenra-app")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    static let appFile = """
        date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount
        2026-09-01,income,500000.00,KZT,Зарплата,,,аванс,Kaspi Gold,,
        2026-09-02,expense,12500.00,KZT,Kaspi Gold,Продукты,,магнум,,,
        2026-09-03,expense,10.99,USD,Kaspi Gold,Подписки,,netflix,,KZT,5274.10
        2026-09-04,expense,1500.00,JPY,Japan Card,Кафе и рестораны,,ramen,,,
        2026-09-05,internal,100000.00,KZT,Kaspi Gold,,,"снял, наличными",Наличные,KZT,100000.00
        2026-09-06,deposit_topup,200000.00,KZT,Депозит,,,пополнение,,,
        2026-09-07,deposit_withdrawal,50000.00,KZT,Депозит,,,снятие,,,
        2026-09-10,loan_payment,80000.00,KZT,Автокредит,,,платёж,Kaspi Gold,,
        2026-09-20,loan_early_repayment,150000.00,KZT,Автокредит,,,досрочно,Kaspi Gold,,
        2026-09-30,deposit_interest,2300.00,KZT,Депозит,,,проценты,,,

        """

    func kassa(_ arguments: [String]) throws -> KassaBinary.Result {
        let result = try KassaBinary.run(arguments + ["--file", journal, "--today", "2026-11-16"], environment: env)
        #expect(result.status == 0, "kassa \(arguments.joined(separator: " ")): \(result.error)\(result.output)")
        return result
    }

    @Test func everyTypeIsBookedAsTheAppBooksItAndComesBackUnchanged() throws {
        let file = home.appendingPathComponent("tenra.csv")
        try Self.appFile.write(to: file, atomically: true, encoding: .utf8)
        _ = try kassa(["import", "--yes", "--format", "tenra", file.path])
        let out = try kassa(["balance", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var balances: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            balances[(line["account"] as? String ?? "") + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        // The card: +500,000 − 12,500 − 5,274.10 (the converted netflix) − 100,000 − 80,000 − 150,000.
        #expect(balances["Kaspi Gold|KZT"] == "152225.90")
        #expect(balances["Kaspi Gold|USD"] == nil)
        #expect(balances["Japan Card|JPY"] == "-1500")
        // The deposit: +200,000 − 50,000 + 2,300; the loan's debt down by both payments.
        #expect(balances["Депозит|KZT"] == "152300.00")
        #expect(balances["Автокредит|KZT"] == "230000.00")
        #expect(balances["Наличные|KZT"] == "100000.00")
        let back = try kassa(["export", "--format", "tenra", "--lang", "ru"]).output
        let sorted = { (text: String) in text.split(separator: "\n").map(String.init).sorted() }
        #expect(sorted(back) == sorted(Self.appFile))
    }

    @Test func aConvertedExpenseLabelledWithItsOwnCurrencyMovesTheAccountByTheConvertedAmount() throws {
        // The app's exports before 2026-10 labelled the account's amount with the row's own
        // currency (dkicekeeper/Tenra, Services/CSV/CSVConversionColumns.swift); from 2026-10 a
        // 12th column, convertedAmount, carries it, and an equivalent beside a row already in its
        // account's currency is display only.
        let file = home.appendingPathComponent("old-export.csv")
        try """
            date,type,amount,currency,account,category,subcategories,note,targetAccount,targetCurrency,targetAmount,convertedAmount
            2026-09-01,income,500000.00,KZT,Зарплата,,,аванс,Kaspi Gold,,,
            2026-09-02,expense,98.91,USD,Kaspi Gold,Подписки,,chatgpt,,USD,50681.52,
            2026-09-03,expense,5000.00,KZT,Kaspi Gold,Продукты,,магнум,,USD,9.76,
            2026-09-04,expense,20.00,EUR,Kaspi Gold,Подписки,,spotify,,,,11030.40

            """.write(to: file, atomically: true, encoding: .utf8)
        _ = try kassa(["import", "--yes", "--format", "tenra", file.path])
        let out = try kassa(["balance", "--json"]).output
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        var balances: [String: String] = [:]
        for line in object?["lines"] as? [[String: Any]] ?? [] {
            balances[(line["account"] as? String ?? "") + "|" + (line["currency"] as? String ?? "")] = line["amount"] as? String
        }
        // 500,000 − 50,681.52 − 5,000 − 11,030.40, all in tenge, as the app shows the card.
        #expect(balances == ["Kaspi Gold|KZT": "433288.08"], "\(balances)")
    }
}
