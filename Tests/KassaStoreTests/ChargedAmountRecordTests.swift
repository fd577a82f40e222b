// ChargedAmountRecordTests: what an account was charged for a purchase in another currency —
// kept in the record's other-amount fields, read back after reopen, moving the balance; refused
// on a transfer or in the purchase's own currency; and an import that clears entries, edits
// their charge and adds rows is one change that one undo takes back.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ChargedAmountRecordTests {
    let usd = Currency(code: "USD")!

    func purchase() -> Draft {
        var draft = Draft(type: .expense, amount: Money(minorUnits: 1_200, currency: usd), date: StoreFixtures.day, account: "kaspi")
        draft.chargedAmount = Money(major: 6_120, currency: .kzt)
        return draft
    }

    @Test func theChargeReadsBackAndMovesTheAccount() throws {
        let path = StoreFixtures.journalPath("charged")
        let saved = try Journal.open(path: path).commit([purchase()], input: "mcdonalds 12 dollars")
        let again = try Journal.open(path: path)
        #expect(again.transactions == saved && again.transactions[0].chargedAmount == Money(major: 6_120, currency: .kzt))
        var moved: [(Int64, String)] = []
        again.source().forEachEntry { moved.append(($0.charged.amount, $0.charged.currency.code)) }
        #expect(moved.count == 1 && moved[0] == (612_000, "KZT"))
    }

    @Test func aChargeWhereItMeansNothingIsRefused() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("charged"))
        var transfer = purchase()
        transfer.type = .transfer
        transfer.toAccount = "cash"
        #expect(throws: StoreError.self) { try journal.commit([transfer], input: "") }
        var same = purchase()
        same.chargedAmount = Money(minorUnits: 1_300, currency: usd)
        #expect(throws: StoreError.self) { try journal.commit([same], input: "") }
        #expect(journal.transactions.isEmpty)
    }

    @Test func anImportWithEditsAndObjectsIsOneChange() throws {
        let path = StoreFixtures.journalPath("charged")
        let journal = try Journal.open(path: path)
        var said = purchase()
        said.chargedAmount = nil
        let entry = try journal.commit([said], input: "")[0]
        let row = Transaction(id: 0, type: .expense, amount: Money(major: 990, currency: .kzt)!, date: StoreFixtures.day,
                              account: "kaspi", note: "Apple.com/bill")
        let result = try journal.importChange { sink in
            try sink.add(row)
            return ImportExtras(objects: [ObjectRecord(kind: "cleared", key: "#\(entry.id)")],
                                objectsForIDs: { [ObjectRecord(kind: "cleared", key: "\($0.lowerBound)-\($0.upperBound)")] },
                                edits: [(entry.id, TransactionPatch(amounts: [.chargedAmount: Money(major: 6_120, currency: .kzt)!]))])
        }
        #expect(result.imported == 1)
        let reopened = try Journal.open(path: path)
        #expect(reopened.transaction(id: entry.id)?.chargedAmount == Money(major: 6_120, currency: .kzt))
        #expect(reopened.objects("cleared").map(\.key) == ["#1", "2-2"])
        try reopened.undo()
        #expect(reopened.transactions.count == 1 && reopened.transactions[0].chargedAmount == nil && reopened.objects("cleared").isEmpty)
    }
}
