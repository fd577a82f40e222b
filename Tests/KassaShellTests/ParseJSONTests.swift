// ParseJSONTests: the draft JSON that `kassa parse --json` writes puts the type, frequency and
// flags from literals and bits (no String made per draft): they must say exactly what the
// enums' raw values and the draft's `flags` say, for every case.
import Foundation
import Testing
import KassaCore
@testable import KassaShell

@Suite struct ParseJSONTests {
    let date = CivilDate(year: 2026, month: 11, day: 23)!

    @Test func literalsAreTheRawValues() {
        for type in TransactionType.allCases { #expect("\(JSONEncoding.literal(type))" == type.rawValue) }
        for frequency in Recurrence.allCases { #expect("\(JSONEncoding.literal(frequency))" == frequency.rawValue) }
    }

    @Test func everyFieldAndFlagIsWrittenAsTheDraftSaysIt() throws {
        for (k, type) in TransactionType.allCases.enumerated() {
            for frequency in [nil] + Recurrence.allCases {
                // A different subset of flags each time, in any order given.
                let flags = DraftFlag.allCases.enumerated().filter { ($0.offset + k) % 3 != 0 }.map(\.element).reversed()
                let draft = Draft(type: type, amount: Money(minorUnits: 150_050, currency: Currency(code: "KZT")!), date: date,
                                  category: "food/coffee", account: "kaspi", toAccount: type == .transfer ? "cash" : nil,
                                  note: "кофе \"большой\"", recurrence: frequency, interval: 2, confidence: 0.8,
                                  flags: Array(flags))
                let json = JSONEncoding.draft(draft)
                let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                #expect(object["type"] as? String == type.rawValue)
                #expect(object["recurrence"] as? String == frequency?.rawValue)
                #expect(object["flags"] as? [String] == draft.flags.map(\.rawValue))
                #expect(object["note"] as? String == "кофе \"большой\"")
                #expect(object["amount"] as? String == "1500.50")
            }
        }
    }
}
