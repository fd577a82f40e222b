// PatternMatcher: runs the grammar's `pattern` lines over the tokens. Elements are literal words,
// `@class` references and `#builtin` token shapes; `?` makes one optional. Punctuation between
// elements is skipped ("Sun., March 6, 2016"). Matching is greedy with backtracking over the
// optional elements; patterns are bucketed by their possible first element, so a token tries
// only the few patterns that can start there.

struct Captures {
    var relday: Int?
    var span: Int?
    var dir: Int?
    var weekday: Int?
    var month: Int?
    var last = false
    var lastweek = false
    var prevmonth = false
    var ampm: Int?
    var daypart: String?
    var recurrence: String?
    var day: Int?
    var dayIsOrdinal = false
    var year: Int?
    var count: ExactNumber?
    var hour: Int?
    var minute: Int?
    var numdate: NumericDate?
}

struct PatternMatch {
    var pattern: Int
    var start: Int
    var end: Int
    var captures: Captures
}

extension LineReading {
    /// The longest pattern match starting at token `i` (ties: the earlier pattern).
    func bestPattern(at i: Int, accept: (PatternMatch) -> Bool) -> PatternMatch? {
        var candidates: [Int] = []
        if let b = grammar.literalBuckets[tokens[i].text] { candidates += b }
        for e in entries[i] {
            let id = grammar.entries[e].classID
            if id < grammar.classBuckets.count { candidates += grammar.classBuckets[id] }
        }
        if tokens[i].kind == .number || !entries[i].isEmpty { candidates += grammar.builtinBuckets }
        guard !candidates.isEmpty else { return nil }
        candidates.sort()
        var best: PatternMatch?
        var previous = -1
        for p in candidates where p != previous {
            previous = p
            guard let (end, caps) = match(grammar.patterns[p].elements, 0, i, Captures(), i),
                  end > i else { continue }
            let m = PatternMatch(pattern: p, start: i, end: end, captures: caps)
            if best == nil || end > best!.end, accept(m) { best = m }
        }
        return best
    }

    private func match(_ elements: [PatternElement], _ e: Int, _ pos: Int, _ caps: Captures, _ lastEnd: Int) -> (Int, Captures)? {
        if e == elements.count { return (lastEnd, caps) }
        let element = elements[e]
        let j = e == 0 ? pos : skipPunct(pos)
        if j < tokens.count {
            var c = caps
            if let end = matchElement(element, at: j, &c), let r = match(elements, e + 1, end, c, end) { return r }
        }
        if element.optional { return match(elements, e + 1, pos, caps, lastEnd) }
        return nil
    }

    private func matchElement(_ element: PatternElement, at j: Int, _ caps: inout Captures) -> Int? {
        switch element.kind {
        case .literal(let words):
            return words.contains(tokens[j].text) ? j + 1 : nil
        case .classRef(let cls):
            guard let (e, end) = matchClass(j, cls) else { return nil }
            let entry = grammar.entries[e]
            switch cls < ids.slots.count ? ids.slots[cls] : .none {
            case .none: break
            case .relday: caps.relday = entry.intValue
            case .span: caps.span = entry.intValue
            case .dir: caps.dir = entry.intValue
            case .weekday: caps.weekday = entry.intValue
            case .month: caps.month = entry.intValue
            case .last: caps.last = true
            case .lastweek: caps.lastweek = true
            case .prevmonth: caps.prevmonth = true
            case .ampm: caps.ampm = entry.intValue
            case .daypart: caps.daypart = entry.value
            case .recurrence: caps.recurrence = entry.value
            }
            return end
        case .builtin(let b):
            return matchBuiltin(b, at: j, &caps)
        }
    }

    private func matchBuiltin(_ b: Builtin, at j: Int, _ caps: inout Captures) -> Int? {
        let t = tokens[j]
        switch b {
        case .day, .ordday:
            guard let (day, end, ordinal) = dayOfMonth(at: j), b == .day || ordinal else { return nil }
            caps.day = day; caps.dayIsOrdinal = ordinal
            return end
        case .year:
            guard t.kind == .number, let v = NumericForms.digitsValue(Substring(t.text)) else { return nil }
            if t.text.count == 4, v >= 1900, v <= 2100 { caps.year = Int(v); return j + 1 }
            if t.text.count == 2 { caps.year = NumericForms.pivotYear(Int(v), today: context.today); return j + 1 }
            return nil
        case .count:
            // Counts of days and weeks stay small: "кофе 1500 неделю назад" is 1500 for a week ago.
            guard let n = readNumber(at: j), n.value.isInteger, let v = n.value.intValue, v > 0, v <= 400 else { return nil }
            caps.count = n.value
            return n.end
        case .numdate:
            guard t.kind == .number, let d = NumericForms.date(t.text, language: language, today: context.today) else { return nil }
            caps.numdate = d
            return j + 1
        case .clock:
            guard t.kind == .number, let time = NumericForms.clock(t.text) else { return nil }
            caps.hour = time.hour; caps.minute = time.minute
            return j + 1
        case .hour:
            if t.kind == .number {
                guard t.text.count <= 2, let v = NumericForms.digitsValue(Substring(t.text)), v <= 23 else { return nil }
                caps.hour = Int(v); caps.minute = 0
                return j + 1
            }
            guard let v = entry(j, ids.ones)?.intValue, v >= 1, v <= 12 else { return nil }
            caps.hour = v; caps.minute = 0
            return j + 1
        }
    }

    /// 1-31 as digits with an optional ordinal suffix ("15th", "18-го"), or an ordinal word with an
    /// optional tens word before it ("twenty-fourth", "двадцать пятое"). Returns (day, end, ordinal).
    func dayOfMonth(at j: Int) -> (Int, Int, Bool)? {
        let t = tokens[j]
        if t.kind == .number {
            guard t.text.count <= 2, let v = NumericForms.digitsValue(Substring(t.text)), v >= 1, v <= 31 else { return nil }
            var k = j + 1
            if k < tokens.count, tokens[k].text == "-" { k += 1 }
            if k < tokens.count, (tokens[k].glued || k > j + 1), has(k, ids.ordsuffix) { return (Int(v), k + 1, true) }
            return (Int(v), j + 1, false)
        }
        if let o = entry(j, ids.ordinal)?.intValue { return (o, j + 1, true) }
        if let tens = entry(j, ids.tens)?.intValue, tens == 20 || tens == 30 {
            var k = j + 1
            if k < tokens.count, tokens[k].text == "-" { k += 1 }
            if let o = entry(k, ids.ordinal)?.intValue, o < 10, tens + o <= 31 { return (tens + o, k + 1, true) }
        }
        return nil
    }
}
