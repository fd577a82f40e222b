// NumberStage: the numbers stage. A number phrase starting at a token: digits ("1 500", "1,500.50"), words in
// English and Russian ("two thousand five hundred", "двести пятьдесят", "полторы тысячи"),
// or both ("15 тысяч 500", "1.5k", "2 grand"). One left-to-right pass, so linear in its length;
// every step is overflow-checked. The words and their values come from the grammar's classes
// ones, tens, hundreds, hundred, scale, scale-glued, scale-solo, fraction, plus-half, point, and, one.

struct NumberMatch {
    var value: ExactNumber
    var start: Int
    var end: Int
    var hasWords: Bool
    var hasDigits: Bool
    /// The first grammar entry used (a word, a multiplier), for explanations; -1 for digits only.
    var rule: Int = -1
}

struct NumberStage: LineStage {
    let line: LineView
    /// The memo of readNumber, in the line's scratch memory (numbers are read by amounts, counts
    /// and days alike, so no position is read twice): state per start token, -2 = not read yet,
    /// -1 = no number, 1 = memo holds it.
    private let state: UnsafeMutablePointer<Int8>
    private let memo: UnsafeMutablePointer<NumberMatch>

    init(_ line: LineView, scratch: LineScratch.Buffers) {
        self.line = line
        state = scratch.numberState
        memo = scratch.numberMemo
        state.initialize(repeating: -2, count: line.count)
    }

    private enum Last { case none, digit, ones, tens, hundreds, hundred, scale, fraction, point }

    /// Digits of one token, merged with following space-separated three-digit groups ("450 000").
    func digitNumber(at i: Int) -> (ExactNumber, Int)? {
        let t = tokens[i]
        guard t.kind == .number else { return nil }
        if let head = digitsValue(i), length(i) <= 3, !isDayAfterMonth(i) {
            var value = head
            var j = i + 1
            // At most five more groups (quadrillions): longer runs are not one amount, and the
            // bound keeps a line of ten thousand "000" groups linear.
            while j < tokens.count, j - i <= 5, tokens[j].kind == .number, !tokens[j].glued {
                if let group = digitsValue(j), length(j) == 3 {
                    value = value * 1000 + group; j += 1; continue
                }
                // "12 450,50": a last group with a decimal part.
                let g = numberText(j)
                if g.utf8.count >= 5, g.utf8.count <= 6, g.utf8.prefix(3).allSatisfy({ $0 >= 48 && $0 <= 57 }),
                   let mark = g.dropFirst(3).first, mark == "," || mark == ".",
                   let n = NumericForms.number(String(value) + g, conventions: conventions) {
                    return (n, j + 1)
                }
                break
            }
            if j > i + 1 { return (ExactNumber(units: value), j) }
        }
        guard let n = tokens[i].plainValue else { return nil }
        return (n, i + 1)
    }

    /// "december 5 900": where the month comes first (the language's convention), one or two
    /// digits of a day right after a month name are the day, and a three-digit group after them
    /// is another number — not one amount "5 900". A round group ("5 000") still joins: no one
    /// writes a day so. Nor after a month said as a purpose: "bonus for november 3 275" is 3,275.
    func isDayAfterMonth(_ i: Int) -> Bool {
        guard conventions.monthFirst, i > 0, length(i) <= 2, has(i - 1, ids.month), i + 1 < tokens.count,
              !(i > 1 && has(i - 2, ids.datePurpose)),
              let day = digitsValue(i), day >= 1, day <= 31, let next = digitsValue(i + 1) else { return false }
        return next != 0
    }

    func readNumber(at start: Int) -> NumberMatch? {
        // Most words start no number: answer from the class bits without reading.
        let t = tokens[start]
        if t.kind != .number, t.kind != .word || (ids.numberStartComplete && t.bits & ids.numberStart == 0) { return nil }
        let known = state[start]
        if known == -1 { return nil }
        if known == 1 { return memo[start] }
        let result = readNumberOnce(at: start)
        if let r = result {
            (memo + start).initialize(to: r)
            state[start] = 1
        } else {
            state[start] = -1
        }
        return result
    }

    private func readNumberOnce(at start: Int) -> NumberMatch? {
        var total = ExactNumber.zero, current = ExactNumber.zero
        var lastScale = ExactNumber.zero
        var last = Last.none
        var i = start, end = start
        var hasWords = false, hasDigits = false
        /// The last multiplier said leaves the thousands after it unsaid («2 млн 300»).
        var elides = false
        var onesAt = -1
        var rule = -1
        func note(_ e: Int) { if rule < 0 { rule = e } }
        let n = tokens.count

        func next(_ k: Int) -> Int {  // skip a hyphen between words: twenty-one
            if k < n, tokens[k].isPunct("-"), k + 1 < n, tokens[k + 1].kind == .word { return k + 1 }
            return k
        }
        func isScaleAt(_ k: Int) -> Bool {
            has(k, ids.scale) || has(k, ids.scaleSolo) || (k < n && tokens[k].glued && has(k, ids.scaleGlued))
        }

        loop: while i < n {
            let t = tokens[i]
            if t.kind == .number {
                // «такси три 200»: hundreds in digits after a number word of 1-9 whose thousands
                // went unsaid (only the words of `spoken-thousands-count`).
                if last == .ones, total.isZero, let u = current.intValue, u >= 1, u <= 9,
                   onesAt >= 0, has(onesAt, ids.spokenThousandsCount), t.digitsOnly, t.normEnd - t.normStart == 3,
                   let (value, after) = digitNumber(at: i), after == i + 1, let v = value.intValue, v >= 100, v <= 999,
                   !(after < n && (isScaleAt(after) || has(after, ids.hundred) || has(after, ids.month))),
                   let p = current.multiplied(by: ExactNumber(units: 1000)) {
                    total = p; lastScale = ExactNumber(units: 1000)
                    current = value; last = .digit; hasDigits = true
                    i = after; end = after
                    continue
                }
                // «четыреста 50 тысяч», "two hundred 50k": dictation writes the tens after hundreds
                // said in words as digits — one number, when what follows ends it (a multiplier, a
                // currency, an account's preposition, punctuation, the end), never a count of
                // things or a day («двести 2 раза», «двести 5 декабря»).
                if last == .hundreds || last == .hundred, t.digitsOnly, !t.glued, t.normEnd - t.normStart <= 2,
                   let (value, after) = digitNumber(at: i), after == i + 1, let v = value.intValue, v >= 1, v <= 99,
                   let h = current.intValue, h % 100 == 0,
                   after == n || tokens[after].kind == .punct || isScaleAt(after)
                    || [ids.currency, ids.from, ids.to, ids.sep, ids.stop].contains(where: { has(after, $0) }),
                   !(after < n && has(after, ids.month)), let sum = current.adding(value) {
                    current = sum; last = .digit; hasDigits = true
                    i = after; end = after
                    continue
                }
                guard last == .none || last == .scale, current.isZero,
                      let (value, after) = digitNumber(at: i) else { break }
                // "18 тысяч 20 ноября", "two thousand 5 march", «150к 15 числа»: a day right before
                // its month or a `day-word` starts the date; it is not the tail of the amount
                // ("18 тысяч 300" still is).
                if last == .scale, after == i + 1, has(after, ids.month) || (ids.dayWord >= 0 && has(after, ids.dayWord)),
                   let day = value.intValue, day >= 1, day <= 31 { break }
                // "15k 2day": digits glued to the letters after them that the grammar knows as
                // one word begin that word, not the amount's tail.
                if last == .scale, t.word >= 0, !t.glued, after == i + 1, after < n, tokens[after].glued,
                   tokens[after].kind == .word { break }
                current = value; last = .digit; hasDigits = true
                i = after; end = after
                continue
            }
            guard t.kind == .word else { break }
            if last == .none, let (e, after) = matchClass(i, ids.scaleFirst), let scaleValue = hot.entryNumber[e] {
                // «тысяч на восемь», «тысяч 500»: the multiplier said before its count.
                guard let (count, countEnd, digits) = countAfterScale(after) else { break }
                // «по тысячи двести»: a paucal form before hundreds it cannot agree with is the
                // multiplier said once, its hundreds after it (1,200), read on as after «тысяча».
                if after == i + 1, has(i, ids.scalePaucal), let c = count.intValue, c >= 100, !NumberStage.paucalAgrees(c) {
                    total = scaleValue; lastScale = scaleValue; last = .scale
                    elides = has(i, ids.elidedThousands)
                    note(e)
                    hasWords = true
                    i = after; end = after
                    continue
                }
                guard let p = count.multiplied(by: scaleValue) else { break }
                total = p; hasWords = true; hasDigits = digits; end = countEnd
                note(e)
                break loop
            }
            if let e = entry(i, ids.ones), let v = hot.entryNumber[e] {
                note(e)
                let ok: Bool
                switch last {
                case .none, .scale, .hundreds, .hundred: ok = true
                case .tens: ok = !v.isZero && v.intValue.map { $0 < 10 } ?? false
                default: ok = false
                }
                guard ok, let sum = current.adding(v) else { break }
                current = sum; last = .ones; onesAt = i
            } else if let e = entry(i, ids.tens), let v = hot.entryNumber[e] {
                note(e)
                guard last == .none || last == .scale || last == .hundreds || last == .hundred,
                      let sum = current.adding(v) else { break }
                current = sum; last = .tens
            } else if let e = entry(i, ids.hundreds), let v = hot.entryNumber[e] {
                note(e)
                // "две четыреста": the thousands left unsaid (only the words of `spoken-thousands`,
                // so "две сотни" stays two hundred and is not read so).
                if last == .ones, total.isZero, let u = current.intValue, u >= 1, u <= 9, has(i, ids.spokenThousands),
                   let p = current.multiplied(by: ExactNumber(units: 1000)) {
                    total = p; lastScale = ExactNumber(units: 1000)
                    current = v; last = .hundreds
                    hasWords = true
                    i += 1; end = i
                    i = next(i)
                    continue
                }
                guard last == .none || last == .scale, current.isZero else { break }
                current = v; last = .hundreds
            } else if let e = entry(i, ids.hundred), let v = hot.entryNumber[e] {
                note(e)
                guard last == .ones || last == .tens || last == .digit || last == .none,
                      current < ExactNumber(units: 100) else { break }
                guard let p = (current.isZero ? ExactNumber(units: 1) : current).multiplied(by: v) else { break }
                current = p; last = .hundred
            } else if let (scaleEntry, scaleValue) = scaleWord(at: i, afterNumber: last != .none) {
                if last == .none && !has(i, ids.scaleSolo) { break }
                // Past Int64 the number is still read whole ("9999999999 billion"), as one too
                // large to be money (the draft stage refuses it), never by dropping the scale.
                // A scale right after one as large multiplies it too: "two thousand thousand",
                // «2 тысячи тысяч» and "5 k k" are millions, never a thousand added on.
                if current.isZero, !total.isZero, lastScale < scaleValue || lastScale == scaleValue {
                    total = total.multiplied(by: scaleValue) ?? ExactNumber.tooLarge
                } else {
                    let p = (current.isZero ? ExactNumber(units: 1) : current).multiplied(by: scaleValue) ?? ExactNumber.tooLarge
                    total = total.adding(p) ?? ExactNumber.tooLarge
                }
                current = .zero; lastScale = scaleValue; last = .scale
                elides = has(i, ids.elidedThousands)
                note(scaleEntry)
            } else if let (e, end) = matchClass(i, ids.fraction), let v = hot.entryNumber[e], last == .none {
                // "half million", "полторы тысячи": a fraction needs a scale after it; an article
                // between ("half a million") counts nothing of its own. A fraction may be a phrase
                // ("quarter of": "a quarter of a million").
                var k = skipPunct(end)
                let article = k < n && has(k, ids.one) && hot.entryNumber[entry(k, ids.one) ?? 0] == nil
                if article { k = skipPunct(k + 1) }
                guard isScaleAt(k) || has(k, ids.hundred) else { break }
                current = v; last = .fraction
                note(e)
                i = end - 1
                if article { i = skipPunct(i + 1) }
            } else if ids.plusHalf >= 0, last == .ones || last == .tens || last == .digit,
                      let (e, after) = matchClass(i, ids.plusHalf) {
                guard let s = current.adding(ExactNumber(units: 5, fractionDigits: 1)) else { break }
                current = s
                note(e)
                i = after; end = after; hasWords = true
                continue
            } else if ids.plusHalf >= 0, last == .scale, current.isZero, !lastScale.isZero,
                      let (e, after) = matchClass(i, ids.plusHalf) {
                // "a thousand and a half", "тысяча с половиной": half of the multiplier just said.
                guard let half = lastScale.multiplied(by: ExactNumber(units: 5, fractionDigits: 1)),
                      let s = total.adding(half) else { break }
                total = s
                note(e)
                i = after; end = after; hasWords = true
                continue
            } else if let e = entry(i, ids.one), last == .none {
                // "a hundred", "a thousand", "a couple thousand", «пару сотен»: the article counts
                // as one (a `one` word with a value as that value) only before a multiplier.
                let k = skipPunct(i + 1)
                guard k < n, has(k, ids.hundred) || has(k, ids.scale) || has(k, ids.scaleSolo) else { break }
                current = hot.entryNumber[e] ?? ExactNumber(units: 1); last = .ones
                note(e)
            } else if has(i, ids.point), last != .none, last != .point {
                guard let (frac, after) = readDecimals(at: i + 1), let s = current.adding(frac) else { break }
                current = s; last = .point
                i = after; end = after; hasWords = true
                continue
            } else if has(i, ids.and), last == .hundred || last == .scale || last == .hundreds {
                let k = next(i + 1)
                guard k < n, tokens[k].kind == .word,
                      has(k, ids.ones) || has(k, ids.tens) || has(k, ids.hundreds) else { break }
                i = k
                continue
            } else {
                break
            }
            hasWords = true
            i += 1; end = i
            i = next(i)
        }
        // «2 млн 300», «два миллиона триста»: a count below 1,000 said alone after a multiplier
        // of `elided-thousands` counts thousands.
        if elides, last != .scale, last != .point, last != .fraction, let v = current.intValue, v >= 1, v <= 999,
           ExactNumber(units: 1000) < lastScale, let p = current.multiplied(by: ExactNumber(units: 1000)) {
            current = p
        }
        guard end > start, let value = total.adding(current) else { return nil }
        // "1e3", "1e308": digits in scientific notation are no amount anyone says — never the
        // digits before the "e" (it was ₸1 with "e308" in the note): the words stay in the
        // note and the amount is asked for, as `edit … amount 1e9` is refused.
        if hasDigits, !hasWords, end + 1 < n, tokens[end].glued, tokens[end].kind == .word, tokens[end].scalar == 0x65,
           tokens[end + 1].glued, tokens[end + 1].kind == .number {
            return nil
        }
        return NumberMatch(value: value, start: start, end: end, hasWords: hasWords, hasDigits: hasDigits, rule: rule)
    }

    /// The count at `k` after a multiplier said first («тысяч на восемь», «тысяч 500»): 1-999
    /// in digits or words; not a day before its month («тысяч 20 ноября»).
    private func countAfterScale(_ k: Int) -> (ExactNumber, Int, Bool)? {
        guard k < tokens.count else { return nil }
        if tokens[k].kind == .number {
            guard let v = digitsValue(k), v >= 1, v <= 999, !has(k + 1, ids.month) else { return nil }
            return (ExactNumber(units: v), k + 1, true)
        }
        // A half said with the count counts too: «тысячи три с половиной» is 3,500.
        guard has(k, ids.ones) || has(k, ids.tens) || has(k, ids.hundreds),
              let sub = readNumber(at: k), let twice = sub.value.multiplied(by: ExactNumber(units: 2))?.intValue,
              twice >= 2, twice <= 1998 else { return nil }
        return (sub.value, sub.end, false)
    }

    /// Whether a count takes the paucal form of a multiplier: it ends in 2, 3 or 4, not 12–14.
    static func paucalAgrees(_ count: Int64) -> Bool {
        (2...4).contains(count % 10) && !(12...14).contains(count % 100)
    }

    /// A multiplier at `i`: "thousand", "тыс", "k" (spaced or glued), "m"/"b" only glued to digits.
    func scaleWord(at i: Int, afterNumber: Bool) -> (Int, ExactNumber)? {
        if let e = entry(i, ids.scale) ?? entry(i, ids.scaleSolo), let v = hot.entryNumber[e] { return (e, v) }
        if afterNumber, tokens[i].glued, let e = entry(i, ids.scaleGlued), let v = hot.entryNumber[e] { return (e, v) }
        return nil
    }

    /// Digits after "point": a digit token, or number words read digit by digit ("nought four" → .04,
    /// "seventy-one" → .71).
    func readDecimals(at start: Int) -> (ExactNumber, Int)? {
        let i = skipPunct(start)
        guard i < tokens.count else { return nil }
        if tokens[i].kind == .number {
            guard tokens[i].digitsOnly else { return nil }
            return NumericForms.decimal(whole: "0", fraction: Substring(numberText(i))).map { ($0, i + 1) }
        }
        var digits = ""
        var j = i
        while j < tokens.count, digits.count < 9 {
            if let v = entry(j, ids.ones).flatMap(intValue), v >= 0, v <= 9 {
                digits += String(v); j += 1
            } else if let v = entry(j, ids.tens).flatMap(intValue) {
                var k = j + 1
                if isPunct(k, "-") { k += 1 }
                if let u = entry(k, ids.ones).flatMap(intValue), u >= 1, u <= 9 {
                    digits += String(v + u); j = k + 1
                } else {
                    digits += String(v); j += 1
                }
            } else { break }
        }
        guard !digits.isEmpty else { return nil }
        return NumericForms.decimal(whole: "0", fraction: Substring(digits)).map { ($0, j) }
    }
}
