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
        while i < n {
            let t = tokens[i]
            if t.kind == .punct {
                s.roles[i] = t.scalar == 0x2C || t.scalar == 0x3B || line.endsSentence(i) ? .sep : .punct
                i += 1
                continue
            }
            if let (_, end) = matchClass(i, ids.filler) {
                for k in i..<end { s.roles[k] = .filler }
                i = end
                continue
            }
            var pattern: PatternHit?
            if t.kind == .number || (t.word >= 0 && hot.wordStartsPattern[Int(t.word)]) { pattern = dates.bestPattern(at: i) }
            var money: MoneyMatch?
            if t.kind == .number || hasEntries(i) { money = self.money.readMoney(at: i) }
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
}
