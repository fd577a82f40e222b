// ClearanceTests: what the bank confirmed, as journal objects — a match keeps its bank row and
// reads back the same; a batch clears a run of ids; a record this version cannot read, or a
// removal, clears nothing.
import Testing
@testable import KassaCore

@Suite struct ClearanceTests {
    @Test func aMatchAndABatchReadBack() {
        let row = Clearance.BankRow(date: CivilDate(year: 2026, month: 11, day: 4)!, amount: Money(minorUnits: 230_000, currency: .kzt),
                                    type: .expense, account: "kaspi", note: "Yandex Go")
        let match = Clearance(.match(id: 2, row: row))
        #expect(Clearance(record: match.record) == match)
        let batch = Clearance(.batch(21...26))
        #expect(Clearance(record: batch.record) == batch)
        let set = ClearedSet([match.record, batch.record])
        #expect(set.isCleared(2) && set.isCleared(21) && set.isCleared(26) && !set.isCleared(20) && !set.isCleared(27))
        #expect(set.bankNote(2) == "Yandex Go" && set.bankNote(21) == nil)
    }

    @Test func whatCannotBeReadClearsNothing() {
        for key in ["#0", "#x", "5-3", "7", "1-2-3", ""] {
            #expect(Clearance(record: ObjectRecord(kind: Clearance.kind, key: key)) == nil, "\(key)")
        }
        #expect(Clearance(record: ObjectRecord(kind: Clearance.kind, key: "3-4", removed: true)) == nil)
        #expect(ClearedSet([ObjectRecord(kind: "budget", key: "1-9")]).isEmpty)
    }
}
