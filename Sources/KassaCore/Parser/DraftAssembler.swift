// DraftAssembler: how the drafts stage (DraftStage) turns one scanned line into drafts. It splits the line into parts (one amount
// each: at "and"/"и"/commas, else after an amount and what follows it), carries the date,
// account and currency said once forward to later parts, and fills each draft's fields, flags,
// explanations and questions.

struct Part {
    var start: Int
    var end: Int
    var money: Int?
}

extension DraftStage {
    /// The most patterns and amounts a line may have for its names and years to be weighed as
    /// prices: twice the drafts a line may give (Parser.maxDraftsPerLine).
    static let weighedReadings = 2 * Parser.maxDraftsPerLine

    func assemble(_ s: inout LineScan) -> (drafts: [Draft], reasons: [Why], questions: [Question], error: ParseError?) {
        // A name's number is the amount when nothing else is ("bus 150"); then, a lone "15.02"
        // with nothing else to be the amount is the amount 15.02.
        // Names and years that may be prices are weighed against the amounts of their stretch of
        // the line: quadratic on a line of thousands of readings (a paste of "bus 37 bus 37 …"
        // would take 6 s), which no entry has — such a line keeps them as read.
        if s.patterns.count + s.moneys.count <= DraftStage.weighedReadings {
            resolveLabels(&s)
            resolveYears(&s)
        }
        if s.moneys.isEmpty {
            for (k, p) in s.patterns.enumerated() {
                guard case .date(_, let weak, _) = p.value, weak, p.match.end == p.match.start + 1,
                      let value = NumericForms.number(numberText(p.match.start), conventions: conventions) else { continue }
                let number = NumberMatch(value: value, start: p.match.start, end: p.match.end, hasWords: false,
                                         hasDigits: true)
                s.moneys.append(MoneyMatch(value: value, currency: nil, start: p.match.start, end: p.match.end,
                                           number: number))
                s.roles[p.match.start] = .money(0)
                s.patterns[k].value = .quantity  // no longer a date
                break
            }
        }
        markPurposeDates(&s)
        dropBalances(&s)
        dropMasks(&s)
        applyCorrections(&s)
        applyAlternatives(&s)
        applyChange(&s)
        markExchanges(&s)
        markCharges(&s)
        markTotals(&s)
        markQuantities(&s)
        markMistypedYears(&s)
        markUnitPrices(&s)
        markShares(&s)
        silenceSigns(&s)
        let parts = split(s)
        var drafts: [Draft] = []
        drafts.reserveCapacity(parts.count)  // one allocation, not a growth from empty
        var reasons: [Why] = []  // all drafts' explanations in one list, each marked with its draft
        reasons.reserveCapacity(parts.count * 6)
        var questions: [Question] = []
        var carry = Carry()
        // A date said only in the last part of several applies to all of them.
        if parts.count > 1, firstDate(s, parts[parts.count - 1]) != nil,
           !parts.dropLast().contains(where: { firstDate(s, $0) != nil }) {
            carry.date = firstDate(s, parts[parts.count - 1])
            carry.dateAt = parts[parts.count - 1].start
        }
        if let batch = batchAccount(&s) { carry.account = batch }
        for part in parts {
            let (draft, asks) = build(part, s, &carry, index: drafts.count, reasons: &reasons)
            drafts.append(draft)
            if !asks.isEmpty { questions += asks }  // most parts ask nothing: no append call
        }
        return (drafts, reasons, questions, carry.error)
    }

    struct Carry {
        var date: (CivilDate, Why, CivilDate?)?
        /// Where the carried date was said (its part's first token).
        var dateAt = 0
        var account: (String, Why)?
        var currency: (Currency, Why)?
        /// An amount out of bounds (too many digits or decimals): the whole line is refused.
        var error: ParseError?
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
            var separated = false, onlyCommas = true
            for j in m.end..<next.start {
                if case .sep = s.roles[j] { separated = true; if !tokens[j].isPunct(",") { onlyCommas = false } }
            }
            // "Meloman, two books, 7,800": commas of dictation around a price said alone are
            // pauses, not new purchases: the price is the stretch's, and "two" counts the books.
            if !separated || (onlyCommas && standsAlone(s, next)) { s.moneys[k].isQuantity = true }
        }
    }

    /// "three teas and a cake, 2,900 total", «обед на троих, итого 9000»: an amount said with a
    /// `total` word is the sum of the line; the small counts said before it ("three", "два")
    /// count things, even across "and" and commas. The total word leaves the note.
    func markTotals(_ s: inout LineScan) {
        guard ids.total >= 0, s.moneys.count > 1 else { return }
        for t in s.moneys.indices.reversed() {
            let m = s.moneys[t]
            var after = m.end
            while after < tokens.count, tokens[after].kind == .punct { after += 1 }
            var said: Range<Int>?
            if case .plain = s.roles[min(after, tokens.count - 1)], after < tokens.count,
               let (_, end) = matchClass(after, ids.total) { said = after..<end }
            // Before the amount: "в итоге 4200", Whisper's «и того 4200» (whose «и» was read as
            // the start of a new entry).
            guard let words = said ?? phrase(ids.total, endingBefore: m.start, s) else { continue }
            for k in words { s.roles[k] = .filler }
            for k in 0..<t {
                let c = s.moneys[k]
                guard c.currency == nil, let v = c.value.intValue, v > 0, v <= 20, c.end < tokens.count,
                      tokens[c.end].kind == .word, case .plain = s.roles[c.end] else { continue }
                s.moneys[k].isQuantity = true
            }
            return
        }
    }

    /// "four tickets, 2,500 each", «три пива по 1200»: a price said with an `each` word after
    /// it (or an `each-before` word before it) is a unit price; with a count of things said in
    /// the same stretch (a quantity, markQuantities), the amount is count × price.
    func markUnitPrices(_ s: inout LineScan) {
        guard ids.each >= 0 || ids.eachBefore >= 0, !s.moneys.isEmpty else { return }
        for p in s.moneys.indices where !s.moneys[p].isQuantity {
            let m = s.moneys[p]
            // A punctuation mark the grammar names ("3 tickets @ 2000") counts as a word here.
            let before = m.start > 0 && has(m.start - 1, ids.eachBefore) && s.roles[m.start - 1].isPlainOrPunct
            var unit: Range<Int>?
            if m.end < tokens.count, case .plain = s.roles[m.end], let (_, end) = matchClass(m.end, ids.each) {
                // Said on both sides ("at 4 200 per kilo", «по 4200 за кг»): both leave the note.
                unit = (before ? m.start - 1 : m.end)..<end
            } else if before {
                unit = (m.start - 1)..<m.start
            }
            guard let words = unit else { continue }
            // The count: the number right before the price, before a word ("2 coffees"), or a
            // quantity pattern ("four tickets", «два билета»), with nothing between but words and
            // commas of dictation (no "and", no sentence end).
            guard let (count, countStart, countEnd) = countBefore(p, s), count >= 2, count <= 1000,
                  !(countEnd..<m.start).contains(where: { if case .sep = s.roles[$0] { return !tokens[$0].isPunct(",") }; return false })
            else { continue }
            if p > 0, s.moneys[p - 1].start == countStart { s.moneys[p - 1].isQuantity = true }
            s.moneys[p].value = m.value.multiplied(by: ExactNumber(units: count)) ?? ExactNumber.tooLarge
            s.moneys[p].countStart = countStart
            for k in words where !(m.start..<m.end).contains(k) { s.roles[k] = .money(p) }
            if words.lowerBound < m.start { s.moneys[p].start = words.lowerBound }
            if words.upperBound > m.end { s.moneys[p].end = words.upperBound }
        }
    }

    /// The count said before the price `p`: the amount right before it, when a word follows
    /// it ("2 coffees"), or else the last quantity pattern before it ("four tickets").
    func countBefore(_ p: Int, _ s: LineScan) -> (Int64, Int, Int)? {
        let m = s.moneys[p]
        if p > 0 {
            let q = s.moneys[p - 1]
            // "beer 3@1100": the count right before the unit-price mark counts too.
            if q.currency == nil, let v = q.value.intValue, q.end < tokens.count,
               tokens[q.end].kind == .word || (q.end == m.start - 1 && has(q.end, ids.eachBefore)) {
                return (v, q.start, q.end)
            }
        }
        for pm in s.patterns.reversed() where pm.match.end <= m.start && (p == 0 || pm.match.start >= s.moneys[p - 1].end) {
            guard case .quantity = pm.value else { continue }
            for k in pm.match.start..<min(pm.match.start + 2, pm.match.end) {
                if let c = money.readMoney(at: k), c.currency == nil, c.end <= pm.match.end, let v = c.value.intValue {
                    return (v, pm.match.start, pm.match.end)
                }
            }
            return nil
        }
        return nil
    }

    /// "taxi 20 november 2100", «такси 5 декабря 2000»: four bare digits that end a day-month
    /// read as its year — but when it is no year a purchase is logged in (not this year or the
    /// next or last) and the stretch of the line (between separators) has no amount, they are
    /// the price, and the date is the day and month alone (the most recent past one, as any date
    /// said without its year). A year said as one («2000 года», "05.12.2000") is the year.
    func resolveYears(_ s: inout LineScan) {
        for p in s.patterns.indices {
            guard case .date(let date, _, _) = s.patterns[p].value else { continue }
            let match = s.patterns[p].match
            let year = match.end - 1
            guard year > match.start, hot.actions[match.pattern] == .daymonth, tokens[year].kind == .number,
                  tokens[year].digitsOnly, length(year) == 4, tokens[year].plainValue?.intValue == Int64(date.year),
                  abs(date.year - context.today.year) > 1 else { continue }
            var left = match.start, right = match.end
            while left > 0 { if case .sep = s.roles[left - 1] { break }; left -= 1 }
            while right < tokens.count { if case .sep = s.roles[right] { break }; right += 1 }
            guard !s.moneys.contains(where: { !$0.isQuantity && $0.start >= left && $0.end <= right }),
                  let money = self.money.readMoney(at: year), money.start == year else { continue }
            // Only what the date held: a currency after it ("2100 tenge") joins when nothing took it.
            if money.end > match.end, !(match.end..<money.end).allSatisfy({ s.roles[$0].isPlainOrPunct }) { continue }
            let dates = DateStage(self.money.numbers)
            guard let day = dates.recent(month: date.month, day: date.day) else { continue }
            s.patterns[p] = (PatternMatch(pattern: match.pattern, start: match.start, end: year),
                             .date(day, weak: false, alternative: dates.soon(month: date.month, day: date.day)))
            let at = insert(money, into: &s)
            for j in year..<money.end { s.roles[j] = .money(at) }
        }
    }

    /// "coffee 500 on 31 february 3026", "coffee 500 on 8 march 3026": four bare digits right
    /// after a day-month (one that exists or not), in a stretch that already has its price, are
    /// a year said wrong (kept in the note), not a second purchase. Alone ("flowers 8 march
    /// 2500", "lunch 30 feb 2500") they are the price.
    func markMistypedYears(_ s: inout LineScan) {
        guard s.moneys.count > 1 else { return }
        for k in s.moneys.indices {
            let m = s.moneys[k]
            guard !m.isQuantity, m.currency == nil, m.end == m.start + 1, tokens[m.start].digitsOnly, length(m.start) == 4,
                  m.start > 0, case .pattern(let p) = s.roles[m.start - 1],
                  hot.actions[s.patterns[p].match.pattern] == .daymonth else { continue }
            let priced = s.moneys.indices.contains { j in
                guard j != k, !s.moneys[j].isQuantity else { return false }
                let (a, b) = j < k ? (s.moneys[j].end, m.start) : (m.end, s.moneys[j].start)
                return !(a..<b).contains { if case .sep = s.roles[$0] { return true }; return false }
            }
            if priced { s.moneys[k].isQuantity = true }
        }
    }

    /// Whether an amount has no words of its own between the commas or separators around it
    /// (dates, times and fillers may stand with it).
    func standsAlone(_ s: LineScan, _ m: MoneyMatch) -> Bool {
        var j = m.start - 1
        while j >= 0 {
            if case .sep = s.roles[j] { break }
            if isPlain(s, j) { return false }
            j -= 1
        }
        j = m.end
        while j < tokens.count {
            if case .sep = s.roles[j] { break }
            if isPlain(s, j) { return false }
            j += 1
        }
        return true
    }

    /// Whether a correction word ("I mean", "no wait", "точнее", "ой нет") lies in tokens a..<b.
    func correctionBetween(_ a: Int, _ b: Int) -> Bool {
        guard ids.correction >= 0 else { return false }
        for j in a..<max(a, b) where matchClass(j, ids.correction) != nil { return true }
        return false
    }

    /// "parking 800, I mean 900", "в понедельник, нет, в воскресенье": the corrected amount or
    /// date wins. The value taken back and the correction words become fillers, so one draft is
    /// left and neither shows in the note.
    func applyCorrections(_ s: inout LineScan) {
        guard ids.correction >= 0, lineBits & (ids.correction < 64 ? 1 << UInt64(ids.correction) : ~0) != 0 else { return }
        func silence(_ a: Int, _ b: Int) {
            for j in a..<b { s.roles[j] = tokens[j].kind == .punct ? .punct : .filler }
        }
        // The correction words between a and b, and the commas around them.
        func silenceCorrections(_ a: Int, _ b: Int) {
            var j = a
            while j < b {
                if tokens[j].kind == .punct { s.roles[j] = .punct; j += 1; continue }
                if let (_, end) = matchClass(j, ids.correction) { silence(j, min(end, b)); j = end; continue }
                j += 1
            }
        }
        var k = 1
        while k < s.moneys.count {
            let previous = s.moneys[k - 1], current = s.moneys[k]
            guard correctionBetween(previous.end, current.start) else { k += 1; continue }
            silence(previous.start, previous.end)
            silenceCorrections(previous.end, current.start)
            // "3000, no, three and a half" (Whisper writes "3000, no, 3.5"): a correction in
            // words or with a fraction, far below the amount it takes back, keeps that amount's
            // thousands (3,500, not 3.50). A whole number in digits ("800, I mean 90") is as said.
            if current.currency == nil, current.number.hasWords || !current.value.isInteger,
               let shortened = sameThousands(current.value, as: previous.value) {
                s.moneys[k].value = shortened
            }
            s.moneys.remove(at: k - 1)
            for j in 0..<tokens.count { if case .money(let m) = s.roles[j], m >= k { s.roles[j] = .money(m - 1) } }
        }
        var previousDate: Int?
        for p in s.patterns.indices {
            guard case .date = s.patterns[p].value else { continue }
            if let q = previousDate, correctionBetween(s.patterns[q].match.end, s.patterns[p].match.start) {
                silence(s.patterns[q].match.start, s.patterns[q].match.end)
                silenceCorrections(s.patterns[q].match.end, s.patterns[p].match.start)
            }
            previousDate = p
        }
    }

    /// "taxi 1500 or 2000", "spent 10 or 15 thousand", «то ли 1500, то ли 2000»: two amounts with
    /// only an `alternative` word between them (commas and fillers too) are one amount said two
    /// ways. The first leaves the line (with the words between), the second keeps it as its
    /// `alternative`, in its own thousands ("10 or 15 thousand" is 10,000 or 15,000): asked.
    func applyAlternatives(_ s: inout LineScan) {
        guard ids.alternative >= 0, lineBits & (ids.alternative < 64 ? 1 << UInt64(ids.alternative) : ~0) != 0 else { return }
        var removed = Set<Int>()
        var last = 0
        for k in s.moneys.indices.dropFirst() {
            defer { last = k }
            let previous = s.moneys[last], current = s.moneys[k]
            var j = previous.end, said = false
            while j < current.start {
                if let (_, end) = matchClass(j, ids.alternative) { said = true; j = end; continue }
                guard tokens[j].kind == .punct && !tokens[j].isPunct(".") && !tokens[j].isPunct(";")
                        || { if case .filler = s.roles[j] { return true }; return false }() else { break }
                j += 1
            }
            guard said, j == current.start, !previous.isQuantity, !current.isQuantity, previous.exchange == nil,
                  current.exchange == nil, previous.currency == nil || previous.currency == current.currency else { continue }
            for t in previous.start..<current.start { s.roles[t] = tokens[t].kind == .punct ? .punct : .filler }
            s.moneys[k].alternative = sameThousands(previous.value, as: current.value) ?? previous.value
            removed.insert(last)
        }
        removeMoneys(removed, &s)
    }

    /// Takes the amounts `removed` (indices) out of the line at once, their tokens' roles already
    /// changed: the others' indices in the roles follow (one pass, whatever the count).
    func removeMoneys(_ removed: Set<Int>, _ s: inout LineScan) {
        guard !removed.isEmpty else { return }
        var index = [Int](repeating: -1, count: s.moneys.count)
        var kept = 0
        for k in s.moneys.indices where !removed.contains(k) { index[k] = kept; kept += 1 }
        for t in s.roles.indices { if case .money(let m) = s.roles[t], index[m] >= 0 { s.roles[t] = .money(index[m]) } }
        for k in s.moneys.indices where index[k] >= 0 { s.moneys[index[k]] = s.moneys[k] }
        s.moneys.keepFirst(kept)
    }

    /// "paid 10k at the store, got 1 650 change", «дала 10 тысяч, получила сдачу 1650»: change
    /// given back is said beside the second amount (a `change-back` word right before or after
    /// it) in the sentence of the first: one payment of the difference. The change, its words and
    /// a verb of getting before them ("got", «получила») leave the line.
    func applyChange(_ s: inout LineScan) {
        guard ids.changeBack >= 0, lineBits & (ids.changeBack < 64 ? 1 << UInt64(ids.changeBack) : ~0) != 0 else { return }
        func quiet(_ j: Int) -> Bool {
            if tokens[j].kind == .punct { return !tokens[j].isPunct(".") && !tokens[j].isPunct(";") }
            switch s.roles[j] {
            case .plain, .filler: return true
            default: return false
            }
        }
        var removed = Set<Int>()
        var last = 0
        for k in s.moneys.indices.dropFirst() {
            let previous = s.moneys[last], current = s.moneys[k]
            // The change words: right after the amount, or ending right before it (commas and
            // stop words between).
            var words: Range<Int>?
            if current.end < tokens.count, let (_, end) = matchClass(current.end, ids.changeBack) { words = current.end..<end }
            if words == nil {
                var j = current.start - 1
                while j > previous.end, tokens[j].kind == .punct || has(j, ids.stop) { j -= 1 }
                for start in stride(from: j, through: max(previous.end, j - 2), by: -1) {
                    if let (_, end) = matchClass(start, ids.changeBack), end == j + 1 { words = start..<end; break }
                }
            }
            guard let words, current.currency == nil || current.currency == previous.currency,
                  !previous.isQuantity, !current.isQuantity, previous.exchange == nil, current.value < previous.value,
                  current.start - previous.end <= 12, (previous.end..<current.start).allSatisfy(quiet),
                  let rest = previous.value.subtracting(current.value) else { last = k; continue }
            // What leaves: the change and its words, and the verb of getting right before them
            // ("got 1 650 change", «получила сдачу 1650»: one plain word, no keyword).
            var from = min(words.lowerBound, current.start)
            while from > previous.end, tokens[from - 1].kind == .punct || has(from - 1, ids.filler) { from -= 1 }
            if from > previous.end, tokens[from - 1].kind == .word, quiet(from - 1), matchClass(from - 1, ids.category) == nil {
                from -= 1
            }
            for t in from..<max(words.upperBound, current.end) { s.roles[t] = tokens[t].kind == .punct ? .punct : .filler }
            s.moneys[last].value = rest
            removed.insert(k)
        }
        removeMoneys(removed, &s)
    }

    /// `value` scaled by the thousands of `taken` when it is below 100 and `taken` is 1,000 or
    /// more ("three and a half" after 3000 → 3,500); nil when it needs no scaling.
    func sameThousands(_ value: ExactNumber, as taken: ExactNumber) -> ExactNumber? {
        guard value < ExactNumber(units: 100), let whole = taken.normalized.intValue, whole >= 1000 else { return nil }
        var scale: Int64 = 1
        while whole / scale >= 1000 { scale *= 1000 }
        return scale > 1 ? value.multiplied(by: ExactNumber(units: scale)) : nil
    }

    /// A name's number ("route 37", "iPhone 15 case", "for 2027") stays in the note when the
    /// same stretch of the line (up to "and", a comma or a separator) has a price for it;
    /// otherwise it is the amount after all ("bus 150", "taxi 2000 bus 150").
    /// Right to left: of two names in one stretch ("route 92 bus 150"), the last number is the
    /// price when there is no other, and the first then has it.
    func resolveLabels(_ s: inout LineScan) {
        for p in s.patterns.indices.reversed() {
            guard case .label = s.patterns[p].value else { continue }
            let label = s.patterns[p].match
            var left = label.start
            while left > 0 { if case .sep = s.roles[left - 1] { break }; left -= 1 }
            var right = label.end
            if right < tokens.count, tokens[right].isPunct(",") { right += 1 }
            while right < tokens.count { if case .sep = s.roles[right] { break }; right += 1 }
            var kept = false
            // The keywords naming the label's own thing, read once (not once per amount after it).
            var named: [String]?
            for m in s.moneys where m.start >= left && m.end <= right {
                if m.start >= label.end {
                    // "samsung galaxy 24 charger 7 500": a keyword of the same category goes on
                    // naming the same thing; another category names a new item ("bus 150 taxi 2000").
                    if named == nil { named = keywordSlugs(left, label.end) }
                    kept = !hasKeyword(s, label.end, m.start, besides: named ?? [])
                } else {
                    kept = !hasKeyword(s, label.start, label.end) && !hasKeyword(s, m.end, label.start)
                }
                if kept { break }
            }
            if kept { continue }
            // The amount after all: the label's last number and what follows it (a currency).
            var digits = label.end - 1
            while digits > label.start, tokens[digits].kind != .number { digits -= 1 }
            guard tokens[digits].kind == .number, var money = self.money.readMoney(at: digits) else { continue }
            if money.end < label.end { money.end = label.end }
            var free = true
            for j in label.end..<money.end { if case .plain = s.roles[j] {} else if tokens[j].kind != .punct { free = false } }
            if !free, let value = tokens[digits].plainValue {
                money = MoneyMatch(value: value, currency: nil, start: digits, end: label.end,
                                   number: NumberMatch(value: value, start: digits, end: digits + 1, hasWords: false, hasDigits: true))
            }
            s.patterns[p].value = .quantity
            let at = insert(money, into: &s)
            for j in label.start..<digits where tokens[j].kind != .punct { s.roles[j] = .plain }
            for j in digits..<money.end { s.roles[j] = .money(at) }
        }
    }

    /// Adds an amount found late (a name's or a date's number) in line order, and returns its
    /// index; the roles of the amounts after it move up by one. The caller gives it its tokens.
    func insert(_ money: MoneyMatch, into s: inout LineScan) -> Int {
        let at = s.moneys.indices.first { s.moneys[$0].start > money.start } ?? s.moneys.count
        for j in 0..<tokens.count { if case .money(let m) = s.roles[j], m >= at { s.roles[j] = .money(m + 1) } }
        s.moneys.append(money)
        var k = s.moneys.count - 1
        while k > at { s.moneys[k] = s.moneys[k - 1]; k -= 1 }
        s.moneys[at] = money
        return at
    }

    /// Whether a category keyword begins at a plain word in a..<b: then a new item is named there.
    func hasKeyword(_ s: LineScan, _ a: Int, _ b: Int, besides known: [String] = []) -> Bool {
        for j in a..<max(a, b) where tokens[j].kind == .word {
            if let (e, _) = matchClass(j, ids.category), !known.contains(grammar.entries[e].value) { return true }
        }
        return false
    }

    /// The categories of the keywords in tokens a..<b.
    func keywordSlugs(_ a: Int, _ b: Int) -> [String] {
        var out: [String] = []
        for j in a..<max(a, b) where tokens[j].kind == .word {
            if let (e, _) = matchClass(j, ids.category) { out.append(grammar.entries[e].value) }
        }
        return out
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
        // Notes said before their amounts: plain words, or a count of things ("four tickets, 2,500 each").
        var noteFirst = false
        for k in 0..<s.moneys[firstAmount].start where (isPlain(s, k) && !has(k, ids.stop)) || isCountedThing(s, k) { noteFirst = true }
        var parts: [Part] = []
        var start = 0
        var a = firstAmount
        while true {
            let m = s.moneys[a], following = s.moneys[next]
            // The last separator between the amounts ends this part. A sentence's end is the
            // stronger one ("Coffee, 1,500. Lunch, 4,000." names lunch in the second sentence);
            // and where each note is said before its amount ("coffee, 1500, lunch, 4000"), the
            // last separator before the next note's first word is.
            var sep: Int?, sentenceEnd: Int?, beforeNextNote: Int?
            var noteSeen = false
            for j in m.end..<following.start {
                guard case .sep = s.roles[j] else {
                    if (isPlain(s, j) && !has(j, ids.stop)) || isCountedThing(s, j) { noteSeen = true }
                    continue
                }
                sep = j
                if !noteSeen { beforeNextNote = j }
                if tokens[j].kind == .punct, tokens[j].scalar != 0x2C, tokens[j].scalar != 0x3B { sentenceEnd = j }
            }
            if let j = sentenceEnd { sep = j } else if noteFirst, noteSeen, let j = beforeNextNote { sep = j }
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

    /// "coffee 800, lunch 2700 - all from kaspi", «…, всё с каспи»: an account said right after
    /// a `batch` word is the account of every part that names none of its own, the parts before
    /// it included. The batch word leaves the note.
    func batchAccount(_ s: inout LineScan) -> (String, Why)? {
        guard ids.batch >= 0 else { return nil }
        // "all on kaspi", «всё на каспи» name the account paid from too; "all into savings"
        // is where money goes, not the batch's account.
        for a in s.accounts where a.direction <= 0 || !a.keeps {
            var j = a.start - 1
            // "all on halyk": stop words may stand between.
            while j >= 0, tokens[j].kind == .punct || (has(j, ids.stop) && !has(j, ids.batch)) { j -= 1 }
            // The batch phrase ends right before the account: its first word is at most a few back.
            for start in stride(from: j, through: max(0, j - 3), by: -1) {
                guard case .plain = s.roles[start], let (_, end) = matchClass(start, ids.batch), end == j + 1 else { continue }
                for k in start..<end { s.roles[k] = .filler }
                return (a.name, why("account", a.start, a.end, a.rule))
            }
        }
        return nil
    }

    /// "+185.000 KZT", "-3 000 ₸": a sign mark glued to an amount is read with it (DraftBuilder.
    /// leadingSign gives its meaning), not a word of the note.
    func silenceSigns(_ s: inout LineScan) {
        guard ids.sign >= 0 else { return }
        for m in s.moneys where m.start > 0 && tokens[m.start - 1].kind != .word && tokens[m.start].glued {
            let k = m.start - 1
            if has(k, ids.sign), k == 0 || !tokens[k].glued, case .plain = s.roles[k] { s.roles[k] = .filler }
        }
    }

    /// Whether token k is part of a quantity pattern ("four tickets"): words of the note.
    func isCountedThing(_ s: LineScan, _ k: Int) -> Bool {
        guard case .pattern(let p) = s.roles[k], case .quantity = s.patterns[p].value else { return false }
        return true
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

    /// The longest phrase of class `cls`, of up to three words no other reading took, that ends
    /// right before token `k` (punctuation between allowed): "available balance", not "balance".
    func phrase(_ cls: Int, endingBefore k: Int, _ s: LineScan) -> Range<Int>? {
        var before = k - 1
        while before >= 0, tokens[before].kind == .punct { before -= 1 }
        guard before >= 0 else { return nil }
        for start in max(0, before - 2)...before {
            guard let (_, end) = matchClass(start, cls), end == before + 1,
                  (start...before).allSatisfy({ s.roles[$0].isPlainOrSep }) else { continue }
            return start..<end
        }
        return nil
    }

    /// A pasted bank notice: "Покупка: 2 500 ₸ в MAGNUM. Доступно: 150 000 ₸", "Purchase of 15.00
    /// USD at NETFLIX. Available balance: 120,000.00 KZT". An amount right after a `balance`
    /// phrase (punctuation between) is what the account holds, not a second purchase: it and
    /// the phrase leave the line, when another amount is there to be the purchase.
    func dropBalances(_ s: inout LineScan) {
        guard ids.balance >= 0, s.moneys.count > 1 else { return }
        for p in s.moneys.indices {
            let m = s.moneys[p]
            guard let words = phrase(ids.balance, endingBefore: m.start, s), s.moneys.indices.contains(where: { $0 != p && !s.moneys[$0].isQuantity }) else { continue }
            s.moneys[p].isQuantity = true
            for k in words.lowerBound..<m.end where tokens[k].kind != .punct || k >= words.upperBound { s.roles[k] = .filler }
        }
    }

    /// A card's mask in a pasted bank notice: "Карта *2291", "Kaspi Gold *2291", "VISA **4410".
    /// Digits glued after "*" (or "#", "№") right after an account's name or a `mask` word are
    /// which card paid, not a second purchase: they and their mark leave the line, when another
    /// amount is there to be the purchase. Alone they stay, asked as a code (DoubtRules). Mask
    /// words that name no account ("VISA") leave with them; a generic account word ("Карта")
    /// stays the account, unless the line names another one ("ATM HALYK … Карта *4410": the
    /// card is Halyk's, not a second account to move the money to).
    func dropMasks(_ s: inout LineScan) {
        guard s.moneys.count > 1 else { return }
        for p in s.moneys.indices {
            let m = s.moneys[p]
            guard !m.isQuantity, m.currency == nil, let code = codeAt(m.number.start) else { continue }
            var before = code.lowerBound - 1
            while before >= 0, tokens[before].kind == .punct { before -= 1 }
            guard before >= 0, s.moneys.indices.contains(where: { $0 != p && !s.moneys[$0].isQuantity }) else { continue }
            var words: Range<Int>?
            if case .account(let a) = s.roles[before] {
                let mention = s.accounts[a]
                words = mention.start..<mention.start  // the account stays
                if ids.mask >= 0, matchClass(mention.start, ids.mask)?.end == mention.end,
                   s.accounts.contains(where: { $0.name != mention.name && isAccount(s, $0) }) {
                    words = mention.start..<mention.end
                }
            } else if ids.mask >= 0, let phrase = phrase(ids.mask, endingBefore: code.lowerBound, s) {
                words = phrase
            }
            guard let words else { continue }
            s.moneys[p].isQuantity = true
            for k in words { s.roles[k] = .filler }
            for k in code.lowerBound..<max(code.upperBound, m.end) { s.roles[k] = .filler }
        }
    }

    /// Whether `mention` is still read as an account (its first word's role).
    func isAccount(_ s: LineScan, _ mention: AccountMention) -> Bool {
        if case .account = s.roles[mention.start] { return true }
        return false
    }

    /// "tickets for december 5", «билеты на 5 декабря», «цветы к 8 марта», "concert tickets for
    /// the 30th": a calendar day after a `date-purpose` word that comes sooner ahead than it went
    /// behind is what the purchase is for — bought today (or on another date said), not a year
    /// ago. A day just passed keeps its date ("flowers for March 8" said on the 10th was bought
    /// for the day, around it), as does one said with its year.
    func markPurposeDates(_ s: inout LineScan) {
        guard ids.datePurpose >= 0 else { return }
        let today = context.today
        for p in s.patterns.indices {
            guard case .date(let date, _, _) = s.patterns[p].value else { continue }
            let match = s.patterns[p].match
            let cycle: Int
            switch hot.actions[match.pattern] {
            case .daymonth, .numeric: cycle = 12
            case .dayonly: cycle = 1
            default: continue
            }
            guard has(match.start, ids.datePurpose) || (match.start > 0 && has(match.start - 1, ids.datePurpose)),
                  !saysYear(match), date <= today, let ahead = Self.nextOccurrence(of: date, after: today, everyMonths: cycle),
                  ahead.daysSinceEpoch - today.daysSinceEpoch < today.daysSinceEpoch - date.daysSinceEpoch else { continue }
            s.patterns[p].value = .purpose
        }
    }

    /// Whether a date's words name its year: four digits, or a numeric date with two marks
    /// ("05.12.2025"). Such a date is the one meant, whenever it is.
    func saysYear(_ match: PatternMatch) -> Bool {
        (match.start..<match.end).contains { k in
            guard tokens[k].kind == .number else { return false }
            if tokens[k].digitsOnly { return length(k) == 4 }
            return numberText(k).utf8.filter { $0 == 0x2E || $0 == 0x2F || $0 == 0x2D }.count >= 2
        }
    }

    /// The first day after `today` with `date`'s day (and month, for a yearly cycle).
    static func nextOccurrence(of date: CivilDate, after today: CivilDate, everyMonths cycle: Int) -> CivilDate? {
        var year = date.year, month = date.month
        for _ in 0..<(24 / cycle + 2) {
            month += cycle
            while month > 12 { month -= 12; year += 1 }
            if let next = CivilDate(year: year, month: month, day: date.day), next > today { return next }
        }
        return nil
    }

    /// A second day said in the part, other than `date` and no holiday ("on wednesday or
    /// thursday", «то ли в среду, то ли в четверг»): the two tie. Purpose days ("for december 5")
    /// are no dates here.
    func otherDate(_ s: LineScan, _ part: Part, besides date: CivilDate) -> CivilDate? {
        var k = part.start
        while k < part.end {
            guard case .pattern(let p) = s.roles[k] else { k += 1; continue }
            let pm = s.patterns[p]
            if case .date(let d, _, _) = pm.value, d != date,
               !(ids.holiday >= 0 && (pm.match.start..<pm.match.end).contains(where: { has($0, ids.holiday) })) { return d }
            k = pm.match.end
        }
        return nil
    }

    /// The part's date: the first said, except that a holiday gives way to another date said
    /// with it ("cake for Nauryz, on the 20th": the holiday is what the cake is for).
    func firstDate(_ s: LineScan, _ part: Part) -> (CivilDate, Why, CivilDate?)? {
        var k = part.start
        var holiday: (CivilDate, Why, CivilDate?)?
        while k < part.end {
            if case .pattern(let p) = s.roles[k] {
                let pm = s.patterns[p]
                if case .date(let d, _, let alt) = pm.value {
                    let found = (d, why("date", pm.match.start, pm.match.end, .pattern(Int32(pm.match.pattern))), alt)
                    guard ids.holiday >= 0, (pm.match.start..<pm.match.end).contains(where: { has($0, ids.holiday) }) else { return found }
                    if holiday == nil { holiday = found }
                }
                k = pm.match.end
            } else { k += 1 }
        }
        return holiday
    }
}
