// PeriodSpans: the periods QuestionReader makes of several words together — two days said as
// one span ("from the 20th to the 26th", «с 1 по 15 ноября», "since the 10th"), half of a year
// or month ("the first half of the year", «в первом полугодии»), the weekdays of a week ("on
// weekdays last week", «по будням на этой неделе») — from the `range`, `half` and `period`
// rules of questions.rules and the days the entry grammar reads.

import KassaCore

extension QuestionReader {
    /// Period words that look ahead of today (payments to come), never a span gone by.
    static let ahead: Set<String> = [PeriodWord.nextWeek.rawValue, PeriodWord.nextMonth.rawValue, PeriodWord.nextDays.rawValue]

    /// The span a period match means on `today` (nil: all time).
    func period(of match: Match, today: CivilDate) -> Period? {
        match.period ?? PeriodWord(rawValue: match.name)?.period(today: today, count: match.number ?? 1)
    }

    /// Periods said of another: a `half` cue and the period after it (this year when none is
    /// said) become that half; `weekdays` narrows a week said with it. What cannot be narrowed
    /// (half of a week, the weekdays of a month) is a period kassa does not know, in `unknown`.
    func combinePeriods(_ matches: [Match], words: [String], today: CivilDate, unknown: inout String?) -> [Match] {
        var result: [Match] = []
        var i = 0
        while i < matches.count {
            let match = matches[i]
            guard match.group == .half else { result.append(match); i += 1; continue }
            let first = match.name == "first"
            var end = match.end
            var whole = Period.year(containing: today)
            if i + 1 < matches.count, matches[i + 1].group == .period, matches[i + 1].start == match.end,
               let said = period(of: matches[i + 1], today: today) {
                whole = said
                end = matches[i + 1].end
                i += 1
            }
            i += 1
            guard let half = PeriodWord.half(first, of: whole, today: today) else {
                unknown = words[match.start..<end].joined(separator: " ")
                continue
            }
            result.append(Match(start: match.start, end: end, group: .period, name: "half", period: half, origin: match.origin))
        }
        // The weekdays of the one week said with them.
        guard let days = result.firstIndex(where: { $0.group == .period && $0.name == PeriodWord.weekdays.rawValue }) else { return result }
        let others = result.indices.filter { $0 != days && result[$0].group == .period }
        guard let other = others.first else { return result }
        guard others.count == 1, let week = period(of: result[other], today: today), week.kind == .week else {
            unknown = words[result[days].start..<result[days].end].joined(separator: " ")
            return result
        }
        result[other].period = PeriodWord.weekdays(of: week)
        result.remove(at: days)
        return result
    }

    /// "from the 20th to the 26th", «с 1 по 15 ноября», "between oct 10 and oct 20": two days
    /// around a `range to` word after a `range from` (or `since`) word, one period; a bare day
    /// number takes its month from the other day. "since the 10th", «с понедельника»: a day
    /// alone runs to today.
    func rangeMatch(at start: Int, words: [String], context: ParseContext) -> Match? {
        let today = context.today
        func longest(_ accept: (QuestionGrammar.Phrase) -> Bool, at position: Int) -> (end: Int, origin: String)? {
            var found: (end: Int, origin: String)?
            for phrase in grammar.phrases where accept(phrase) {
                if let (end, _) = match(phrase.elements, words: words, at: position), end > (found?.end ?? position) {
                    found = (end, phrase.origin)
                }
            }
            return found
        }
        guard words.count <= QuestionReader.dayMatchWords,
              let opening = longest({ ($0.group == .range && $0.name == "from") || ($0.group == .month && $0.name == QuestionGroup.since) },
                                    at: start), opening.end < words.count else { return nil }
        // The first day as few words as read it and a `to` word after ("the 20th" of "the 20th to
        // the 26th", which the entry grammar reads whole as the 20th), the second as many.
        let ends = Array(opening.end + 1...min(words.count, opening.end + 4))
        for end in ends {
            guard let first = rangeDay(words[opening.end..<end], context: context),
                  let closing = longest({ $0.group == .range && $0.name == "to" }, at: end), closing.end < words.count else { continue }
            for last in stride(from: min(words.count, closing.end + 4), to: closing.end, by: -1) {
                if let second = rangeDay(words[closing.end..<last], context: context),
                   let span = QuestionReader.span(first, second, today: today) {
                    return Match(start: start, end: last, group: .period, name: "range", period: span, origin: opening.origin)
                }
            }
        }
        // A day alone, to today ("since the 10th", «с 10-го»); a bare number is no day without the other.
        var alone: (from: CivilDate, end: Int)?
        if let day = dayMatch(at: opening.end, words: words, context: context), let from = day.period?.from {
            alone = (from, day.end)
        } else if let marked = longest({ $0.group == .range && $0.name == "day" }, at: opening.end + 1),
                  case .number(let n)? = rangeDay(words[opening.end..<(opening.end + 1)], context: context) {
            var month = Period.month(containing: today)
            if n > today.day { month = Period.month(year: today.year, month: today.month - 1) }
            if let from = CivilDate(year: month.from.year, month: month.from.month, day: n) { alone = (from, marked.end) }
        }
        guard let alone, alone.from <= today else { return nil }
        return Match(start: start, end: alone.end, group: .period, name: "range", period: Period(kind: .range, from: alone.from, to: today),
                     origin: opening.origin)
    }

    /// One end of a range: a day the entry grammar reads, or a bare day of the month.
    enum RangeDay {
        case date(CivilDate)
        case number(Int)
    }

    /// A day the entry grammar reads in `words`, or a bare day number, alone or with a `range
    /// day` word after it («10-го», «10 числа»).
    private func rangeDay(_ words: ArraySlice<String>, context: ParseContext) -> RangeDay? {
        if let date = day(words, context: context) { return .date(date) }
        guard let word = words.first, word.count <= 2, QuestionWords.isDigits(word), let n = Int(word), (1...31).contains(n) else { return nil }
        if words.count == 1 { return .number(n) }
        let marked = grammar.phrases.contains { phrase in
            phrase.group == .range && phrase.name == "day" && match(phrase.elements, words: Array(words), at: 1)?.0 == words.count
        }
        return marked ? .number(n) : nil
    }

    /// The span from one end to the other: a bare number is that day in the other end's month
    /// (the month before or after when the days would run backwards); two bare numbers are
    /// days of the latest month whose second one is not after today.
    static func span(_ a: RangeDay, _ b: RangeDay, today: CivilDate) -> Period? {
        func on(_ month: Period, _ day: Int) -> CivilDate? { CivilDate(year: month.from.year, month: month.from.month, day: day) }
        var from: CivilDate?, to: CivilDate?
        switch (a, b) {
        case let (.date(x), .date(y)):
            (from, to) = (x, y)
        case let (.number(n), .date(y)):
            let month = Period.month(containing: y)
            from = n <= y.day ? on(month, n) : on(Period.month(year: y.year, month: y.month - 1), n)
            to = y
        case let (.date(x), .number(m)):
            let month = Period.month(containing: x)
            from = x
            to = m >= x.day ? on(month, m) : on(Period.month(year: x.year, month: x.month + 1), m)
        case let (.number(n), .number(m)):
            var month = Period.month(containing: today)
            if m > today.day { month = Period.month(year: today.year, month: today.month - 1) }
            to = on(month, m)
            from = n <= m ? on(month, n) : on(Period.month(year: month.from.year, month: month.from.month - 1), n)
        }
        guard let from, let to, from <= to else { return nil }
        return Period(kind: .range, from: from, to: to)
    }
}
