// LineScratch: the working memory of one line under analysis (tokens, their normalized bytes,
// the number memo, the scan's roles, amounts and patterns, a draft's note words), kept from one
// parse to the next so that reading a line allocates nothing once the buffers are big enough (and
// makes no array of a parser type: on Linux each such array looks up its generic metadata at run
// time). A Parser keeps a small pool of them (ScratchPool) and lends one to each parse. Every
// buffer holds plain values and comes from one MemoryArena: growing drops the arena, and with
// it every buffer, and takes a bigger one.

import Synchronization

final class LineScratch: @unchecked Sendable {
    // @unchecked: a scratch is used by one parse at a time; the pool's lock hands it over.

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

        /// Buffers owned by `arena`: valid while it lives.
        init(capacity: Int, in arena: MemoryArena) {
            tokens = arena.allocate(Token.self, count: capacity)
            norm = arena.allocate(UInt8.self, count: capacity * 4 + 4)
            numberState = arena.allocate(Int8.self, count: capacity)
            numberMemo = arena.allocate(NumberMatch.self, count: capacity)
            roles = arena.allocate(Role.self, count: capacity)
            moneys = arena.allocate(MoneyMatch.self, count: capacity + 1)
            patterns = arena.allocate(PatternHit.self, count: capacity)
            noteTokens = arena.allocate(Int.self, count: capacity)
        }
    }

    /// Owns the buffers: replaced (and so freed) when they grow, and with the scratch.
    private var arena: MemoryArena
    private(set) var buffers: Buffers
    /// The line length, in scalars, the buffers have room for.
    private(set) var scalarCapacity: Int

    init(capacity: Int = 256) {
        scalarCapacity = capacity
        arena = MemoryArena()
        buffers = Buffers(capacity: capacity, in: arena)
    }

    /// Makes room for the tokens of `count` scalars.
    func reserve(scalars count: Int) {
        guard count > scalarCapacity else { return }
        scalarCapacity = max(count, scalarCapacity * 2)
        arena = MemoryArena()
        buffers = Buffers(capacity: scalarCapacity, in: arena)
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
