// RecordFieldsTests: the one field splitter of a record line (Records/RecordFields.swift) — what
// the writer writes splits back into the same fields, escapes stay inside their field, empty
// fields count, the eight-bytes-at-a-time path agrees with a byte-by-byte split, and damaged
// lines (too many fields, a bad head) are refused rather than misread.
import Testing
import KassaCore
@testable import KassaStore

@Suite struct RecordFieldsTests {
    /// The reference: split at every tab, empty fields kept (what the splitter must agree with).
    private func naive(_ body: [UInt8]) -> [[UInt8]] {
        body.split(separator: RecordCodec.tab, omittingEmptySubsequences: false).map(Array.init)
    }

    private func fields(_ body: [UInt8]) -> [[UInt8]]? {
        RecordFields.ranges(in: body, body: 0..<body.count).map { $0.map { Array(body[$0]) } }
    }

    private func line(note: String) -> [UInt8] {
        var writer = LineWriter()
        writer.begin(change: 12, part: 1, of: 1, op: .commit)
        let t = Transaction(id: 7, type: .expense, amount: Money(minorUnits: 150_000, currency: Currency(code: "RUB")!),
                            date: CivilDate(year: 2026, month: 11, day: 26)!, time: TimeOfDay(hour: 9, minute: 5),
                            category: "еда", account: nil, toAccount: nil, note: note, recurrence: nil, input: "кофе 1500")
        RecordCodec.appendTransaction(t, to: &writer.out)
        writer.end()
        return writer.out
    }

    @Test func aWrittenRecordSplitsIntoItsFields() throws {
        let bytes = line(note: "plain")
        let body = RecordLine.bodyOffset..<(bytes.count - 1)
        let split = try #require(RecordFields.ranges(in: bytes, body: body))
        #expect(split.count == Journal.transactionFieldCount)
        #expect(Array(bytes[split[RecordField.change.rawValue]]) == Array("12".utf8))
        #expect(Array(bytes[split[RecordField.part.rawValue]]) == Array("1/1".utf8))
        #expect(Array(bytes[split[RecordField.op.rawValue]]) == Array("commit".utf8))
        #expect(RecordCodec.unescape(bytes[split[RecordArgument.category.lineIndex]]) == "еда")
        #expect(bytes[split[RecordArgument.account.lineIndex]].isEmpty)
        #expect(RecordCodec.unescape(bytes[split[RecordArgument.input.lineIndex]]) == "кофе 1500")
    }

    @Test func escapedTabsAndNewlinesStayInTheirField() throws {
        let note = "a\tb\nc\\t\rd"
        let bytes = line(note: note)
        let split = try #require(RecordFields.ranges(in: bytes, body: RecordLine.bodyOffset..<(bytes.count - 1)))
        #expect(split.count == Journal.transactionFieldCount)
        #expect(RecordCodec.unescape(bytes[split[RecordArgument.note.lineIndex]]) == note)
    }

    @Test func emptyFieldsCount() {
        #expect(fields([]) == [[]])
        #expect(fields([9]) == [[], []])
        #expect(fields(Array("a\t\tb\t".utf8)) == [[97], [], [98], []])
        #expect(fields(Array("\t\t\t\t\t\t\t\t\t".utf8))?.count == 10)
    }

    /// Bytes next to a tab's value (0x08, 0x0A, 0x89 ...) are where a SWAR zero-byte test can
    /// flag a false hit; lengths cross the 8-byte words at every offset.
    @Test func theWordAtATimePathAgreesWithByteByByte() {
        let alphabet: [UInt8] = [9, 9, 8, 10, 0x89, 0x19, 0x49, 0, 0xFF, 97, 0xD0, 0xB5, 92, 116]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<80 {
            for _ in 0..<40 {
                var body: [UInt8] = []
                for _ in 0..<length {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    body.append(alphabet[Int(seed >> 33) % alphabet.count])
                }
                let expected = naive(body)
                let actual = fields(body)
                if expected.count <= RecordFields.capacity {
                    #expect(actual == expected, "\(body)")
                } else {
                    #expect(actual == nil, "\(body)")
                }
            }
        }
    }

    @Test func moreFieldsThanALineMayHaveAreRefused() {
        let most = [UInt8](repeating: 9, count: RecordFields.capacity - 1)
        #expect(fields(most)?.count == RecordFields.capacity)
        #expect(fields(most + [9]) == nil)
    }

    @Test func aBodyInsideALargerBufferSplitsOnlyItsBytes() {
        let bytes = Array("x\ty\tAB\tCD\tz".utf8)
        let split = RecordFields.ranges(in: bytes, body: 4..<9)
        #expect(split == [4..<6, 7..<9])
    }

    @Test(arguments: ["12\t1/1\tcommit", "3\t2/4\tundo", "1\t1/1\tobject\tx"])
    func aGoodHeadParses(_ text: String) {
        #expect(head(text) != nil)
    }

    @Test(arguments: ["12\t0/1\tcommit", "12\t2/1\tcommit", "12\tx/1\tcommit", "12\t1\tcommit", "12\t/1\tcommit",
                      "x\t1/1\tcommit", "\t1/1\tcommit", "12\t1/1\tcommits", "12\t1/1\t", "12\t1/1", "12"])
    func aDamagedHeadIsRefused(_ text: String) {
        #expect(head(text) == nil)
    }

    @Test func changeAndPartIgnoreTheOp() {
        let bytes = Array("9\t2/3\tsomething".utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds in
                let n = RecordFields.split(buffer.baseAddress!, from: 0, to: buffer.count, into: bounds.baseAddress!)!
                return RecordFields.changeAndPart(buffer.baseAddress!, fields: bounds.baseAddress!, count: n)
            }
        }
        #expect(parsed?.number == 9 && parsed?.part == 2 && parsed?.parts == 3)
    }

    private func head(_ text: String) -> (number: Int64, part: Int, parts: Int, op: RecordOp)? {
        // A tab-free spare byte after the body, as a real line has its LF.
        let bytes = Array(text.utf8) + [10]
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: RecordFields.boundsCapacity) { bounds in
                guard let n = RecordFields.split(buffer.baseAddress!, from: 0, to: buffer.count - 1, into: bounds.baseAddress!)
                else { return nil }
                return RecordFields.head(buffer.baseAddress!, fields: bounds.baseAddress!, count: n)
            }
        }
    }
}
