// ScanStage: one left-to-right pass that gives every token a role, from what the earlier stages
// read there: part of an amount (MoneyStage), of a pattern (DateStage: date, time, quantity,
// recurrence), of an account mention, a filler, a separator, or plain text (note and category
// words). At each token the longest reading wins; a pattern beats an amount of the same length
// ("10 August" is a date, not 10).

struct ScanStage: LineStage {
    let money: MoneyStage
    let dates: DateStage
    /// Where the roles, amounts and patterns are written.
    let scratch: LineScratch.Buffers
    var line: LineView { money.line }

    init(_ numbers: NumberStage, scratch: LineScratch.Buffers) {
        money = MoneyStage(numbers)
        dates = DateStage(numbers)
        self.scratch = scratch
    }

    func scan(aliases: AccountAliases) -> LineScan {
        let roles = UnsafeMutableBufferPointer(start: scratch.roles, count: tokens.count)
        roles.initialize(repeating: .plain)
        var s = LineScan(roles: roles, moneys: ScratchList(scratch.moneys, capacity: tokens.count + 1),
                         patterns: ScratchList(scratch.patterns, capacity: tokens.count))
        var i = 0
        let n = tokens.count
        // A date the amount before it gave way to (below), for when the scan reaches it.
        var yieldedTo: PatternHit?
        // A top-up verb said before any account ("внёс 50000 на каспи"): the next account said
        // with "to" in the same part is where the money went.
        var topUpVerb: Range<Int>?
        while i < n {
            let t = tokens[i]
            // An arrow the grammar counts as "to" ("halyk -> kaspi", "каспи → халык").
            if t.kind == .punct, has(i, ids.to), let a = accountAt(i, aliases: aliases) {
                for k in a.start..<a.end { s.roles[k] = .account(s.accounts.count) }
                s.accounts.append(a)
                i = a.end
                continue
            }
            // Punctuation is a separator or nothing, unless the grammar begins a pattern with it
            // ("4500/mo": `class recurrence monthly = /mo`) and the pattern is there.
            if t.kind == .punct {
                if t.word >= 0, hot.wordStartsPattern[Int(t.word)], let p = dates.bestPattern(at: i) {
                    for k in p.match.start..<p.match.end { s.roles[k] = .pattern(s.patterns.count) }
                    s.patterns.append(p)
                    i = p.match.end
                    continue
                }
                s.roles[i] = t.scalar == 0x2C || t.scalar == 0x3B || line.endsSentence(i) ? .sep : .punct
                if line.endsSentence(i) { topUpVerb = nil }
                i += 1
                continue
            }
            // "topped up kaspi", «пополнил каспи», «закинул на карту»: the account right after a
            // top-up verb is where the money went; with none there, the verb waits for one said
            // with "to" later in its part, and is plain text meanwhile («пополнил телефон»).
            if ids.topUp >= 0, let (_, end) = matchClass(i, ids.topUp), !typePhrase(over: i, past: end) {
                // "Top, top, my Caspi card": the commas a speech engine puts in are skipped.
                var at = end
                while at < n, tokens[at].kind == .punct, !has(at, ids.to) { at += 1 }
                if at < n, var a = accountAt(at, aliases: aliases, named: true, afterVerb: true), a.direction >= 0 {
                    a.direction = 1
                    a.toppedUp = true
                    for k in i..<end { s.roles[k] = .filler }
                    for k in a.start..<a.end { s.roles[k] = .account(s.accounts.count) }
                    s.accounts.append(a)
                    topUpVerb = nil
                    i = a.end
                    continue
                }
                topUpVerb = i..<end
            }
            // A filler ("paid") gives way to a longer type phrase begun with it ("paid me back").
            if let (_, end) = matchClass(i, ids.filler), (matchClass(i, ids.type)?.end ?? 0) <= end {
                for k in i..<end { s.roles[k] = .filler }
                i = end
                continue
            }
            var pattern: PatternHit?
            if let hit = yieldedTo, hit.match.start == i {
                pattern = hit
            } else if t.kind == .number || (t.word >= 0 && hot.wordStartsPattern[Int(t.word)]) {
                pattern = dates.bestPattern(at: i)
            }
            if let p = pattern, ordinalBeforeItsNoun(p) { pattern = nil }
            var money: MoneyMatch?
            if t.kind == .number || (hasEntries(i) && line.mayBeginMoney(i)) { money = self.money.readMoney(at: i) }
            if let p = pattern, money == nil || p.match.end >= money!.end {
                for k in p.match.start..<p.match.end { s.roles[k] = .pattern(s.patterns.count) }
                s.patterns.append(p)
                i = p.match.end
                continue
            }
            // "coffee 100 200 days ago": digits grouped by a space end where a date begins that
            // reaches past them — 100 is the amount, "200 days ago" the date (not ₸100,200). A
            // group is three digits, so it may count up to 999 — as long as the date it makes is
            // within 999 days ("1 500 неделю назад" stays ₸1,500 a week ago).
            var yielded = false
            if var m = money, m.end > i + 1, t.kind == .number, tokens[i + 1].kind == .number, m.currency == nil,
               let later = dates.bestPattern(at: i + 1) ?? longCountDate(at: i + 1), later.match.end > m.end,
               let value = t.plainValue {
                m = MoneyMatch(value: value, currency: nil, start: i, end: i + 1,
                               number: NumberMatch(value: value, start: i, end: i + 1, hasWords: false, hasDigits: true))
                money = m
                yieldedTo = later
                yielded = true
            }
            // "100 999 weeks ago", "coffee 500 days ago": digits before a span word that needs a
            // count, which make a date only with a count past the limit, are neither an amount nor
            // a date a week back: the words are one pattern, and the line is refused (DraftBuilder).
            if !yielded, let m = money, t.kind == .number, let far = countOutOfRange(at: i), far.match.end > m.end {
                for k in far.match.start..<far.match.end { s.roles[k] = .pattern(s.patterns.count) }
                s.patterns.append(far)
                i = far.match.end
                continue
            }
            if let m = money {
                for k in m.start..<m.end { s.roles[k] = .money(s.moneys.count) }
                s.moneys.append(m)
                i = m.end
                continue
            }
            // An account word that begins a longer type phrase is that phrase ("cash out 10k from
            // kaspi": a withdrawal, not the cash account).
            if let a = accountAt(i, aliases: aliases, named: has(i, ids.account) && namedByPlace(i, s, aliases: aliases),
                                 afterAmount: t.kind == .word && t.word < 0 && rightAfterAmount(i, s)),
               (matchClass(i, ids.type)?.end ?? 0) <= a.end {
                var a = a
                if a.direction > 0, let verb = topUpVerb {
                    a.toppedUp = true
                    for k in verb where { if case .plain = s.roles[k] { return true }; return false }() { s.roles[k] = .filler }
                    topUpVerb = nil
                }
                for k in a.start..<a.end { s.roles[k] = .account(s.accounts.count) }
                s.accounts.append(a)
                i = a.end
                continue
            }
            if has(i, ids.sep) { s.roles[i] = .sep; topUpVerb = nil }
            i += 1
        }
        return s
    }

    /// Whether an account word that is also a shop's name ("kaspi") is said as the account by
    /// where it stands: right after the amount («обед 3000 каспи»), after a batch word ("all on
    /// kaspi"), or right before another account said with "to" ("kaspi -> halyk", «каспи на
    /// халык»). Before the amount it stays the shop ("kaspi 5000").
    func namedByPlace(_ i: Int, _ s: LineScan, aliases: AccountAliases) -> Bool {
        var j = i - 1
        while j >= 0, tokens[j].kind == .punct { j -= 1 }
        if j >= 0, case .money = s.roles[j] { return true }
        // "Kaspi: Платёж 7 990 ₸ …", "Halyk: Purchase …": a pasted notice opens with its bank.
        if i == 0, let (_, end) = matchClass(i, ids.account), end < tokens.count, tokens[end].isPunct(":") { return true }
        // "transfer kaspi from halyk": right after a transfer word it is one of the two accounts.
        if j >= 0, (max(0, j - 3)...j).contains(where: { k in
            matchClass(k, ids.type).map { $0.end == j + 1 && grammar.entries[$0.0].value.hasPrefix("transfer") } ?? false
        }) { return true }
        // "…, all on kaspi": after the batch word (and stop words) it is the batch's account.
        while j >= 0, has(j, ids.stop), !has(j, ids.batch) { j -= 1 }
        if j >= 0, has(j, ids.batch) { return true }
        guard let (_, end) = matchClass(i, ids.account) else { return false }
        // "spotify 1490 monthly kaspi", «такси 1500 вчера каспи»: the last word of its part, after
        // the amount, is where it was paid from (a shop's name stands before what was bought).
        if s.moneys.last.map({ $0.end <= i }) ?? false {
            var after = end
            while after < tokens.count, tokens[after].kind == .punct, !has(after, ids.sep) { after += 1 }
            if after == tokens.count || has(after, ids.sep) { return true }
        }
        var k = end
        while k < tokens.count, tokens[k].kind == .punct, !has(k, ids.to) { k += 1 }
        return k < tokens.count && has(k, ids.to) && accountAt(k, aliases: aliases).map { $0.direction > 0 } == true
    }

    /// Whether a type phrase holds token `i` and reaches at least to `end`: "закинул мне" and
    /// «мама закинула» are money someone gave, not a top-up.
    func typePhrase(over i: Int, past end: Int) -> Bool {
        if (matchClass(i, ids.type)?.end ?? 0) > end { return true }
        // «мама закинула», «Ерлан закинул»: a giver before the verb makes it a verb of giving (GiverReading).
        if (max(0, i - 3)..<i).contains(where: { k in
            (k == 0 || tokens[k - 1].kind == .punct || matchClass(k, ids.giver) != nil)
                && giverVerb(at: k, partStart: k, partEnd: tokens.count)?.start == i
        }) { return true }
        return (max(0, i - 2)..<i).contains { (matchClass($0, ids.type)?.end ?? 0) > i }
    }

    /// "second coffee 900", «десятый автобус 150», "the third taxi": an ordinal word read as a day
    /// of the month with no "on"/«в» before it, right before a plain word, is that word's
    /// adjective, not a date ("on the second", "coffee 900 второго" stay dates). An ordinal whose
    /// form is a date's (`ordinal-date`: «двадцатого такси 2800») stays a date.
    func ordinalBeforeItsNoun(_ p: PatternHit) -> Bool {
        let last = p.match.end - 1, next = p.match.end
        guard hot.actions[p.match.pattern] == .dayonly, tokens[last].kind == .word, has(last, ids.ordinal),
              ids.ordinalDate < 0 || !has(last, ids.ordinalDate),
              !has(p.match.start, ids.to), next < tokens.count, tokens[next].kind == .word,
              !has(next, ids.sep), !has(next, ids.month) else { return false }
        return true
    }

    /// Whether token `i` comes right after an amount (punctuation between).
    func rightAfterAmount(_ i: Int, _ s: LineScan) -> Bool {
        var j = i - 1
        while j >= 0, tokens[j].kind == .punct { j -= 1 }
        if j >= 0, case .money = s.roles[j] { return true }
        // "Kaspi: Платёж 7 990 ₸ …", "Halyk: Purchase …": a pasted notice opens with its bank.
        if i == 0, let (_, end) = matchClass(i, ids.account), end < tokens.count, tokens[end].isPunct(":") { return true }
        return false
    }

    /// A relative date pattern at `i` ("100 999 weeks ago") whose count — the number at `i`, right
    /// before a span word that needs one — is past the count limit, as a `countOutOfRange` hit.
    /// Read only where such a word follows the number, so a line costs one more look per number.
    private func countOutOfRange(at i: Int) -> PatternHit? {
        guard ids.spanCounted >= 0, let n = dates.readNumber(at: i), n.end < tokens.count, has(n.end, ids.spanCounted) else { return nil }
        let unlimited = DateStage(dates.numbers, countLimit: Int(Int32.max))
        guard var hit = unlimited.bestPattern(at: i), hit.match.end > n.end else { return nil }
        switch hot.actions[hit.match.pattern] {
        case .offset, .monthsago: break
        default: return nil
        }
        hit.value = .countOutOfRange
        return hit
    }

    /// A date pattern at `i` whose count is a whole space group (up to 999), taken only when the
    /// date is at most 999 days from today: "500 days ago", not "500 weeks ago".
    private func longCountDate(at i: Int) -> PatternHit? {
        let long = DateStage(dates.numbers, countLimit: DateStage.longCount)
        guard let hit = long.bestPattern(at: i), case .date(let date, _, _) = hit.value else { return nil }
        let today = dates.context.today
        return abs(date.daysSinceEpoch - today.daysSinceEpoch) <= DateStage.longCount ? hit : nil
    }
}
