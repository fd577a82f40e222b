// LineScan: one left-to-right pass that gives every token a role: part of an amount, of a
// pattern (date, time, quantity, recurrence), of an account mention, a filler, a separator, or
// plain text (note and category words). At each token the longest reading wins; a pattern
// beats an amount of the same length ("10 August" is a date, not 10).

struct AccountMention {
    var name: String
    var start: Int
    var end: Int
    /// The preposition said before it: "from"/"с" → -1, "to"/"на" → +1, none → 0.
    var direction: Int
    var rule: Why.Rule
    /// Other accounts that fit the same words equally well.
    var alternatives: [String]
}

enum Role {
    case plain, punct, filler, sep
    case money(Int)
    case pattern(Int)
    case account(Int)
}

/// A pattern that matched, with what it means.
typealias PatternHit = (match: PatternMatch, value: Recognized)

struct LineScan {
    /// One per token, in the line's scratch memory, as are the amounts and patterns.
    let roles: UnsafeMutableBufferPointer<Role>
    var moneys: ScratchList<MoneyMatch>
    var patterns: ScratchList<PatternHit>
    var accounts: [AccountMention] = []
}

extension LineReading {
    func scan(aliases: AccountAliases) -> LineScan {
        let roles = UnsafeMutableBufferPointer(start: buffers.roles, count: tokens.count)
        roles.initialize(repeating: .plain)
        var s = LineScan(roles: roles, moneys: ScratchList(buffers.moneys, capacity: tokens.count + 1),
                         patterns: ScratchList(buffers.patterns, capacity: tokens.count))
        var i = 0
        let n = tokens.count
        while i < n {
            let t = tokens[i]
            if t.kind == .punct {
                s.roles[i] = t.scalar == 0x2C || t.scalar == 0x3B || endsSentence(i) ? .sep : .punct
                i += 1
                continue
            }
            if let (_, end) = matchClass(i, ids.filler) {
                for k in i..<end { s.roles[k] = .filler }
                i = end
                continue
            }
            var pattern: PatternHit?
            if t.kind == .number || (t.word >= 0 && hot.wordStartsPattern[Int(t.word)]) { pattern = bestPattern(at: i) }
            var money: MoneyMatch?
            if t.kind == .number || hasEntries(i) { money = readMoney(at: i) }
            if let p = pattern, money == nil || p.match.end >= money!.end {
                for k in p.match.start..<p.match.end { s.roles[k] = .pattern(s.patterns.count) }
                s.patterns.append(p)
                i = p.match.end
                continue
            }
            if let m = money {
                for k in m.start..<m.end { s.roles[k] = .money(s.moneys.count) }
                s.moneys.append(m)
                i = m.end
                continue
            }
            if let a = accountAt(i, aliases: aliases) {
                for k in a.start..<a.end { s.roles[k] = .account(s.accounts.count) }
                s.accounts.append(a)
                i = a.end
                continue
            }
            if has(i, ids.sep) { s.roles[i] = .sep }
            i += 1
        }
        return s
    }

    /// An account said at `i`, with its preposition ("с каспи", "from kaspi", "на наличные").
    /// A full stop, "!" or "?" followed by a capital letter ends a sentence of dictation ("Coffee
    /// 1500 yesterday. Today taxi 2000."): the sentences are separate purchases. A stop before a
    /// small letter ("руб. кофе", "tel. 5") is an abbreviation and separates nothing.
    func endsSentence(_ i: Int) -> Bool {
        let t = tokens[i]
        guard t.scalar == 0x2E || t.scalar == 0x21 || t.scalar == 0x3F, i + 1 < tokens.count else { return false }
        let next = tokens[i + 1]
        guard next.kind == .word else { return false }
        return input.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var decoder = UTF8()
            var iterator = bytes[next.byteStart..<min(bytes.count, next.byteStart + 4)].makeIterator()
            guard case .scalarValue(let first) = decoder.decode(&iterator) else { return false }
            return first.properties.isUppercase
        } ?? false
    }

    /// Whether a sentence ends between tokens `from` and `to` (a date said before it was carried
    /// into another sentence).
    func sentenceEnds(_ s: LineScan, from: Int, to: Int) -> Bool {
        var j = max(0, from)
        while j < min(to, tokens.count) {
            if tokens[j].kind == .punct, case .sep = s.roles[j], tokens[j].scalar != 0x2C, tokens[j].scalar != 0x3B { return true }
            j += 1
        }
        return false
    }

    /// `named`: the words were said as an account ("account kaspi"), so an account word wins
    /// over a shop of the same name even without a preposition.
    func accountAt(_ i: Int, aliases: AccountAliases, named: Bool = false) -> AccountMention? {
        var direction = 0
        var k = i
        if has(i, ids.from) || has(i, ids.to) {
            direction = has(i, ids.from) ? -1 : 1
            if has(i, ids.from) && has(i, ids.to) { direction = 0 }
            k = i + 1
            guard k < tokens.count else { return nil }
        }
        // The person's own accounts first; the grammar's account words only when none fits.
        var best: (names: [String], end: Int, rule: Why.Rule)?
        let first = k < tokens.count && tokens[k].kind == .word ? norm[tokens[k].normStart] : 0
        let candidates = aliases.mayStart(with: first) ? aliases.list : []
        for alias in candidates {
            var j = k
            var ok = true
            for word in alias.words {
                // The first byte settles most words before the stem comparison.
                guard j < tokens.count, tokens[j].kind == .word, let first = word.first,
                      norm[tokens[j].normStart] == first, sameStem(normBytes(j), word) else { ok = false; break }
                j += 1
            }
            guard ok else { continue }
            if best == nil || j > best!.end {
                best = ([alias.account], j, .context)
            } else if j == best!.end, !best!.names.contains(alias.account) {
                best!.names.append(alias.account)
            }
        }
        // ... and not when a keyword phrase as long starts there without a preposition: "kaspi 5000"
        // is a purchase on Kaspi, "с каспи" the account; "kaspi shop" is a place to buy.
        if best == nil, let (e, end) = matchClass(k, ids.account) {
            let keywordEnd = matchClass(k, ids.category)?.end ?? 0
            if keywordEnd < end || (keywordEnd == end && (k > i || named)) { best = ([grammar.entries[e].value], end, .entry(Int32(e))) }
        }
        guard let found = best else { return nil }
        return AccountMention(name: found.names[0], start: i, end: found.end, direction: direction,
                              rule: found.rule, alternatives: Array(found.names.dropFirst()))
    }

    /// Russian inflection: "карты" and "карта", "каспи" and "каспи" share a stem of at least three
    /// letters and differ only by endings the grammar knows.
    func sameStem(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        // Common prefix, cut back to a character boundary; most words fail on the first bytes.
        var p = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        if p == a.count && p == b.count { return true }
        while p > 0, p < a.count, a[p] & 0xC0 == 0x80 { p -= 1 }
        guard p >= 3, a.count - p <= 8, b.count - p <= 8 else { return false }
        var letters = 0
        for k in 0..<p where b[k] & 0xC0 != 0x80 { letters += 1 }
        guard letters >= 3 else { return false }
        let left = grammar.endings.find(UnsafeBufferPointer(rebasing: a[p...]))
        let right = b.withUnsafeBufferPointer { grammar.endings.find(UnsafeBufferPointer(rebasing: $0[p...])) }
        return left >= 0 && right >= 0
    }
}

/// One way to say an account: its words, normalized.
struct AccountAlias: Sendable {
    var words: [[UInt8]]
    var account: String
}

/// The person's accounts as the parser matches them, with the set of bytes their aliases begin
/// with: a word that begins otherwise is not compared with any of them.
struct AccountAliases: Sendable {
    let list: [AccountAlias]
    private var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ list: [AccountAlias] = []) {
        self.list = list
        for alias in list {
            guard let b = alias.words.first?.first else { continue }
            let bit = UInt64(1) << UInt64(b & 63)
            switch b >> 6 {
            case 0: firstBytes.0 |= bit
            case 1: firstBytes.1 |= bit
            case 2: firstBytes.2 |= bit
            default: firstBytes.3 |= bit
            }
        }
    }

    func mayStart(with b: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(b & 63)
        switch b >> 6 {
        case 0: return firstBytes.0 & bit != 0
        case 1: return firstBytes.1 & bit != 0
        case 2: return firstBytes.2 & bit != 0
        default: return firstBytes.3 & bit != 0
        }
    }
}
