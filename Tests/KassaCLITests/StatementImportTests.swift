// Statements as banks give them: each amount in the currency of its column (Приход/Расход are
// the account's), pipe tables with or without the leading '|', continuation lines joined to
// their row, zero rows skipped and counted, cash withdrawals as transfers to cash.

import Foundation
import Testing
import KassaTestSupport

@Suite struct StatementImportTests {
    let home = TestSupport.makeTemporaryDirectory("statement")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var journal: String { home.appendingPathComponent("j.kassa").path }

    static let statement = """
        Выписка по счёту Kaspi Gold
        | Дата | Операция | Детали | Сумма | Валюта операции | Приход | Расход |
        | 12.03.26 | Покупка | AMAZON | 25,00 | USD | | 12 800,00 |
        | 13.03.26 | Пополнение | С карты | 50 000,00 | KZT | 50 000,00 | |
        | 14.03.26 | Покупка | Проверка карты | 0,00 | KZT | | 0,00 |
        15.03.26 | Снятие | Банкомат Halyk | 20 000,00 | KZT | | 20 000,00
        16.03.26  - 3 500,00 ₸   Покупка   ИП Кофейня
           Алматы, ул. Абая 1

        Страница 1 из 1
        """

    @Test func eachAmountInItsColumnsCurrencyEveryRowRead() throws {
        let file = home.appendingPathComponent("statement.txt")
        try Self.statement.write(to: file, atomically: true, encoding: .utf8)
        let imported = try KassaBinary.run(["import", "--yes", "--format", "statement", "--account", "kaspi", file.path,
                                            "--file", journal, "--lang", "en"], environment: env)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("1 row of a zero amount"), "\(imported.output)")
        let listed = try KassaBinary.run(["list", "--json", "--file", journal], environment: env).output
        let rows = listed.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(rows.count == 4)
        let amazon = rows.first { $0["note"] as? String == "AMAZON" }
        #expect(amazon?["amount"] as? String == "12800.00" && amazon?["currency"] as? String == "KZT")
        let atm = rows.first { ($0["note"] as? String)?.contains("Банкомат") == true }
        #expect(atm?["type"] as? String == "transfer" && atm?["to_account"] as? String == "cash")
        let coffee = rows.first { ($0["note"] as? String)?.hasPrefix("ИП Кофейня") == true }
        #expect(coffee?["note"] as? String == "ИП Кофейня Алматы, ул. Абая 1")
    }
}
