// PatternMatcher: how the dates stage (DateStage) runs one of the grammar's `pattern` lines over the tokens. Elements are literal words,
// `@class` references and `#builtin` token shapes; `?` makes one optional. Punctuation between
// elements is skipped ("Sun., March 6, 2016"). Matching is greedy with backtracking over the
// optional elements; patterns are bucketed by their possible first element, so a token tries
// only the few patterns that can start there. Captures are small plain values, copied only
// where the matcher backtracks.

struct Captures {
    static let none: Int32 = .min
    var _relday = none, _span = none, _dir = none, _weekday = none, _month = none, _ampm = none
    var _day = none, _year = none, _hour = none, _minute = none
    /// Entry indices of the daypart and recurrence words, -1 when none.
    var daypart: Int32 = -1
    var recurrence: Int32 = -1
    /// A named day's month and day as MMDD ("christmas" 1225), none when no holiday was said.
    var _holiday = none
    var last = false, lastweek = false, prevmonth = false, next = false, dayIsOrdinal = false
    var _count = none
    var numdate: NumericDate?
    var count: ExactNumber? {
        get { _count == Captures.none ? nil : ExactNumber(units: Int64(_count)) }
        set { _count = newValue?.intValue.map { Int32(clamping: $0) } ?? Captures.none }
    }

    static func get(_ v: Int32) -> Int? { v == none ? nil : Int(v) }
    static func put(_ v: Int?) -> Int32 {
        guard let v = v, v > Int(Int32.min), v <= Int(Int32.max) else { return none }
        return Int32(v)
    }
    var relday: Int? { get { Captures.get(_relday) } set { _relday = Captures.put(newValue) } }
    var span: Int? { get { Captures.get(_span) } set { _span = Captures.put(newValue) } }
    var dir: Int? { get { Captures.get(_dir) } set { _dir = Captures.put(newValue) } }
    var weekday: Int? { get { Captures.get(_weekday) } set { _weekday = Captures.put(newValue) } }
    var month: Int? { get { Captures.get(_month) } set { _month = Captures.put(newValue) } }
    var ampm: Int? { get { Captures.get(_ampm) } set { _ampm = Captures.put(newValue) } }
    var day: Int? { get { Captures.get(_day) } set { _day = Captures.put(newValue) } }
    var year: Int? { get { Captures.get(_year) } set { _year = Captures.put(newValue) } }
    var hour: Int? { get { Captures.get(_hour) } set { _hour = Captures.put(newValue) } }
    var minute: Int? { get { Captures.get(_minute) } set { _minute = Captures.put(newValue) } }
    var holiday: Int? { get { Captures.get(_holiday) } set { _holiday = Captures.put(newValue) } }
}

/// Where a pattern matched. Its captures are resolved into a Recognized value right away, so
/// only this small record is kept.
struct PatternMatch {
    var pattern: Int
    var start: Int
    var end: Int
}

extension DateStage {
    /// The end of a match of elements[e...] from `pos`, or -1; `caps` holds its captures.
    /// Whether elements[e...] can match from `pos` does not depend on the captures so far, so a
    /// failure at (e, pos) is remembered once the plain search has taken too many steps: the
    /// work is then bounded by elements × tokens whatever the rule (`@span? ×30 ago` included).
    func match(_ elements: UnsafeBufferPointer<PatternElement>, _ e: Int, _ pos: Int, _ lastEnd: Int,
                       _ caps: inout Captures, _ budget: inout PatternMatcherBudget) -> Int {
        if e == elements.count { return lastEnd }
        if budget.failed(e, pos) { return -1 }
        guard budget.step() else { return -1 }
        let element = elements[e]
        let j = e == 0 ? pos : skipPunct(pos)
        if j < tokens.count {
            let saved = caps
            if let end = matchElement(element, at: j, &caps) {
                let r = match(elements, e + 1, end, end, &caps, &budget)
                if r >= 0 { return r }
            }
            caps = saved
        }
        if element.optional {
            let r = match(elements, e + 1, pos, lastEnd, &caps, &budget)
            if r >= 0 { return r }
        }
        budget.fail(e, pos)
        return -1
    }

    fileprivate func matchElement(_ element: PatternElement, at j: Int, _ caps: inout Captures) -> Int? {
        switch element.kind {
        case .literal(let start, let count):
            let w = tokens[j].word
            guard w >= 0 else { return nil }
            for k in Int(start)..<Int(start + count) where hot.literalWords[k] == w { return j + 1 }
            return nil
        case .classRef(let cls):
            guard let (e, end) = matchClass(j, cls) else { return nil }
            let value = intValue(e)
            switch cls < ids.slots.count ? ids.slots[cls] : .none {
            case .none: break
            case .relday: caps.relday = value
            case .span: caps.span = value
            case .dir: caps.dir = value
            case .weekday: caps.weekday = value
            case .month: caps.month = value
            case .last: caps.last = true
            case .lastweek: caps.lastweek = true
            case .prevmonth: caps.prevmonth = true
            case .next: caps.next = true
            case .ampm: caps.ampm = value
            case .daypart: caps.daypart = Int32(e)
            case .holiday: caps.holiday = value
            case .recurrence: caps.recurrence = Int32(e)
            case .every: caps.count = value.map { ExactNumber(units: Int64($0)) }
            }
            return end
        case .builtin(let b):
            return matchBuiltin(b, at: j, &caps)
        }
    }

    fileprivate func matchBuiltin(_ b: Builtin, at j: Int, _ caps: inout Captures) -> Int? {
        let t = tokens[j]
        switch b {
        case .day, .ordday:
            guard let (day, end, ordinal) = dayOfMonth(at: j), b == .day || ordinal else { return nil }
            caps.day = day; caps.dayIsOrdinal = ordinal
            return end
        case .year:
            guard let v = digitsValue(j), !numberGoesOn(after: j) else { return nil }
            if length(j) == 4, v >= 1900, v <= 2100 { caps.year = Int(v); return j + 1 }
            if length(j) == 2 { caps.year = NumericForms.pivotYear(Int(v), today: context.today); return j + 1 }
            return nil
        case .count:
            // Counts of days and weeks stay small: "кофе 1500 неделю назад" is 1500 for a week ago.
            guard let n = readNumber(at: j), let v = n.value.intValue, v > 0, v <= countLimit else { return nil }
            // A minus glued before the digits ("every -1 days") makes no count of anything.
            if t.glued, j > 0, [0x2D, 0x2212, 0x2013].contains(tokens[j - 1].scalar) { return nil }
            caps.count = n.value
            return n.end
        case .numdate:
            guard t.kind == .number, let d = NumericForms.date(numberText(j), conventions: conventions, today: context.today)
            else { return nil }
            caps.numdate = d
            return j + 1
        case .clock:
            guard t.kind == .number, let time = NumericForms.clock(numberText(j)) else { return nil }
            caps.hour = time.hour; caps.minute = time.minute
            return j + 1
        case .label:
            // A name's number ("route 37", "iPhone 15", "2024 год"): one digits token, no grouping.
            guard t.kind == .number, t.digitsOnly, length(j) <= 4, let v = digitsValue(j) else { return nil }
            // "автобус 12 450,50": a number after it that is not a plain group makes one amount.
            if j + 1 < tokens.count, tokens[j + 1].kind == .number, !tokens[j + 1].glued, !tokens[j + 1].digitsOnly {
                return nil
            }
            // "автобус 5 дней назад": the digits begin a date or time, not a name.
            if !checkingLabel {
                let ahead = DateStage(numbers, checkingLabel: true, countLimit: countLimit)
                if let p = ahead.bestPattern(at: j), p.match.end > j + 1, hot.actions[p.match.pattern] != .label { return nil }
            }
            if numberGoesOn(after: j) {
                // "to shymkent 38 900", «от давления 5 670»: after a place's or a thing's name
                // the digits go on as one amount — a house number is said apart from the price.
                if j > 0, isUnknownName(j - 1) { return nil }
                // "bus number 12 150 tenge": a small name number before a price; but "5 000",
                // "150 000" and "37 тенге" are amounts.
                guard v < 100, j + 1 < tokens.count, let group = digitsValue(j + 1), group != 0 else { return nil }
            }
            return j + 1
        case .name:
            // A proper name the grammar cannot know ("Сатпаева", "Abay"): an unknown word of
            // letters, at least three, not an account as engines mishear it ("Caspi").
            guard isUnknownName(j) else { return nil }
            return j + 1
        case .hour:
            if t.kind == .number {
                guard length(j) <= 2, let v = digitsValue(j), v <= 23, !numberGoesOn(after: j) else { return nil }
                caps.hour = Int(v); caps.minute = 0
                return j + 1
            }
            guard let v = entry(j, ids.ones).flatMap(intValue), v >= 1, v <= 12 else { return nil }
            // "at twelve hundred each": the words go on as an amount, not a clock time.
            if j + 1 < tokens.count, has(j + 1, ids.hundred) || has(j + 1, ids.scale) || has(j + 1, ids.scaleSolo) { return nil }
            caps.hour = v; caps.minute = 0
            return j + 1
        }
    }

    /// Whether the digits at `j` are the head of a longer amount: a three-digit group after a
    /// space ("12 000", "3 275"), a multiplier ("10 тысяч", "12 hundred") or a currency ("20 долларов"). Then
    /// they are not a day, a year or an hour ("8 марта 12 000 тенге", "november 3 275").
    func numberGoesOn(after j: Int) -> Bool {
        let k = j + 1
        guard k < tokens.count else { return false }
        // Only a head of at most three digits takes groups after it (NumberReader.digitNumber).
        if tokens[k].kind == .number {
            return length(j) <= 3 && !tokens[k].glued && tokens[k].digitsOnly && length(k) == 3 && !numbers.isDayAfterMonth(j)
        }
        return has(k, ids.scale) || has(k, ids.scaleSolo) || has(k, ids.hundred) || (tokens[k].glued && has(k, ids.scaleGlued))
            || has(k, ids.currency) || has(k, ids.currencyAfter)
    }

    /// 1-31 as digits with an optional ordinal suffix ("15th", "18-го"), or an ordinal word with an
    /// optional tens word before it ("twenty-fourth", "двадцать пятое"). Returns (day, end, ordinal).
    func dayOfMonth(at j: Int) -> (Int, Int, Bool)? {
        let t = tokens[j]
        if t.kind == .number {
            guard length(j) <= 2, let v = digitsValue(j), v >= 1, v <= 31, !numberGoesOn(after: j) else { return nil }
            var k = j + 1
            if isPunct(k, "-") { k += 1 }
            if k < tokens.count, (tokens[k].glued || k > j + 1), has(k, ids.ordsuffix) { return (Int(v), k + 1, true) }
            return (Int(v), j + 1, false)
        }
        if let o = entry(j, ids.ordinal).flatMap(intValue) { return (o, j + 1, true) }
        if let tens = entry(j, ids.tens).flatMap(intValue), tens == 20 || tens == 30 {
            var k = j + 1
            if isPunct(k, "-") { k += 1 }
            if let o = entry(k, ids.ordinal).flatMap(intValue), o < 10, tens + o <= 31 { return (tens + o, k + 1, true) }
        }
        return nil
    }
}

/// The work one pattern match may do before it switches to remembering failures, and then the
/// failures: one bit per (element, token) pair. A plain value (no reference counting on the hot
/// path); the bits exist only while a memoized match runs (`withMemo`).
struct PatternMatcherBudget {
    static let plainSteps = 2_000
    private var steps = 0
    private(set) var exhausted = false
    private var bits: UnsafeMutablePointer<UInt64>?
    private var tokens = 0
    private var base = 0

    init() {}

    /// Runs `body` with a budget that remembers failures over `elements` × `tokens` pairs.
    static func withMemo<R>(elements: Int, tokens: Int, base: Int, _ body: (inout PatternMatcherBudget) -> R) -> R {
        let words = (elements * tokens + 63) / 64
        let memory = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, words))
        memory.initialize(repeating: 0, count: max(1, words))
        defer { memory.deallocate() }
        var budget = PatternMatcherBudget()
        budget.bits = memory
        budget.tokens = tokens
        budget.base = base
        budget.steps = Int.min / 2  // memoized: never exhausted
        return body(&budget)
    }

    mutating func step() -> Bool {
        steps += 1
        if steps > PatternMatcherBudget.plainSteps { exhausted = true; return false }
        return true
    }

    func failed(_ e: Int, _ pos: Int) -> Bool {
        guard let bits, pos - base < tokens else { return false }
        let k = e * tokens + pos - base
        return bits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }

    mutating func fail(_ e: Int, _ pos: Int) {
        guard let bits, pos - base < tokens else { return }
        let k = e * tokens + pos - base
        bits[k >> 6] |= 1 << UInt64(k & 63)
    }
}

