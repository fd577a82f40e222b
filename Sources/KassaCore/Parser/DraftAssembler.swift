// DraftAssembler: turns one scanned line into drafts. It splits the line into parts (one amount
// each: at "and"/"и"/commas, else after an amount and what follows it), carries the date,
// account and currency said once forward to later parts, and fills each draft's fields, flags,
// explanations and questions.

struct Part {
    var start: Int
    var end: Int
    var money: Int?
}

extension LineReading {
    func assemble(_ s: inout LineScan, parser: Parser) -> (drafts: [Draft], reasons: [Why], questions: [Question]) {
        // A lone "15.02" with nothing else to be the amount is the amount 15.02.
        if s.moneys.isEmpty {
            for (k, p) in s.patterns.enumerated() {
                guard case .date(_, let weak, _) = p.value, weak, p.match.end == p.match.start + 1,
                      let value = NumericForms.number(numberText(p.match.start), language: language) else { continue }
                let number = NumberMatch(value: value, start: p.match.start, end: p.match.end, hasWords: false,
                                         hasDigits: true)
                s.moneys.append(MoneyMatch(value: value, currency: nil, start: p.match.start, end: p.match.end,
                                           number: number))
                s.roles[p.match.start] = .money(0)
                s.patterns[k].value = .quantity  // no longer a date
                break
            }
        }
        markQuantities(&s)
        let parts = split(s)
        var drafts: [Draft] = []
        var reasons: [Why] = []  // all drafts' explanations in one list, each marked with its draft
        reasons.reserveCapacity(parts.count * 6)
        var questions: [Question] = []
        var carry = Carry()
        // A date said only in the last part of several applies to all of them.
        if parts.count > 1, firstDate(s, parts[parts.count - 1]) != nil,
           !parts.dropLast().contains(where: { firstDate(s, $0) != nil }) {
            carry.date = firstDate(s, parts[parts.count - 1])
        }
        for part in parts {
            let (draft, asks) = build(part, s, &carry, index: drafts.count, reasons: &reasons, parser: parser)
            drafts.append(draft)
            questions += asks
        }
        return (drafts, reasons, questions)
    }

    struct Carry {
        var date: (CivilDate, Why, CivilDate?)?
        var account: (String, Why)?
        var currency: (Currency, Why)?
    }

    func isPlain(_ s: LineScan, _ k: Int) -> Bool {
        switch s.roles[k] {
        case .plain, .sep: return tokens[k].kind != .punct  // a separator inside a part is a word of it
        default: break
        }
        if case .money(let m) = s.roles[k], s.moneys[m].isQuantity { return true }
        return false
    }

    /// "two coffees 3000", "2 кофе 1500": a small number right before a word, with the real amount
    /// after it in the same part, counts things rather than money.
    func markQuantities(_ s: inout LineScan) {
        guard s.moneys.count > 1 else { return }
        for k in 0..<(s.moneys.count - 1) {
            let m = s.moneys[k], next = s.moneys[k + 1]
            guard m.currency == nil, let v = m.value.intValue, v > 0, v <= 20,
                  m.end < tokens.count, tokens[m.end].kind == .word, case .plain = s.roles[m.end] else { continue }
            var separated = false
            for j in m.end..<next.start { if case .sep = s.roles[j] { separated = true } }
            if !separated { s.moneys[k].isQuantity = true }
        }
    }

    func split(_ s: LineScan) -> [Part] {
        // The amounts are the moneys that are not quantities; walked in place, not listed.
        func nextAmount(after k: Int) -> Int? {
            var j = k + 1
            while j < s.moneys.count, s.moneys[j].isQuantity { j += 1 }
            return j < s.moneys.count ? j : nil
        }
        guard let firstAmount = nextAmount(after: -1), var next = nextAmount(after: firstAmount) else {
            return [Part(start: 0, end: tokens.count, money: nextAmount(after: -1))]
        }
        var noteFirst = false
        for k in 0..<s.moneys[firstAmount].start where isPlain(s, k) && !has(k, ids.stop) { noteFirst = true }
        var parts: [Part] = []
        var start = 0
        var a = firstAmount
        while true {
            let m = s.moneys[a], following = s.moneys[next]
            var sep: Int?
            for j in m.end..<following.start { if case .sep = s.roles[j] { sep = j } }
            if let j = sep {
                parts.append(Part(start: start, end: j, money: a))
                start = j + 1
            } else if noteFirst {
                var b = m.end
                while b < following.start, !isPlain(s, b) { b += 1 }
                parts.append(Part(start: start, end: b, money: a))
                start = b
            } else {
                parts.append(Part(start: start, end: following.start, money: a))
                start = following.start
            }
            a = next
            guard let after = nextAmount(after: next) else { break }
            next = after
        }
        parts.append(Part(start: start, end: tokens.count, money: a))
        return parts
    }

    func firstDate(_ s: LineScan, _ part: Part) -> (CivilDate, Why, CivilDate?)? {
        var k = part.start
        while k < part.end {
            if case .pattern(let p) = s.roles[k] {
                let pm = s.patterns[p]
                if case .date(let d, _, let alt) = pm.value {
                    return (d, why("date", pm.match.start, pm.match.end, .pattern(Int32(pm.match.pattern))), alt)
                }
                k = pm.match.end
            } else { k += 1 }
        }
        return nil
    }
}
