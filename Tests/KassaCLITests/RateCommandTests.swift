// Exchange rates through the real binary: `rate set/remove/import`, the JSON listing, `balance
// --in` converting each transaction at the rate of its own date and naming what has no rate, the
// spoken "курс доллара 480", undo, and usage errors (exit 2).

import Foundation
import Testing
import KassaTestSupport

@Suite struct RateCommandTests {
    let home = TestSupport.makeTemporaryDirectory("rate-cli")
    var env: [String: String] { KassaBinary.environment(home: home) }
    var file: String { home.appendingPathComponent("rates.kassa").path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--file", file], stdin: stdin, environment: env)
    }

    func lines(_ output: String) throws -> [[String: String]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: String] }
    }

    @Test func aUSDExpenseIsConvertedAtTheRateOfItsOwnDate() throws {
        #expect(try kassa(["--yes", "--today", "2026-01-20"], stdin: "book 10 usd\n").status == 0)
        #expect(try kassa(["--yes", "--today", "2026-03-05"], stdin: "book 20 usd\nlunch 3000\n").status == 0)
        #expect(try kassa(["rate", "set", "USD", "480.5", "--date", "2026-01-15"]).status == 0)
        #expect(try kassa(["rate", "set", "usd", "500", "--date", "2026-03-01"]).status == 0)
        let listed = try lines(kassa(["rate", "--json"]).output)
        #expect(listed == [["currency": "USD", "base": "KZT", "rate": "480.5", "date": "2026-01-15"],
                           ["currency": "USD", "base": "KZT", "rate": "500", "date": "2026-03-01"]])
        // -(10 × 480.5) - (20 × 500) - 3000 = -17,805.00: each at its own date's rate, not today's.
        let balance = try kassa(["balance", "--in", "KZT", "--json"])
        #expect(balance.status == 0)
        #expect(balance.output.contains(#""amount": "-17805.00", "currency": "KZT""#), "\(balance.output)")
    }

    @Test func aMissingRateIsNamedNotCountedAsOneOrZero() throws {
        #expect(try kassa(["--yes", "--today", "2026-01-10"], stdin: "book 10 usd\nlunch 3000\n").status == 0)
        #expect(try kassa(["rate", "set", "USD", "480", "--date", "2026-02-01"]).status == 0)
        let balance = try kassa(["balance", "--in", "KZT"])
        #expect(balance.status == 0)
        #expect(balance.output.contains("−₸3,000.00"), "\(balance.output)")
        #expect(balance.output.contains("no USD rate") && balance.output.contains("2026-01-10"), "\(balance.output)")
    }

    @Test func saidInWordsUndoneAndRemoved() throws {
        let session = try kassa(["--today", "2026-03-05", "--lang", "ru"], stdin: "курс доллара 470 вчера\nкурс английского 20000\n\n")
        #expect(session.status == 0, "\(session.error)")
        #expect(session.output.contains("1 USD = 470 KZT с 2026-03-04"), "\(session.output)")
        // "курс" before a word that is not a currency is an ordinary entry (a course).
        #expect(try kassa(["list", "--json"]).output.contains("курс английского"))
        #expect(try lines(kassa(["rate", "--json"]).output).map { $0["rate"] } == ["470"])
        #expect(try kassa(["undo"]).status == 0)   // the entry
        #expect(try kassa(["undo"]).status == 0)   // the rate
        #expect(try kassa(["rate", "--json"]).output.isEmpty)
        #expect(try kassa(["rate", "set", "EUR", "520", "--date", "2026-01-01"]).status == 0)
        #expect(try kassa(["rate", "remove", "EUR", "--date", "2026-01-01"]).status == 0)
        #expect(try kassa(["rate", "remove", "EUR", "--date", "2026-01-01"]).status == 1)
    }

    @Test func importsCSVAndTheNationalBankFile() throws {
        let csv = home.appendingPathComponent("rates.csv")
        try "date,currency,rate\n2026-01-02,USD,505.1\n03.01.2026,EUR,560\n2026-01-02,RUB,6.35\n".write(to: csv, atomically: true, encoding: .utf8)
        let imported = try kassa(["rate", "import", csv.path])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try kassa(["rate", "import", csv.path]).output.contains("already known"))
        let nbk = home.appendingPathComponent("get_rates.xml")
        try """
        <?xml version="1.0" encoding="utf-8"?>
        <rates><generator>nationalbank.kz</generator><date>23.11.2026</date>
        <item><fullname>ДОЛЛАР США</fullname><title>USD</title><description>512.34</description><quant>1</quant></item>
        <item><fullname>ЯПОНСКАЯ ИЕНА</fullname><title>JPY</title><description>330.5</description><quant>100</quant></item>
        </rates>
        """.write(to: nbk, atomically: true, encoding: .utf8)
        #expect(try kassa(["rate", "import", nbk.path]).status == 0)
        let rates = try lines(kassa(["rate", "--json"]).output)
        #expect(rates.contains(["currency": "JPY", "base": "KZT", "rate": "3.305", "date": "2026-11-23"]))
        #expect(rates.contains(["currency": "EUR", "base": "KZT", "rate": "560", "date": "2026-01-03"]))
        #expect(rates.count == 5)
        // A file with a bad row imports nothing and says which line.
        try "2026-01-05,USD,abc\n2026-01-06,USD,500\n".write(to: csv, atomically: true, encoding: .utf8)
        let bad = try kassa(["rate", "import", csv.path])
        #expect(bad.status == 1 && bad.output.contains("line 1"), "\(bad.output)")
        #expect(try lines(kassa(["rate", "--json"]).output).count == 5)
    }

    /// The real daily file lists XDR (and may list codes kassa does not know): the rates kassa
    /// can read are kept, the others named — one unknown code does not refuse the file.
    @Test func theNationalBankFileKeepsEveryRateItCanRead() throws {
        let nbk = home.appendingPathComponent("get_rates_xdr.xml")
        try """
        <?xml version="1.0" encoding="utf-8"?>
        <rates><generator>nationalbank.kz</generator><date>24.11.2026</date>
        <item><fullname>ДОЛЛАР США</fullname><title>USD</title><description>513.10</description><quant>1</quant></item>
        <item><fullname>СДР</fullname><title>XDR</title><description>690.12</description><quant>1</quant></item>
        <item><fullname>ЕВРО</fullname><title>EUR</title><description>560.20</description><quant>1</quant></item>
        <item><fullname>НЕЧТО</fullname><title>ZZZ9</title><description>1.5</description><quant>1</quant></item>
        </rates>
        """.write(to: nbk, atomically: true, encoding: .utf8)
        let imported = try kassa(["rate", "import", nbk.path])
        #expect(imported.status == 0, "\(imported.error)\(imported.output)")
        #expect(imported.output.contains("ZZZ9"), "\(imported.output)")
        let rates = try lines(kassa(["rate", "--json"]).output)
        #expect(rates.contains(["currency": "USD", "base": "KZT", "rate": "513.1", "date": "2026-11-24"]))
        #expect(rates.contains(["currency": "EUR", "base": "KZT", "rate": "560.2", "date": "2026-11-24"]))
        #expect(!rates.contains { $0["currency"] == "ZZZ9" })
        // A file with no rate at all is still refused.
        try "<rates><date>24.11.2026</date><item><title>ZZZ9</title><description>1</description></item></rates>"
            .write(to: nbk, atomically: true, encoding: .utf8)
        #expect(try kassa(["rate", "import", nbk.path]).status == 1)
    }

    @Test func usageMistakesExitTwo() throws {
        for arguments in [["rate", "set", "USD"], ["rate", "set", "XYZ", "5"], ["rate", "set", "USD", "-5"],
                          ["rate", "set", "USD", "1.1234567"], ["rate", "remove", "USD"], ["balance", "--in", "ABC"],
                          ["rate", "set", "USD", "5", "--date", "2026-13-01"], ["rate", "set", "USD", "5", "--date", "0001-01-01"],
                          ["list", "--from", "3000-01-01"]] {
            let result = try kassa(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output) \(result.error)")
            #expect(!result.error.isEmpty)
        }
        #expect(try kassa(["rate", "set", "KZT", "1"]).status == 1)
    }
}
