// Tests for the writers of KassaInterchange: the JSON-lines TRANSACTION shape (key order,
// escapes) and the ledger journal's postings.
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

    @Test func ledgerEntryHasTwoPostingsWithTheCodeAfterTheNumber() {
        let transfer = Transaction(id: 1, type: .transfer, amount: Money(minorUnits: 2_000_000, currency: .kzt), date: day,
                                   account: "kaspi", toAccount: "наличные", note: "снял\nналичные")
        #expect(LedgerWriter.journal([transfer]) ==
                "2026-03-09 снял наличные\n    assets:наличные  20000.00 KZT\n    assets:kaspi\n")
    }
}
