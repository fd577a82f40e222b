// LineScratch: the working memory of one line under analysis (tokens, their normalized bytes,
// the number memo, the scan's roles, amounts and patterns, a draft's note words), kept from one
// parse to the next so that reading a line allocates nothing once the buffers are big enough (and
// makes no array of a parser type: on Linux each such array looks up its generic metadata at run
// time). A Parser keeps a small pool
// of them (ScratchPool); each LineReading borrows one for its lifetime, gives it back in deinit.
// Every buffer holds plain values, so growing or freeing needs no deinitialization.

import Synchronization

final class LineScratch: @unchecked Sendable {
    // @unchecked: a scratch is used by one LineReading at a time; the pool's lock hands it over.

    /// The buffers, all sized for a line of `capacity` scalars: a token takes at least one, and
    /// there are no more amounts, patterns or note words than tokens (plus one amount the
    /// assembler may add); `norm` has four bytes per scalar plus four.
    struct Buffers {
        let tokens: UnsafeMutablePointer<Token>
        let norm: UnsafeMutablePointer<UInt8>
        let numberState: UnsafeMutablePointer<Int8>
        let numberMemo: UnsafeMutablePointer<NumberMatch>
        let roles: UnsafeMutablePointer<Role>
        /// The scan's amounts and pattern matches, and a draft's note words (see ScratchList).
        let moneys: UnsafeMutablePointer<MoneyMatch>
        let patterns: UnsafeMutablePointer<PatternHit>
        let noteTokens: UnsafeMutablePointer<Int>

        init(capacity: Int) {
            tokens = .allocate(capacity: capacity)
            norm = .allocate(capacity: capacity * 4 + 4)
            numberState = .allocate(capacity: capacity)
            numberMemo = .allocate(capacity: capacity)
            roles = .allocate(capacity: capacity)
            moneys = .allocate(capacity: capacity + 1)
            patterns = .allocate(capacity: capacity)
            noteTokens = .allocate(capacity: capacity)
        }

        func deallocate() {
            tokens.deallocate(); norm.deallocate(); numberState.deallocate(); numberMemo.deallocate()
            roles.deallocate(); moneys.deallocate(); patterns.deallocate(); noteTokens.deallocate()
        }
    }

    private(set) var buffers: Buffers
    /// The line length, in scalars, the buffers have room for.
    private(set) var scalarCapacity: Int

    init(capacity: Int = 256) {
        scalarCapacity = capacity
        buffers = Buffers(capacity: capacity)
    }

    deinit {
        buffers.deallocate()
    }

    /// Makes room for the tokens of `count` scalars.
    func reserve(scalars count: Int) {
        guard count > scalarCapacity else { return }
        buffers.deallocate()
        scalarCapacity = max(count, scalarCapacity * 2)
        buffers = Buffers(capacity: scalarCapacity)
    }
}

/// ScratchPool: the LineScratch buffers not in use, behind a lock so one Parser can serve
/// several threads. A scratch grown past `keepLimit` scalars by a huge line is freed, not kept.
final class ScratchPool: Sendable {
    private let free = Mutex<[LineScratch]>([])
    /// Scratch memory for lines up to this many scalars is kept for reuse.
    static let keepLimit = 4096
    /// At most this many idle scratches are kept (one per thread that parses at once).
    static let maxIdle = 8

    func take() -> LineScratch {
        free.withLock { $0.popLast() } ?? LineScratch()
    }

    func give(_ scratch: LineScratch) {
        guard scratch.scalarCapacity <= ScratchPool.keepLimit else { return }
        free.withLock { list in
            if list.count < ScratchPool.maxIdle { list.append(scratch) }
        }
    }
}
