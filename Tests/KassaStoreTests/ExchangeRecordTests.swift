// ExchangeRecordTests: a currency exchange's target amount in the journal — written as two
// optional trailing fields only when there is one (every other line byte-identical to before),
// read back after reopen, set and cleared by edits, refused where it means nothing, and decoded
// by recovery from a damaged line.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct ExchangeRecordTests {
    let usd = Currency(code: "USD")!

    func exchange(_ cents: Int64 = 10_000, to tenge: Int64 = 52_000) -> Draft {
        var draft = Draft(type: .transfer, amount: Money(minorUnits: cents, currency: usd), date: StoreFixtures.day,
                          account: "cash", toAccount: "cash")
        draft.toAmount = Money(major: tenge, currency: .kzt)
        return draft
    }

    func lines(_ path: String) -> [String] {
        String(decoding: StoreFixtures.bytes(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func theTargetIsTwoTrailingFieldsAndReadsBack() throws {
        let path = StoreFixtures.journalPath("exchange")
        let journal = try Journal.open(path: path)
        let saved = try journal.commit([exchange()], input: "changed 100 dollars to 52,000 tenge")
        #expect(saved[0].toAmount == Money(major: 52_000, currency: .kzt))
        let line = lines(path)[1]
        #expect(line.hasSuffix("\tchanged 100 dollars to 52,000 tenge\t52000.00\tKZT"))
        let again = try Journal.open(path: path)
        #expect(again.transactions == saved)
        #expect(again.transactions[0].toAmount == Money(major: 52_000, currency: .kzt))
    }

    @Test func aLineWithoutATargetIsTheSameBytesAsBefore() throws {
        let path = StoreFixtures.journalPath("exchange")
        let journal = try Journal.open(path: path)
        var transfer = StoreFixtures.draft(2000, nil, note: "")
        transfer.type = .transfer
        transfer.toAccount = "kaspi"
        _ = try journal.commit([transfer], input: "transfer 2000 to kaspi")
        // The record as kassa wrote it before targets existed: twelve arguments, nothing after the input.
        let body = "1\t1/1\tcommit\t1\ttransfer\t2000.00\tKZT\t2026-03-09\t\t\tcash\tkaspi\t\t\ttransfer 2000 to kaspi"
        let crc = String(CRC32.checksum(Array(body.utf8)), radix: 16)
        #expect(lines(path)[1] == String(repeating: "0", count: 8 - crc.count) + crc + "\t" + body)
        #expect(try Journal.open(path: path).transactions[0].toAmount == nil)
    }

    @Test func anOldJournalLineReadsUnchanged() throws {
        // A journal written by an earlier kassa, byte for byte.
        let body = "1\t1/1\tcommit\t7\ttransfer\t150.00\tUSD\t2025-12-31\t09:15\t\tcash\tkaspi\t\tnote\tinput"
        let crc = String(CRC32.checksum(Array(body.utf8)), radix: 16)
        let bytes = Array("kassa-journal\t1\n".utf8) + Array((String(repeating: "0", count: 8 - crc.count) + crc + "\t" + body + "\n").utf8)
        let path = StoreFixtures.journalPath("exchange")
        StoreFixtures.write(bytes, to: path)
        let journal = try Journal.open(path: path)
        #expect(journal.transactions.count == 1)
        let t = journal.transactions[0]
        #expect(t.id == 7 && t.amount == Money(minorUnits: 15_000, currency: usd) && t.toAmount == nil && t.toAccount == "kaspi")
        #expect(StoreFixtures.bytes(path) == bytes)
    }

    @Test func balancesPutTheTargetInTheDestination() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("exchange"))
        _ = try journal.commit([exchange()], input: "")
        var toKaspi = exchange(5_000, to: 26_000)
        toKaspi.toAccount = "kaspi"
        _ = try journal.commit([toKaspi], input: "")
        #expect(journal.balance().map { "\($0.account ?? "-") \($0.amount)" } ==
                ["cash 52000.00 KZT", "cash -150.00 USD", "kaspi 26000.00 KZT"])
    }

    @Test func editsSetAndClearTheTarget() throws {
        let path = StoreFixtures.journalPath("exchange")
        let journal = try Journal.open(path: path)
        _ = try journal.commit([exchange()], input: "")
        _ = try journal.edit(id: 1, TransactionPatch(amounts: [.toAmount: Money(major: 51_500, currency: .kzt)!]))
        #expect(try Journal.open(path: path).transactions[0].toAmount == Money(major: 51_500, currency: .kzt))
        // No longer a transfer: nothing arrives anywhere, so the target goes.
        _ = try journal.edit(id: 1, TransactionPatch(type: .expense))
        let reopened = try Journal.open(path: path)
        #expect(reopened.transactions[0].toAmount == nil)
        #expect(reopened.transactions[0].type == .expense)
        _ = try journal.undo()
        #expect(try Journal.open(path: path).transactions[0].toAmount == Money(major: 51_500, currency: .kzt))
    }

    @Test func aTargetOnAnExpenseOrBelowZeroIsRefused() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath("exchange"))
        var expense = StoreFixtures.draft(100)
        expense.toAmount = Money(major: 5, currency: usd)
        #expect(throws: StoreError.self) { try journal.commit([expense], input: "") }
        var negative = exchange()
        negative.toAmount = Money(minorUnits: -1, currency: .kzt)
        #expect(throws: StoreError.self) { try journal.commit([negative], input: "") }
        #expect(journal.transactions.isEmpty)
    }

    @Test func recoveryDecodesTheTargetOfADamagedLine() throws {
        let path = StoreFixtures.journalPath("exchange")
        let journal = try Journal.open(path: path)
        _ = try journal.commit([exchange()], input: "changed")
        let line = lines(path)[1]
        let bytes = Array(line.utf8)
        let piece = RecoveryLine(range: 0..<bytes.count, number: 2, terminated: false, bodyEnd: nil, record: nil)
        let decoded = piece.reimportableTransaction(in: bytes)
        #expect(decoded?.toAmount == Money(major: 52_000, currency: .kzt))
        #expect(decoded?.amount == Money(minorUnits: 10_000, currency: usd))
    }
}
