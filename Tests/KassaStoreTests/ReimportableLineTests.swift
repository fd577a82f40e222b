// ReimportableLineTests: a damaged journal line that still decodes is offered for re-import as
// the contract's TRANSACTION JSON line, written by the one JSON-lines writer (KassaCore's
// JSONLinesWriter) from the fields the one splitter (RecordFields) finds — checksum or not.
import Testing
import KassaCore
@testable import KassaStore

@Suite struct ReimportableLineTests {
    private let rub = Currency(code: "RUB")!

    private func line(_ t: Transaction, amount: String? = nil) -> [UInt8] {
        var writer = LineWriter()
        writer.begin(change: 3, part: 1, of: 1, op: .commit)
        if let amount {
            // A hand-made record (the encoder refuses to write a bad amount).
            for field in [String(t.id), t.type.rawValue, amount, t.amount.currency.code, "2026-11-26", "", "", "", "", "",
                          t.note, t.input] {
                writer.field(field)
            }
        } else {
            RecordCodec.appendTransaction(t, to: &writer.out)
        }
        writer.end()
        // Damage the checksum: the line is no longer trusted, but its fields still decode.
        writer.out[0] = writer.out[0] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        return writer.out
    }

    @Test func aDamagedTransactionLineIsTheContractsJSONLine() throws {
        let t = Transaction(id: 7, type: .expense, amount: Money(minorUnits: 150_000, currency: rub),
                            date: CivilDate(year: 2026, month: 11, day: 26)!, time: TimeOfDay(hour: 9, minute: 5),
                            category: "еда", note: "a\tb \"q\"", input: "кофе 1500")
        let bytes = line(t)
        let recovered = try #require(RecoveryLine.split(bytes, firstLine: 2).first)
        #expect(recovered.record == nil)
        #expect(recovered.reimportableTransaction(in: bytes) == t)
        #expect(recovered.reimportableJSON(in: bytes) == JSONLinesWriter.object(t))
        #expect(recovered.reimportableJSON(in: bytes) == """
            {"id": "7", "date": "2026-11-26", "time": "09:05", "type": "expense", "amount": "1500.00", "currency": "RUB", \
            "category": "еда", "account": null, "to_account": null, "note": "a\\tb \\"q\\"", "recurrence": null, \
            "input": "кофе 1500"}
            """)
    }

    @Test(arguments: ["15.0", "-1500.00", "", "1x00.00", "1234567890123.00"])
    func aLineWhoseAmountNoLongerDecodesIsNotOffered(_ amount: String) throws {
        let t = Transaction(id: 8, type: .income, amount: Money(minorUnits: 1, currency: rub),
                            date: CivilDate(year: 2026, month: 11, day: 26)!)
        let bytes = line(t, amount: amount)
        let recovered = try #require(RecoveryLine.split(bytes, firstLine: 2).first)
        #expect(recovered.reimportableJSON(in: bytes) == nil)
    }

    @Test func anIntactLineKeepsItsHeadAndTransactionID() throws {
        let t = Transaction(id: 41, type: .expense, amount: Money(minorUnits: 100, currency: rub),
                            date: CivilDate(year: 2026, month: 1, day: 2)!)
        var writer = LineWriter()
        writer.begin(change: 5, part: 2, of: 3, op: .edit)
        RecordCodec.appendTransaction(t, to: &writer.out)
        writer.end()
        let record = try #require(RecoveryLine.split(writer.out, firstLine: 2).first?.record)
        #expect(record.change == 5 && record.part == 2 && record.parts == 3 && record.transactionID == 41)
        #expect(Array(writer.out[record.opStart..<(record.opStart + 4)]) == Array("edit".utf8))
        #expect(writer.out[record.afterPart] == RecordCodec.tab)
    }
}
