// ParsePiecesTests: how `kassa parse` cuts a batch into the pieces its two threads take in
// turn: every line in exactly one piece, in order, none larger than `piece`, and smaller ones
// toward the end so neither thread waits long for the other's last piece.
import Testing
@testable import KassaShell

@Suite struct ParsePiecesTests {
    @Test func piecesCoverEveryLineOnceInOrder() {
        for count in [1, 3, 4, 5, 63, 64, 65, 127, 128, 500, 2047, 2048] {
            let bounds = ParseCommand.pieces(count)
            #expect(bounds.first == 0)
            #expect(bounds.last == count)
            for k in 1..<bounds.count {
                #expect(bounds[k] > bounds[k - 1], "\(count): \(bounds)")
                #expect(bounds[k] - bounds[k - 1] <= ParseCommand.piece, "\(count): \(bounds)")
            }
        }
    }

    @Test func piecesShrinkTowardTheEnd() {
        let bounds = ParseCommand.pieces(ParseCommand.batchLimit)
        #expect(bounds[1] - bounds[0] == ParseCommand.piece)
        #expect(bounds[bounds.count - 1] - bounds[bounds.count - 2] <= 8)
    }
}
