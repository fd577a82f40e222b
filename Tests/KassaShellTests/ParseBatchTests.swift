// ParseBatchTests: `kassa parse` answers a large batch on two threads — the second with a replica
// of the grammar (Grammar+Replica.swift) once a batch is large enough — with the very bytes one
// thread and the shared grammar give for the same lines, in order.
import Testing
@testable import KassaShell
import KassaCore
import KassaTestSupport

@Suite struct ParseBatchTests {
    static func bytes(_ answers: [ParseCommand.Answer]) -> [UInt8] {
        var out: [UInt8] = []
        for answer in answers {
            guard case .bytes(let buffer) = answer.output else { continue }
            buffer.withBytes { out += $0 }
        }
        return out
    }

    @Test func aLargeBatchOnTwoThreadsGivesTheBytesOfOneThread() throws {
        let parser = GrammarFixtures.parser
        let renderer = TextRenderer(catalog: Fixtures.catalog(.en), grammar: parser.grammar, style: TextStyle(enabled: false))
        let context = ParseContext(today: Corpus.defaultToday, language: .en)
        let bench = GrammarFixtures.benchEntries
        #expect(bench.count > 1_000)
        // Two batches at the limit (the second thread makes its replica on the first) and a rest.
        let lines = (0..<(2 * ParseCommand.batchLimit + 300)).map { LineInput.line(String(bench[$0 % bench.count])) }
        #expect(ParseCommand.batchLimit >= ParseCommand.replicaThreshold)
        for explain in [false, true] {
            let work = ParseCommand.Work(parser: parser, context: context, renderer: renderer, json: true, explain: explain)
            var twoThreads: [UInt8] = [], oneThread: [UInt8] = []
            for start in stride(from: 0, to: lines.count, by: ParseCommand.batchLimit) {
                let batch = Array(lines[start..<min(start + ParseCommand.batchLimit, lines.count)])
                twoThreads += Self.bytes(work.answers(batch))
                oneThread += Self.bytes([work.answer(batch[...], parser: parser)])
            }
            #expect(twoThreads.count > 100_000)
            // The second thread parsed with a grammar of its own.
            #expect(work.second.made.map { $0.grammar !== parser.grammar } == true)
            #expect(twoThreads == oneThread, "explain: \(explain)")
        }
    }
}
