// DateStage: the dates stage, and with dates everything else the grammar's `pattern` lines
// read: clock times, quantities, recurrences, the numbers of names. At a token it finds the
// longest pattern that matches there and means something (PatternMatcher matches one pattern,
// PatternActions says what a match means against the context's today).

struct DateStage: LineStage {
    let numbers: NumberStage
    /// Set while a `#label` looks ahead for a date or time pattern at its digits (no recursion).
    let checkingLabel: Bool
    /// The largest count of days, weeks or months (`#count`). Counts stay small so that
    /// "кофе 1500 неделю назад" is 1500 for a week ago; a space group after an amount may say
    /// more ("coffee 100 500 days ago", ScanStage), and is read with `longCount`.
    let countLimit: Int
    var line: LineView { numbers.line }

    static let shortCount = 400, longCount = 999

    init(_ numbers: NumberStage, checkingLabel: Bool = false, countLimit: Int = DateStage.shortCount) {
        self.numbers = numbers
        self.checkingLabel = checkingLabel
        self.countLimit = countLimit
    }

    @inline(__always) func readNumber(at i: Int) -> NumberMatch? { numbers.readNumber(at: i) }

    /// The longest pattern match starting at token `i` that means something (ties: the earlier
    /// pattern), with its meaning.
    func bestPattern(at i: Int) -> PatternHit? {
        grammar.elements.withUnsafeBufferPointer { bestPattern(at: i, $0) }
    }

    private func bestPattern(at i: Int, _ all: UnsafeBufferPointer<PatternElement>) -> PatternHit? {
        var best: PatternHit?
        let shapes = builtinShapes(i)
        func attempt(_ p: Int) {
            if let b = best, b.match.pattern == p { return }
            if let first = hot.patternFirstBuiltins[p], first & shapes == 0 {
                return  // it must begin with a builtin this token cannot be
            }
            if hot.patternRequiredClasses[p] & ~lineBits != 0 { return }  // needs a class the line lacks
            if hot.patternRequiredLiterals[p] & ~lineLiterals != 0 { return }  // or a word it lacks
            var caps = Captures()
            let elements = UnsafeBufferPointer(rebasing: all[Int(hot.elementStart[p])..<Int(hot.elementStart[p + 1])])
            var budget = PatternMatcherBudget()
            var end = match(elements, 0, i, i, &caps, &budget)
            if budget.exhausted {
                // Too many ways to try (a rule with many optional elements): match again with every
                // failed (element, token) pair remembered, which bounds the work by their number.
                caps = Captures()
                end = PatternMatcherBudget.withMemo(elements: elements.count, tokens: tokens.count - i + 1, base: i) {
                    match(elements, 0, i, i, &caps, &$0)
                }
            }
            guard end > i else { return }
            if hot.actions[p] == .label, !checkingLabel, aDateRunsPast(i, end) { return }
            if let b = best {
                if end < b.match.end { return }
                if end == b.match.end {
                    // Same length: the line's language first, then the earlier pattern.
                    let mine = hot.patternLanguages[p] == language, theirs = hot.patternLanguages[b.match.pattern] == language
                    if mine != theirs ? !mine : p > b.match.pattern { return }
                }
            }
            if let value = resolve(p, caps) { best = (PatternMatch(pattern: p, start: i, end: end), value) }
        }
        let w = Int(tokens[i].word)
        if w >= 0 {
            for k in Int(hot.literalStart[w])..<Int(hot.literalStart[w + 1]) { attempt(Int(hot.literalList[k])) }
        }
        // A word's entries of one class are usually side by side (one rule line's forms): their
        // class's patterns are tried once. Trying a pattern again could not change `best` (the
        // same match, and the order of matches is total), so skipping a repeat only saves work.
        var previous = -1
        for k in lexRange(i) {
            let id = Int(hot.entryClass[Int(hot.lexEntries[k])])
            if id == previous { continue }
            previous = id
            for b in Int(hot.classStart[id])..<Int(hot.classStart[id + 1]) { attempt(Int(hot.classList[b])) }
        }
        if shapes != 0 {
            // The builtin patterns that can begin with one of these shapes, listed once per grammar.
            let list = ids.shapePatterns, starts = ids.shapeStart
            for k in Int(starts[Int(shapes)])..<Int(starts[Int(shapes) + 1]) { attempt(Int(list[k])) }
        }
        return best
    }

    /// Whether a number inside a name's match (`from..<to`) begins a date or time that reaches
    /// past it: "tickets for 5 december 2025 8000" is a date, not the name "for 5" (a `#label`
    /// looks ahead so itself; `for #count` and the like are checked here).
    func aDateRunsPast(_ from: Int, _ to: Int) -> Bool {
        let ahead = DateStage(numbers, checkingLabel: true, countLimit: countLimit)
        for k in from..<to where tokens[k].kind == .number {
            if let p = ahead.bestPattern(at: k), p.match.end > to, hot.actions[p.match.pattern] != .label { return true }
        }
        return false
    }

    /// Which builtins token `i` could be, as bits of Builtin.bit: a cheap filter before matching.
    /// It mirrors matchBuiltin's own tests, so it never rules out a builtin that would match.
    func builtinShapes(_ i: Int) -> UInt8 {
        let t = tokens[i]
        guard t.kind == .number else { return wordShapes(i) }
        let length = t.normEnd - t.normStart
        var bits: UInt8 = 0
        if t.digitsOnly, let v = t.plainValue?.intValue {
            if length <= 2, v >= 1, v <= 31 {
                bits |= Builtin.day.bit
                // Ordinal only with a suffix after it: "15th", "15-го".
                var k = i + 1
                if isPunct(k, "-") { k += 1 }
                if k < tokens.count, has(k, ids.ordsuffix) { bits |= Builtin.ordday.bit }
            }
            if (length == 4 && v >= 1900 && v <= 2100) || length == 2 { bits |= Builtin.year.bit }
            if v >= 1, v <= countLimit { bits |= Builtin.count.bit }
            if length <= 2, v <= 23 { bits |= Builtin.hour.bit }
            if length <= 4 { bits |= Builtin.label.bit }
        } else {
            bits |= Builtin.count.bit
            // One kind of separator, as NumericForms.Parts requires: ":" for clock times, ".", "/",
            // "-" for dates, "," only in three parts ("2014,04,18").
            var separator: UInt8 = 0, separators = 0, mixed = false
            for k in t.normStart..<t.normEnd where norm[k] < 48 || norm[k] > 57 {
                if separator != 0, norm[k] != separator { mixed = true }
                separator = norm[k]; separators += 1
            }
            if !mixed {
                if separator == UInt8(ascii: ":") {
                    bits |= Builtin.clock.bit
                } else if separator != UInt8(ascii: ",") || separators >= 2 {
                    bits |= Builtin.numdate.bit
                }
            }
        }
        return bits
    }

    /// The builtins a word can be: a day ("first", "twenty-fourth"), a count or an hour (number
    /// words). Words of classes past the 64 bits get every builtin: the filter stays safe.
    func wordShapes(_ i: Int) -> UInt8 {
        let t = tokens[i]
        guard ids.numberStartComplete, ids.ordinal < 64, ids.tens < 64, ids.ones < 64 else { return 0xFF }
        var bits: UInt8 = 0
        if has(i, ids.ordinal) || has(i, ids.tens) { bits |= Builtin.day.bit | Builtin.ordday.bit }
        if t.bits & ids.numberStart != 0 { bits |= Builtin.count.bit }
        if has(i, ids.ones) { bits |= Builtin.hour.bit }
        return bits
    }
}
