// PendingRecords hands back a change's records in the order they were read, whatever their kinds.
import Testing
import KassaCore
@testable import KassaStore

@Suite struct PendingRecordsTests {
    static func entry(_ id: Int32) -> ParsedRecord {
        .entry(Entry(offset: Int(id) * 10, amount: Int64(id), id: id, change: 0, prev: -1, days: 0, category: 0, account: 0,
                     toAccount: 0, op: .commit, type: .expense, currency: 0))
    }

    static func describe(_ record: ParsedRecord) -> String {
        switch record {
        case .entry(let e): return "e\(e.id)"
        case .target(let n): return "t\(n)"
        case .learn(let phrase, _): return "l" + phrase
        default: return "?"
        }
    }

    @Test func recordsComeBackInTheirOrder() {
        let records: [ParsedRecord] = [.learn("a", nil), Self.entry(1), Self.entry(2), .learn("b", nil), Self.entry(3),
                                       .learn("c", nil), .learn("d", nil), Self.entry(4)]
        var pending = PendingRecords()
        for record in records { pending.append(record) }
        #expect(pending.map(Self.describe) == records.map(Self.describe))
        #expect(pending.count == 8)
        pending.removeAll()
        #expect(pending.isEmpty)
        for id in Int32(1)...5 { pending.append(Self.entry(id)) }
        #expect(pending.map(Self.describe) == ["e1", "e2", "e3", "e4", "e5"])
    }
}
