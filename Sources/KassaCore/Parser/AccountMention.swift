// AccountMention: an account said in the line ("с каспи", "from kaspi", "на наличные"), as the
// scan stage finds it: the person's own accounts by name or inflected alias first, the grammar's
// `account` words only when none fits.

struct AccountMention {
    var name: String
    var start: Int
    var end: Int
    /// The preposition said before it: "from"/"с" → -1, "to"/"на" → +1, none → 0.
    var direction: Int
    var rule: Why.Rule
    /// Other accounts that fit the same words equally well.
    var alternatives: [String]
    /// Not said exactly: a name as a speech engine misheard it ("from Caspi"), shown as a guess.
    var guessed = false
    /// Said with an `account-after` word (savings, deposit): money moved to it is a transfer.
    var keeps = false
    /// Said as where a top-up verb put the money ("topped up kaspi", «закинул на карту»): a
    /// transfer into it.
    var toppedUp = false
}

extension ScanStage {
    /// An account said at `i`, with its preposition ("с каспи", "from kaspi", "на наличные").
    /// `named`: the words were said as an account ("account kaspi"), so an account word wins
    /// over a shop of the same name even without a preposition.
    /// `afterAmount`: the words come right after the amount, where an account is said without a
    /// preposition («бензин 10 000 халыка»), so a misheard name there is guessed too.
    /// `afterVerb`: a verb said right before stands for the preposition ("topped up savings",
    /// «пополнила депозит»).
    func accountAt(_ i: Int, aliases: AccountAliases, named: Bool = false, afterAmount: Bool = false,
                   afterVerb: Bool = false) -> AccountMention? {
        if !afterVerb, cannotBeginAccount(i, aliases: aliases) { return nil }
        return mentionAt(i, aliases: aliases, named: named, afterAmount: afterAmount, afterVerb: afterVerb)
    }

    /// Whether no account mention can begin at `i` without a verb before it, from the token
    /// alone: a number, symbol or known word with no class bit of a preposition, an account or
    /// a kind of account, that begins no alias of the person's. Every other way to an account
    /// (glued prepositions, sound-alikes) needs a word the grammar does not know. Most tokens
    /// the scan asks about are such words: they skip the whole search.
    @inline(__always) func cannotBeginAccount(_ i: Int, aliases: AccountAliases) -> Bool {
        let t = tokens[i]
        guard ids.accountStartComplete, t.word >= 0 || t.kind != .word,
              (t.bits | t.phraseBits) & ids.accountStart == 0 else { return false }
        return t.kind != .word || !aliases.mayStart(with: norm[t.normStart])
    }

    /// `accountAt` without the gate (tests check the gate never hides a mention).
    func mentionAt(_ i: Int, aliases: AccountAliases, named: Bool = false, afterAmount: Bool = false,
                   afterVerb: Bool = false) -> AccountMention? {
        if let glued = gluedAccount(at: i, aliases: aliases) { return glued }
        var direction = 0
        var k = i
        // The preposition, of one word or more ("out of").
        let fromEnd = matchClass(i, ids.from)?.end, toEnd = matchClass(i, ids.to)?.end
        if fromEnd != nil || toEnd != nil {
            direction = fromEnd == nil ? 1 : toEnd == nil ? -1 : 0
            k = max(fromEnd ?? 0, toEnd ?? 0)
            // "w/ kaspi": a slash glued to the preposition belongs to it.
            if k < tokens.count, tokens[k].glued, tokens[k].isPunct("/") { k += 1 }
            guard k < tokens.count else { return nil }
        }
        var found = accountWords(at: k, after: k > i || afterVerb, aliases: aliases, named: named)
        // «картой халыка», «со счёта жусана», "card kaspi": a word for a kind of account before a
        // specific account means that account (the kind alone, «картой», stays the card).
        if ids.accountKind >= 0, k + 1 < tokens.count, has(k, ids.accountKind),
           let specific = accountWords(at: k + 1, after: true, aliases: aliases, named: named),
           found.map({ specific.end > $0.end }) ?? true {
            found = specific
        }
        // «карты и халека»: Whisper splits «картой» into «карты и»; a kind of account, "and" and
        // a specific account (said or misheard) is still that account.
        if ids.accountKind >= 0, k + 2 < tokens.count, has(k, ids.accountKind), has(k + 1, ids.and) {
            if let specific = accountWords(at: k + 2, after: true, aliases: aliases, named: named), !specific.keeps {
                if found.map({ specific.end > $0.end }) ?? true { found = specific }
            } else if let guess = soundAlikeAccount(at: k + 2, aliases: aliases) {
                return AccountMention(name: guess, start: i, end: k + 3, direction: direction, rule: .soundAlike,
                                      alternatives: [], guessed: true)
            }
        }
        // "to my Halyk card", "на свою карту": a stop word between the preposition and the
        // account (not another preposition).
        if found == nil, k > i || afterVerb, k + 1 < tokens.count, has(k, ids.stop), !has(k, ids.from), !has(k, ids.to) {
            found = accountWords(at: k + 1, after: true, aliases: aliases, named: named)
        }
        // Only after a preposition ("from Caspi", "with my Halic card"): a name alone may be a
        // shop or a person.
        let heard = k < tokens.count && has(k, ids.stop) && !has(k, ids.from) && !has(k, ids.to) ? k + 1 : k
        if found == nil, k > i || afterVerb, let guess = soundAlikeAccount(at: heard, aliases: aliases) {
            let end = heard + 1 < tokens.count && has(heard + 1, ids.accountKind) ? heard + 2 : heard + 1
            return AccountMention(name: guess, start: i, end: end, direction: direction, rule: .soundAlike,
                                  alternatives: [], guessed: true)
        }
        // "Caspi Gold", «каспий картой»: a misheard name with a kind of account after it is an
        // account even without a preposition (the kind word says so).
        if found == nil, k == i, k + 1 < tokens.count, has(k + 1, ids.accountKind),
           let guess = soundAlikeAccount(at: k, aliases: aliases) {
            return AccountMention(name: guess, start: i, end: k + 2, direction: direction, rule: .soundAlike,
                                  alternatives: [], guessed: true)
        }
        // «бензин 10 000 холыка»: right after the amount, where the account is said bare — but
        // where a person's name stands too («подарок 5000 Халиде»), so only a word that sounds
        // the same once folded (no edit left); as the line's last word in Latin letters, where an
        // English dictation puts the account ("oil change 26,000, helic"), one edit as after a
        // preposition (a Russian name in the dative stands there: «подарок 5000 Халиде»).
        if found == nil, k == i, afterAmount, let guess = soundAlikeAccount(at: k, aliases: aliases, edits: lastLatinWord(k) ? nil : 0) {
            let end = k + 1 < tokens.count && has(k + 1, ids.accountKind) ? k + 2 : k + 1
            return AccountMention(name: guess, start: i, end: end, direction: direction, rule: .soundAlike,
                                  alternatives: [], guessed: true)
        }
        guard let found else { return nil }
        // «проценты на вклад», "interest on the deposit": a keyword phrase begun before the
        // preposition and reaching over the savings word is that category, not an account.
        if found.keeps, (max(0, i - 3)..<i).contains(where: { (matchClass($0, ids.category)?.end ?? 0) >= found.end }) {
            return nil
        }
        return AccountMention(name: found.names[0], start: i, end: found.end, direction: direction,
                              rule: found.rule, alternatives: Array(found.names.dropFirst()), keeps: found.keeps)
    }

    /// «Схалыка на каспи», «все скаспи»: speech engines glue a one-letter preposition to the
    /// name after it. A word the grammar does not know, made of a one-letter `from`/`to` word
    /// and the rest, is that preposition and account when the rest is an account word (any of
    /// its forms) or sounds like one (then a guess).
    func gluedAccount(at k: Int, aliases: AccountAliases) -> AccountMention? {
        guard tokens[k].kind == .word, tokens[k].word < 0 else { return nil }
        let bytes = normBytes(k)
        guard bytes.count >= 6, let lead = bytes.first else { return nil }
        let one = lead < 0x80 ? 1 : lead & 0xE0 == 0xC0 ? 2 : 0
        guard one > 0 else { return nil }
        // «скаспи» (с), «наказпи» (на): a preposition of one letter or two.
        for width in [one, 2 * one] where bytes.count >= width + 4 {
            if let glued = gluedAccount(at: k, bytes: bytes, width: width, aliases: aliases) { return glued }
        }
        return nil
    }

    private func gluedAccount(at k: Int, bytes: UnsafeBufferPointer<UInt8>, width: Int, aliases: AccountAliases) -> AccountMention? {
        // Both letters of a two-letter preposition are of the first one's script (same width).
        if width > 1, bytes[0] < 0x80 ? bytes[1] >= 0x80 : bytes[2] & 0xE0 != 0xC0 { return nil }
        let letter = grammar.words.find(UnsafeBufferPointer(rebasing: bytes[..<width]))
        guard letter >= 0 else { return nil }
        let (isFrom, isTo) = (grammar.hasEntry(word: letter, inClass: ids.from), grammar.hasEntry(word: letter, inClass: ids.to))
        guard isFrom != isTo else { return nil }
        let rest = UnsafeBufferPointer(rebasing: bytes[width...])
        let direction = isFrom ? -1 : 1
        let word = grammar.words.find(rest)
        if word >= 0, let e = grammar.entry(word: word, inClass: ids.account) {
            return AccountMention(name: grammar.entries[e].value, start: k, end: k + 1, direction: direction,
                                  rule: .entry(Int32(e)), alternatives: [])
        }
        // Glued to its preposition a guess must sound the same once folded (no edit left):
        // «сказби» is «с каспи», «сказки» stays fairy tales.
        guard word < 0, let heard = SoundAlike.fold(rest, names: true), let name = soundAlike(heard, aliases: aliases, edits: 0) else { return nil }
        return AccountMention(name: name, start: k, end: k + 1, direction: direction, rule: .soundAlike,
                              alternatives: [], guessed: true)
    }

    /// Whether the word at `k` is written in Latin letters and only punctuation follows it.
    private func lastLatinWord(_ k: Int) -> Bool {
        guard k < tokens.count, tokens[k].normStart < tokens[k].normEnd, norm[tokens[k].normStart] < 0x80 else { return false }
        return (k + 1..<tokens.count).allSatisfy { tokens[$0].kind == .punct }
    }

    /// The one account whose name or one-word alias sounds like the word at `k` (SoundAlike);
    /// nil when none does or when two accounts do equally (no guess between two). Only names
    /// with the same first sound are tried, which engines rarely get wrong: «с халека» is halyk,
    /// though one letter also separates it from «налика» (cash); "with Susan" is a person.
    func soundAlikeAccount(at k: Int, aliases: AccountAliases, edits: Int? = nil) -> String? {
        guard k < tokens.count, tokens[k].kind == .word, tokens[k].word < 0,  // a word the grammar knows means what it says
              let word = SoundAlike.fold(normBytes(k), names: true) else { return nil }
        return soundAlike(word, aliases: aliases, edits: edits)
    }

    /// The one account a folded word sounds like (see soundAlikeAccount).
    func soundAlike(_ word: [UInt32], aliases: AccountAliases, edits: Int? = nil) -> String? {
        let limit = min(edits ?? .max, SoundAlike.allowedEdits(word.count))
        var found: String?
        var two = false
        func consider(_ name: String, _ candidate: [UInt32]?) {
            // A name is heard by its first sound: engines mishear vowels and endings, not the
            // opening consonant ("Susan" is a person, not Jusan; "Caspi" folds to k like kaspi).
            guard let candidate, candidate.first == word.first, SoundAlike.within(word, candidate, limit) else { return }
            if let f = found, f != name { two = true } else { found = name }
        }
        for alias in aliases.list where alias.words.count == 1 {
            consider(alias.account, SoundAlike.fold(alias.words[0], names: true))
        }
        for (name, folded) in zip(ids.accountValues, ids.accountValuesFolded) {
            consider(name, folded)
        }
        return two ? nil : found
    }

    /// The account words at `k`: the person's own accounts first; the grammar's account words
    /// only when none fits. `after`: a preposition was said before them.
    @inline(__always) private func accountWords(at k: Int, after: Bool, aliases: AccountAliases, named: Bool)
        -> (names: [String], end: Int, rule: Why.Rule, keeps: Bool)? {
        var best: (names: [String], end: Int, rule: Why.Rule, keeps: Bool)?
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
                best = ([alias.account], j, .context, false)
            } else if j == best!.end, !best!.names.contains(alias.account) {
                best!.names.append(alias.account)
            }
        }
        // ... and not when a keyword phrase as long starts there without a preposition: "kaspi 5000"
        // is a purchase on Kaspi, "с каспи" the account; "kaspi shop" is a place to buy.
        // The grammar's name for it ("kaspi" for «каспи») is the person's account that has that
        // name or alias: after `account rename kaspi "kaspi gold"` every language's word for Kaspi
        // is "kaspi gold", and «депозит» is the one deposit account whatever it is called.
        if best == nil, let (e, end) = matchClass(k, ids.account) {
            let keywordEnd = matchClass(k, ids.category)?.end ?? 0
            if keywordEnd < end || (keywordEnd == end && (after || named)) {
                best = ([aliases.own(grammar.entries[e].value)], end, .entry(Int32(e)), false)
            }
        }
        // "into savings", «на депозит»: these words name an account only after a preposition.
        if best == nil, after, let (e, end) = matchClass(k, ids.accountAfter) {
            best = ([aliases.own(grammar.entries[e].value)], end, .entry(Int32(e)), true)
        }
        // "on freedom": a bank whose name is an ordinary word, after a preposition; paid from as
        // any bank is (not kept as savings are).
        if best == nil, after, ids.accountNamed >= 0, let (e, end) = matchClass(k, ids.accountNamed) {
            best = ([aliases.own(grammar.entries[e].value)], end, .entry(Int32(e)), false)
        }
        return best
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

    /// The person's account a grammar name stands for: the one whose name or one-word alias it
    /// is, else the name itself.
    func own(_ name: String) -> String {
        let bytes = Array(name.utf8)
        return list.first { $0.words.count == 1 && $0.words[0] == bytes }?.account ?? name
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
