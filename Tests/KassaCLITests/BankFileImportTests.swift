// Bank files as Kazakh and Russian banks give them (Tests/Fixtures/BankFiles): Windows-1251,
// KOI8-R, UTF-16 and Windows-1252 files detected and read with every letter right, NBSP and
// narrow NBSP thousands separators, headers after preamble lines, amounts in the account's
// currency, date-times, zero rows and failed operations skipped without --skip-bad (and listed
// by --dry-run), --account winning over a card column and saying so; a file that is not in
// the encoding forced is refused naming its line, never read with replacement characters.

import Foundation
import Testing
import KassaTestSupport

@Suite struct BankFileImportTests {
    let home = TestSupport.makeTemporaryDirectory("bank-files")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }
    static func fixture(_ name: String) -> String {
        TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/BankFiles/" + name).path
    }

    func kassa(_ arguments: [String], stdin: Data = Data()) throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", "2026-04-01", "--lang", "en"], stdin: stdin, environment: env)
    }

    /// The journal's transactions as JSON objects.
    func rows(_ journal: String) throws -> [[String: Any]] {
        try kassa(["list", "all", "--json", "--file", journal]).output.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func notes(_ rows: [[String: Any]]) -> Set<String> { Set(rows.compactMap { $0["note"] as? String }) }

    @Test func aWindows1251HalykFileWithNBSPImportsWithEveryCyrillicLetterRight() throws {
        let journal = path("halyk.kassa")
        let imported = try kassa(["import", Self.fixture("halyk-cp1251.csv"), "--account", "halyk", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Read cp1251"), "\(imported.output)")
        #expect(imported.output.contains("1 row of a zero amount"), "\(imported.output)")
        let all = try rows(journal)
        #expect(all.count == 5)
        #expect(notes(all) == [
            "Зарплата ТОО «Ромашка» за февраль", "Покупка Magnum Cash&Carry Алматы", "Покупка Starbucks Coffee Москва",
            "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
            "Съешь же ещё этих мягких французских булок, да выпей чаю",
        ])
        // Amounts in the account's currency (the USD purchase moved the account by 2 495 ₸).
        let amounts = Dictionary(uniqueKeysWithValues: all.map { ($0["note"] as? String ?? "", $0["amount"] as? String ?? "") })
        #expect(amounts["Покупка Starbucks Coffee Москва"] == "2495.00")
        #expect(amounts["Зарплата ТОО «Ромашка» за февраль"] == "450000.00")
        #expect(amounts["АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"] == "1000000.01")
        #expect(all.allSatisfy { $0["currency"] as? String == "KZT" && $0["account"] as? String == "halyk" })
        let replacement = all.contains { ($0["note"] as? String)?.contains("\u{FFFD}") == true }
        #expect(!replacement)
    }

    @Test func aFileNotInTheForcedEncodingIsRefusedNamingItsLine() throws {
        let journal = path("forced.kassa")
        let refused = try kassa(["import", Self.fixture("halyk-cp1251.csv"), "--encoding", "utf-8", "--account", "halyk", "--yes",
                                 "--file", journal])
        #expect(refused.status == 1)
        #expect(refused.error.contains("line 1: the byte 0xC0 is not a character in utf-8"), "\(refused.error)")
        #expect(try rows(journal).isEmpty)
        // Forced right, it imports; a name kassa does not know is a usage error.
        #expect(try kassa(["import", Self.fixture("halyk-cp1251.csv"), "--encoding", "windows-1251", "--account", "halyk", "--yes",
                           "--file", journal]).status == 0)
        #expect(try kassa(["import", Self.fixture("halyk-cp1251.csv"), "--encoding", "ebcdic", "--file", journal]).status == 2)
    }

    @Test func aKOI8RSberFileWithDateTimesReadsInTheAccountsCurrency() throws {
        let journal = path("sber.kassa")
        let imported = try kassa(["import", Self.fixture("sber-koi8r.csv"), "--account", "sber", "--currency", "RUB", "--yes",
                                  "--file", journal])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Read koi8-r"), "\(imported.output)")
        let all = try rows(journal)
        #expect(notes(all) == ["Пятёрочка ул. Щорса", "Подъём, Жёлтый кэб", "Зачисление заработной платы"])
        let cab = all.first { $0["note"] as? String == "Подъём, Жёлтый кэб" }
        // «Сумма в валюте счёта» (450 RUB), not the operation's 5 USD.
        #expect(cab?["amount"] as? String == "450.00" && cab?["currency"] as? String == "RUB")
        #expect(cab?["time"] as? String == "20:05")
        let shop = all.first { $0["note"] as? String == "Пятёрочка ул. Щорса" }
        #expect(shop?["date"] as? String == "2024-01-23" && shop?["time"] as? String == "08:26")
        #expect(shop?["amount"] as? String == "1234.56")
    }

    @Test func aUTF16KaspiFileWithNarrowNoBreakSpaces() throws {
        let journal = path("kaspi.kassa")
        let imported = try kassa(["import", Self.fixture("kaspi-utf16.txt"), "--account", "kaspi", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.error)")
        let all = try rows(journal)
        #expect(all.count == 2)
        let cafe = all.first { $0["note"] as? String == "Кофейня «Әлем» Алматы" }
        #expect(cafe?["amount"] as? String == "2500.00" && cafe?["type"] as? String == "expense")
        let income = all.first { $0["type"] as? String == "income" }
        #expect(income?["amount"] as? String == "450000.00")
    }

    @Test func failedOperationsAreSkippedAndAccountWinsOverTheCardColumn() throws {
        let journal = path("tbank.kassa")
        let dry = try kassa(["import", Self.fixture("tbank-cp1251.csv"), "--account", "tbank", "--dry-run", "--file", journal])
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("line 3: skipped, the operation did not happen: \"FAILED\""), "\(dry.output)")
        #expect(dry.output.contains("name another card (*7788, *9999)"), "\(dry.output)")
        let imported = try kassa(["import", Self.fixture("tbank-cp1251.csv"), "--account", "tbank", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.error)")
        let all = try rows(journal)
        #expect(all.count == 3)
        #expect(all.allSatisfy { $0["account"] as? String == "tbank" && $0["currency"] as? String == "RUB" })
        #expect(!notes(all).contains("Вкусно — и точка"))
        let netflix = all.first { $0["note"] as? String == "Netflix" }
        #expect(netflix?["amount"] as? String == "912.40")
        // Without --account the card column names the account.
        let cards = path("cards.kassa")
        #expect(try kassa(["import", Self.fixture("tbank-cp1251.csv"), "--yes", "--file", cards]).status == 0)
        #expect(Set(try rows(cards).compactMap { $0["account"] as? String }) == ["*7788", "*9999"])
    }

    @Test func aWindows1252FileKeepsItsAccents() throws {
        let journal = path("western.kassa")
        let imported = try kassa(["import", Self.fixture("western-cp1252.csv"), "--account", "bank", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(notes(try rows(journal)) == ["Café Müller, Straße 5", "Crème brûlée à la française"])
    }

    @Test func transfersAndWithdrawalsAreReadFromTheDescription() throws {
        let file = path("described.csv")
        try """
            Дата операции;Сумма;Описание
            01.03.2026;-20 000,00;Снятие наличных в банкомате Halyk
            02.03.2026;-5 000,00;Перевод с карты на карту
            03.03.2026;-1 500,00;Кофе Starbucks
            04.03.2026;10 000,00;Перевод от Айгерим
            05.03.2026;-7 000,00;ATM withdrawal Almaty
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("described.kassa")
        #expect(try kassa(["import", file, "--account", "kaspi", "--yes", "--file", journal]).status == 0)
        let all = try rows(journal)
        func row(_ prefix: String) -> [String: Any]? { all.first { ($0["note"] as? String)?.hasPrefix(prefix) == true } }
        #expect(row("Снятие")?["type"] as? String == "transfer" && row("Снятие")?["to_account"] as? String == "cash")
        #expect(row("ATM")?["type"] as? String == "transfer" && row("ATM")?["to_account"] as? String == "cash")
        #expect(row("Перевод с")?["type"] as? String == "transfer" && row("Перевод с")?["account"] as? String == "kaspi")
        #expect(row("Перевод от")?["type"] as? String == "transfer" && row("Перевод от")?["to_account"] as? String == "kaspi")
        #expect(row("Кофе")?["type"] as? String == "expense")
    }

    @Test func anUnsignedOperationAmountBesideIncomeAndExpenseColumnsKeepsEachRowsDirection() throws {
        // The statement table of DOMAIN.md section 8 (the app's own importer reads it): the
        // operation's amount unsigned, its direction and the account's amount in Приход/Расход.
        for (name, dates) in [("dotted", ["01.03.2026", "02.03.2026", "03.03.2026", "04.03.2026"]),
                              ("iso", ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"])] {
            let file = path(name + ".csv")
            try """
                Дата;Описание;Сумма операции;Валюта операции;Приход;Расход
                \(dates[0]);Magnum Алматы;5400.00;KZT;;5400.00
                \(dates[1]);Зарплата ТОО Ромашка;450000.00;KZT;450000.00;
                \(dates[2]);Amazon Marketplace;10.00;USD;;5120.00
                \(dates[3]);Starbucks Абай;1500.00;KZT;;1500.00
                """.write(toFile: file, atomically: true, encoding: .utf8)
            let journal = path(name + ".kassa")
            let imported = try kassa(["import", file, "--account", "halyk", "--yes", "--file", journal])
            #expect(imported.status == 0, "\(name): \(imported.error)")
            let all = try rows(journal)
            #expect(all.filter { $0["type"] as? String == "expense" }.count == 3, "\(name): \(all)")
            #expect(all.filter { $0["type"] as? String == "income" }.count == 1, "\(name): \(all)")
            // The USD purchase moved the account by what Расход says, in the account's currency.
            let amazon = all.first { $0["note"] as? String == "Amazon Marketplace" }
            #expect(amazon?["amount"] as? String == "5120.00" && amazon?["currency"] as? String == "KZT", "\(name): \(String(describing: amazon))")
        }
    }

    @Test func lloydsOwnDownloadReadsDebitAndCreditAmountsAndTheDescription() throws {
        // Lloyds' CSV as adept/full-fledged-hledger keeps it (Transaction Date, Transaction Type,
        // Sort Code, Account Number, Transaction Description, Debit Amount, Credit Amount, Balance),
        // against the journal hledger's rules made of the same download.
        let tree = JournalImportToolTests.fixtures.appendingPathComponent("full-fledged-hledger/import/lloyds")
        let csv = tree.appendingPathComponent("in/99966633_20171223_1844.csv").path
        let journal = path("lloyds.kassa")
        let imported = try kassa(["import", csv, "--account", "current", "--currency", "GBP", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        let all = try rows(journal)
        #expect(all.count == 22)
        #expect(notes(all).isSuperset(of: ["EMPLOYER INC", "WAITROSE", "COSTA COFFEE"]), "\(notes(all))")
        guard let hledger = JournalExportCheckTests.tool("hledger") else {
            Issue.record("hledger is not installed: run `bash .ci/setup`")
            return
        }
        let made = tree.appendingPathComponent("journal/99966633_20171223_1844.journal").path
        let result = try ProcessRunner.run(hledger, ["-I", "-f", made, "bal", "assets:Lloyds:current", "-N", "--flat", "--layout=bare", "-O", "csv"],
                                           environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.stdout.contains("\"assets:Lloyds:current\",\"£\",\"3941.90\""), "\(result.stdout)")
        let balance = try kassa(["balance", "--json", "--file", journal]).output
        #expect(balance.contains("\"amount\": \"3941.90\"") && balance.contains("\"currency\": \"GBP\""), "\(balance)")
    }

    @Test func vtbsAccountCurrencyAmountAndBasisAreRead() throws {
        // The shape of VTB's card statement (gerasiov/ofxstatement-russian, tests/samples/vtb.csv):
        // a preamble, RUR, the operation's amount and currency, the amount recalculated in the
        // account's currency, «Основание» for the description, a status.
        let file = path("vtb.csv")
        try """
            Начало периода;2024-03-01
            Конец периода;2024-03-31

            Выписка по счету/карте;Номер
            Дебетовая карта;'220024******1111

            Валюта;Баланс на конец периода;Поступления;Списания;Заблокировано
            RUR;10 000,00;50 000,00;-40 000,00;0,00

            Номер карты/счета/договора;Дата операции;Дата обработки;Сумма операции;Валюта операции;Сумма пересчитанная в валюту счета;Валюта счета;Основание;Статус
            '220024******1111;2024-03-02 12:10:00;2024-03-04;-12,50;EUR;-1 245,30;RUR;Карта *1111 CAFE BERLIN;Исполнено
            '220024******1111;2024-03-03 09:00:00;2024-03-03;-700,00;RUR;-700,00;RUR;Карта *1111 Пятёрочка;Исполнено
            '220024******1111;2024-03-05 10:00:00;2024-03-05;50 000,00;RUR;50 000,00;RUR;Зарплата за февраль;Исполнено
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = path("vtb.kassa")
        let imported = try kassa(["import", file, "--account", "vtb", "--yes", "--file", journal])
        #expect(imported.status == 0, "\(imported.output)\(imported.error)")
        let all = try rows(journal)
        #expect(notes(all) == ["Карта *1111 CAFE BERLIN", "Карта *1111 Пятёрочка", "Зарплата за февраль"], "\(all)")
        let cafe = all.first { $0["note"] as? String == "Карта *1111 CAFE BERLIN" }
        #expect(cafe?["amount"] as? String == "1245.30" && cafe?["currency"] as? String == "RUB", "\(String(describing: cafe))")
        #expect(all.allSatisfy { $0["currency"] as? String == "RUB" })
    }

    @Test func hostileBytesNeverCrashOrHang() throws {
        // Every byte value, a lone UTF-16 surrogate, an odd UTF-16 length, a giant cell.
        var noise: [UInt8] = Array("date;amount;note\n2026-01-01;1;".utf8)
        for k in 0..<256 { noise.append(UInt8(k)) }
        noise.append(10)
        let cases: [(String, [UInt8])] = [
            ("noise.csv", noise),
            ("surrogate.csv", [0xFF, 0xFE] + Array("d".utf8).flatMap { [$0, 0] } + [0x00, 0xD8, 0x41, 0x00]),
            ("odd.csv", [0xFF, 0xFE, 0x41, 0x00, 0x42]),
            ("giant.csv", Array("date;amount;note\n2026-01-01;1;".utf8) + [UInt8](repeating: 0xE0, count: 2_000_000) + [10]),
        ]
        for (name, bytes) in cases {
            let file = path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let result = try kassa(["import", file, "--account", "a", "--dry-run", "--file", path(name + ".kassa")])
            #expect(result.status == 0 || result.status == 1, "\(name): \(result.status) \(result.error)")
            #expect(!result.output.contains("\u{FFFD}") && !result.error.contains("\u{FFFD}"), "\(name)")
        }
    }
}
