// QuestionReader: reads a line as a question, or says it is not one (nil: the line is an entry).
//
// 1. The line's words are cut into the longest phrases of the questions grammar (QuestionGrammar):
//    kind cues, "how much", type, unit, top-by, period words; month names and years come from the
//    entry grammar ("in February", «в феврале», "in 2025").
// 2. A line is a question when it holds a kind cue or "how much", or opens with a question word
//    or ends with "?" — and no number is left over: "how much? 1500 coffee" and «на такси 2000»
//    are entries (a leftover number is a price).
// 3. What is left is the subject (QuestionSubject), read with the entry grammar's own words:
//    a category, an account, a shop or a person; words none of these are looked for in notes.
// 4. Periods resolve against `today` as DESIGN.md §9 says (PeriodWord); each kind has its default.
//
// Pure: no clock, no journal — the parser context carries today and the person's accounts.

import KassaCore

public struct QuestionReader: Sendable {
    public let grammar: QuestionGrammar
    public let parser: Parser

    public init(grammar: QuestionGrammar, parser: Parser) {
        self.grammar = grammar
        self.parser = parser
    }

    /// A matched stretch of the line: words [start, end) and what they mean.
    struct Match {
        var start: Int
        var end: Int
        var group: QuestionGroup
        var name: String
        var number: Int?
        /// A month or year named through the entry grammar.
        var period: Period?
        var origin: String
    }

    /// The question `line` asks, or nil when it is not one.
    public func read(_ line: String, context: ParseContext) -> Query? {
        let words = QuestionWords.words(line)
        guard !words.isEmpty else { return nil }
        let trimmed = line.trimmed(of: " \t\r\n")
        let marked = trimmed.hasSuffix("?") || trimmed.hasSuffix("？")
        let today = context.today

        // 1. Longest phrases, left to right.
        var matches: [Match] = []
        var leftover: [Int] = []
        var i = 0
        while i < words.count {
            if var match = longestMatch(at: i, words: words, context: context) {
                // «расходы за неделю»: a phrase whose last word begins a longer period («за
                // неделю») gives that word up, when what remains is a phrase too («расходы»);
                // not a half, which is said of the period after it ("the first half of november").
                if match.end - match.start >= 2, match.group != .half, let period = periodMatch(at: match.end - 1, words: words, context: context),
                   period.end > match.end,
                   var shorter = longestMatch(at: 0, words: Array(words[i..<(match.end - 1)]), context: context) {
                    // Read in a window of the phrase's own words (no copy of the line before it).
                    shorter.start += i
                    shorter.end += i
                    match = shorter
                }
                matches.append(match)
                i = match.end
            } else {
                leftover.append(i)
                i += 1
            }
        }

        // "the first half of the year", "on weekdays last week": periods said of another period.
        var unknownPeriod: String?
        matches = combinePeriods(matches, words: words, today: today, unknown: &unknownPeriod)

        // «доходы за месяц», "expenses per month"? With a topic noun and no average asked, words
        // that are a unit and a period alike («за месяц») are the period: a topic and a period
        // ask for a total.
        if matches.contains(where: { $0.group == .topic }),
           !matches.contains(where: { $0.group == .kind && $0.name == QueryKind.average.rawValue }) {
            matches = matches.map { match in
                guard match.group == .unit, let period = periodMatch(at: match.start, words: words, context: context),
                      period.end == match.end else { return match }
                return period
            }
        }

        // 2. Is it a question at all? A number nobody took is a price: an entry.
        if leftover.contains(where: { QuestionWords.isDigits(words[$0]) || numberWord(words[$0]) != nil }) { return nil }
        let kinds = matches.filter { $0.group == .kind }
        let generic = matches.contains { $0.group == .generic }
        let asked = marked || grammar.questionWords.contains(words[0])
        // "coffee this month compared to last month": a period said after "than" compares; so
        // does the one before said without its unit («больше, чем в прошлом»).
        let elliptic = matches.indices.filter { QuestionReader.namesPreviousUnsaid(matches, at: $0) }
        let comparing = matches.indices.contains { QuestionReader.namesPrevious(matches, at: $0) } || !elliptic.isEmpty
        // "income this month", «траты за вчера»: a topic noun and a period ask for a total.
        let topical = matches.contains { $0.group == .topic } && matches.contains { $0.group == .period }
        guard !kinds.isEmpty || generic || asked || comparing || topical else { return nil }

        var query = Query()
        query.asked = asked
        query.cued = !kinds.isEmpty || generic || comparing
        for match in matches where match.group != .filler {
            let text = words[match.start..<match.end].joined(separator: " ")
            var value = match.name
            if let period = match.period { value = period.from.iso + ".." + period.to.iso }
            if let number = match.number { value += value.isEmpty ? String(number) : " \(number)" }
            query.readings.append(Query.Reading(words: text, field: match.group.rawValue, value: value, origin: match.origin))
        }

        // Words after a period opener that no rule took: a period kassa does not know.
        query.unknownPeriod = unknownPeriod
        var subject = leftover
        for (index, match) in matches.enumerated() where match.group == .opener && !elliptic.contains(index) {
            if let next = subject.first(where: { $0 == match.end }) {
                query.unknownPeriod = words[match.start..<match.end].joined(separator: " ") + " " + words[next]
                subject.removeAll { $0 == next }
            }
        }

        // 3. The subject, through the entry grammar.
        readSubject(subject, words: words, capitals: QuestionReader.names(in: line, count: words.count), into: &query,
                    context: context)

        // The kind: the cue first in precedence; "how much" alone is a total, or a balance when
        // only an account is named (and no cue said spending).
        var said = Set(kinds.compactMap { QueryKind(rawValue: $0.name) })
        if comparing { said.insert(.compare) }
        var kind = QueryKind.precedence.first { said.contains($0) }
        let units = matches.filter { $0.group == .unit }
        if kind == nil, !units.isEmpty { kind = .average }
        // "How much" is a total; a question word alone is one only when it names something to
        // count ("what was my income last month"), not "why is the sky blue".
        if kind == nil, generic || topical || (asked && (query.category != nil || query.account != nil
            || matches.contains(where: { $0.group == .type || $0.group == .topic || $0.group == .period }))) {
            kind = .total
        }
        // "How much did I spend from kaspi" said its kind: a total, not what kaspi holds.
        if (kind == .total && !said.contains(.total) || kind == .budget), query.account != nil, query.category == nil,
           query.text == nil, !matches.contains(where: { $0.group == .period || $0.group == .type }) {
            kind = .balance
        }
        // What an account holds has no category and no direction: "how much on fuel went from
        // halyk" («сколько на бензин ушло с халыка») is spending.
        if kind == .balance, query.category != nil || matches.contains(where: { $0.group == .type }) { kind = .total }
        // "how much did I pay for subscriptions last year": a period gone by asks what went on
        // them then — a total of their category — not the series paid now.
        if kind == .subscriptions, let cue = kinds.first(where: { $0.name == QueryKind.subscriptions.rawValue }),
           matches.contains(where: { $0.group == .period && !QuestionReader.ahead.contains($0.name) }) {
            kind = .total
            if query.category == nil {
                query.category = words[cue.start..<cue.end].lazy.compactMap { self.parser.grammar.categorySlug(named: $0) }.first
            }
        }
        // "what's the price of kaspi shares", «какой будет курс доллара»: a price a market sets is
        // in no journal — unless money said to move makes it a question of what was spent or earned.
        if let market = marketWords(words), anywhere(.type, in: words, skipping: []) == nil,
           anywhere(.topic, in: words, skipping: []) == nil {
            kind = nil
            query.market = market
            // The shares' company is no account the question is about ("kaspi shares").
            (query.account, query.category, query.text) = (nil, nil, nil)
        }
        // "did I earn more than I spent", "income vs spending", «заработал больше, чем потратил»:
        // money in compared with money out over one period is what is left, not two periods.
        // A direction said inside the comparison's own words counts ("spend more than I earned").
        var directions = Set(matches.filter { $0.group == .type || $0.group == .topic }.map(\.name))
        for cue in kinds where cue.name == QueryKind.compare.rawValue {
            if let inside = anywhere(.type, in: Array(words[cue.start..<cue.end]), skipping: []) { directions.insert(inside) }
        }
        if kind == .compare, directions.isSuperset(of: [TransactionType.income.rawValue, TransactionType.expense.rawValue]),
           matches.filter({ $0.group == .period }).count <= 1 {
            kind = .net
        }
        query.kind = kind ?? .unknown
        if query.kind == .unknown, !asked { return nil }

        // Type: said, or an income category's, or spending for the kinds that count money out.
        // A type word, even inside another cue («доходы за этот год»).
        if let type = matches.last(where: { $0.group == .type || $0.group == .topic })?.name
            ?? anywhere(.type, in: words, skipping: []) ?? anywhere(.topic, in: words, skipping: []) {
            query.type = TransactionType(rawValue: type)
        }
        if let category = query.category, category == "income" || category.hasPrefix("income/") { query.type = .income }
        // "my last 5 transactions", «последние операции»: a word for any transaction (`type any`)
        // lists every type; else spending for the kinds that count money out.
        let anyType = query.kind == .last && query.type == nil
            && anywhere(.type, in: words, skipping: [], named: QuestionGroup.anyType) != nil
        if query.type == nil, !anyType, [.total, .count, .average, .top, .compare, .last].contains(query.kind) { query.type = .expense }
        if [.balance, .budget, .due, .upcoming, .subscriptions, .net].contains(query.kind) { query.type = nil }

        if let unit = units.last {
            query.unit = Query.AverageUnit(rawValue: unit.name)
        } else if query.kind == .average, anywhere(.cost, in: words, skipping: []) != nil {
            // "average lunch cost", «сколько в среднем стоит обед»: the price of one.
            query.unit = .transaction
        }
        // Top what: a `by` word anywhere, even inside another cue ("самые большие расходы на еду").
        let topCues = matches.filter { $0.group == .kind && $0.name == QueryKind.top.rawValue }
        if let by = anywhere(.by, in: words, skipping: topCues).flatMap(Query.TopBy.init(rawValue:)) { query.topBy = by }
        // "expenses by category", «расходы по категориям»: categories said anywhere, even as the
        // top cue itself, win over the word for what is counted.
        if anywhere(.by, in: words, skipping: [], named: Query.TopBy.category.rawValue) != nil { query.topBy = .category }
        // A due date is asked by the series' name: its words, whatever category they also name.
        if query.kind == .due, query.text == nil {
            let named = subject.map { words[$0] }.filter { !fillerWords.contains($0) && !grammar.questionWords.contains($0) }
            if !named.isEmpty, query.account == nil || query.category != nil { query.text = named.joined(separator: " ") }
        }
        // "What's due next week": no payment named but a period is the list of payments in it.
        if query.kind == .due, query.text == nil, query.category == nil, query.account == nil,
           matches.contains(where: { $0.group == .period }) {
            query.kind = .upcoming
        }
        if let n = kinds.first(where: { $0.name == QueryKind.top.rawValue && $0.number != nil })?.number { query.topCount = min(max(n, 1), 100) }
        if query.kind == .last, let n = kinds.first(where: { $0.name == QueryKind.last.rawValue && $0.number != nil })?.number {
            query.lastCount = min(max(n, 1), 100)
        }

        // 4. Periods (none when the one said is not understood: it is not this month either).
        resolvePeriods(matches, into: &query, today: today)
        if query.unknownPeriod != nil { query.period = nil; query.previous = nil }
        return query
    }

    // MARK: - Matching

    private func longestMatch(at start: Int, words: [String], context: ParseContext) -> Match? {
        let today = context.today
        var best: Match?
        /// A month's preposition alone ("since", «с») says nothing: any other phrase as long wins
        /// («с прошлым месяцем» compares); with its month it is a period (monthOrYear).
        func rank(_ match: Match) -> Int { match.group == .month ? Int.max : match.group.rank }
        func consider(_ match: Match) {
            guard let current = best else { best = match; return }
            let (a, b) = (match.end - match.start, current.end - current.start)
            if a > b || (a == b && rank(match) < rank(current)) { best = match }
        }
        let isNumber = QuestionWords.isDigits(words[start]) || numberWord(words[start]) != nil
        for index in grammar.candidates(startingWith: words[start], isNumber: isNumber) {
            let phrase = grammar.phrases[index]
            if let (end, number) = match(phrase.elements, words: words, at: start) {
                // "the last one", "drop the last one": one is no count of the latest (a draft is named).
                if phrase.group == .kind, phrase.name == QueryKind.last.rawValue, let number, number < 2 { continue }
                consider(Match(start: start, end: end, group: phrase.group, name: phrase.name, number: number, origin: phrase.origin))
            }
        }
        if let dated = monthOrYear(at: start, words: words, today: today) { consider(dated) }
        // A span of days over a day alone as long ("since monday" runs to today).
        if let range = rangeMatch(at: start, words: words, context: context), range.end > (best?.end ?? start) { best = range }
        // A day that would take the first words of a half ("in first half"): the half is read.
        if let day = dayMatch(at: start, words: words, context: context), day.end > (best?.end ?? start),
           !(start + 1..<day.end).contains(where: { halfEnd(at: $0, words: words).map { $0 > day.end } ?? false }) {
            best = day
        }
        return best
    }

    /// "on monday", "last friday", "on the 20th", «в понедельник», «20 ноября»: a day the entry
    /// grammar reads as a date (wholly: no amount, no other word left) is a period of one day.
    func dayMatch(at start: Int, words: [String], context: ParseContext) -> Match? {
        // A question is a sentence: past that a line is no question worth a parse per word.
        guard words.count <= QuestionReader.dayMatchWords else { return nil }
        for end in stride(from: min(words.count, start + 4), to: start, by: -1) {
            if let day = day(words[start..<end], context: context) {
                return Match(start: start, end: end, group: .period, name: "day", period: Period(kind: .range, from: day, to: day),
                             origin: "entry grammar: date")
            }
        }
        return nil
    }

    /// The day `words` are, wholly, as the entry grammar reads them; nil when they are anything else.
    func day(_ words: ArraySlice<String>, context: ParseContext) -> CivilDate? {
        guard !words.isEmpty, words.count <= 4 else { return nil }
        let result = parser.parse(words.joined(separator: " "), context: context)
        // Wholly a day: an account said with it ("on kaspi yesterday") is the account's, not the day's.
        guard result.error == nil, result.drafts.count == 1, let draft = result.drafts.first, draft.amount == nil,
              draft.note.isEmpty, !draft.has(.dateAssumed), draft.recurrence == nil, draft.has(.accountDefault) else { return nil }
        return draft.date
    }

    /// The words of a price a market sets (the first `market` phrase said, longest); those words
    /// stay the subject of a question that says money moved ("spent on shares").
    private func marketWords(_ words: [String]) -> String? {
        let market = grammar.phrases.filter { $0.group == .market }
        for start in words.indices {
            if let end = market.compactMap({ match($0.elements, words: words, at: start)?.0 }).max() {
                return words[start..<end].joined(separator: " ")
            }
        }
        return nil
    }

    /// The end of the longest `half` phrase at `start`, if one is there.
    private func halfEnd(at start: Int, words: [String]) -> Int? {
        grammar.candidates(startingWith: words[start], isNumber: false).compactMap { index -> Int? in
            guard grammar.phrases[index].group == .half else { return nil }
            return match(grammar.phrases[index].elements, words: words, at: start)?.0
        }.max()
    }

    /// The most words a line may have for its days to be looked for with the entry grammar.
    static let dayMatchWords = 40

    /// The longest period phrase at `start` (a month or year too), whatever else is longer there.
    private func periodMatch(at start: Int, words: [String], context: ParseContext) -> Match? {
        let today = context.today
        var best: Match?
        let isNumber = QuestionWords.isDigits(words[start]) || numberWord(words[start]) != nil
        for index in grammar.candidates(startingWith: words[start], isNumber: isNumber) where grammar.phrases[index].group == .period {
            let phrase = grammar.phrases[index]
            if let (end, number) = match(phrase.elements, words: words, at: start), end > (best?.end ?? start) {
                best = Match(start: start, end: end, group: .period, name: phrase.name, number: number, origin: phrase.origin)
            }
        }
        if let dated = monthOrYear(at: start, words: words, today: today), dated.end > (best?.end ?? start) { best = dated }
        return best
    }

    func match(_ elements: [QuestionGrammar.Element], words: [String], at start: Int) -> (Int, Int?)? {
        var i = start
        var number: Int?
        for element in elements {
            guard i < words.count else { return nil }
            let word = words[i]
            switch element {
            case .word(let expected):
                guard word == expected else { return nil }
            case .stem(let stem):
                guard word.hasPrefix(stem), word.count - stem.count <= QuestionGrammar.stemSlack else { return nil }
            case .number:
                if QuestionWords.isDigits(word), word.count <= 4, let value = Int(word) { number = value }
                else if let value = numberWord(word) { number = value }
                else { return nil }
            }
            i += 1
        }
        return (i, number)
    }

    /// A number said in words ("five", «пять»), from the entry grammar's number classes.
    private func numberWord(_ word: String) -> Int? {
        for name in ["ones", "tens"] {
            if let value = parser.grammar.values(of: word, inClass: name).first.flatMap({ Int($0) }) { return value }
        }
        return nil
    }

    /// "in february", «в феврале», "march 2025", "in 2025": a month (with its year) or a year,
    /// through the entry grammar's month names. A bare month of three letters or fewer ("may")
    /// counts only after a preposition of the `month` group.
    private func monthOrYear(at start: Int, words: [String], today: CivilDate) -> Match? {
        var i = start
        var origin = "entry grammar: month"
        let prepositions = grammar.phrases.filter { $0.group == .month }
        var hasPreposition = false, since = false
        // The longest preposition said ("since the start of" over "since").
        for phrase in prepositions {
            if let (end, _) = match(phrase.elements, words: words, at: start), end < words.count, end > i {
                i = end
                hasPreposition = true
                since = phrase.name == QuestionGroup.since
                origin = phrase.origin
            }
        }
        /// "since september": from the month's (or year's) first day to today, when that is past.
        func untilToday(_ period: Period) -> Period {
            guard since, period.from.daysSinceEpoch <= today.daysSinceEpoch else { return period }
            return Period(kind: .range, from: period.from, to: today)
        }
        guard i < words.count else { return nil }
        if let month = parser.grammar.values(of: words[i], inClass: "month").first.flatMap({ Int($0) }),
           hasPreposition || words[i].count > 3 {
            var end = i + 1
            var year: Int?
            if end < words.count, let y = yearValue(words[end]) { year = y; end += 1 }
            return Match(start: start, end: end, group: .period, name: "month", period: untilToday(PeriodWord.month(month, year: year, today: today)),
                         origin: origin)
        }
        if hasPreposition, let year = yearValue(words[i]) {
            let whole = Period.year(containing: CivilDate(year: year, month: 1, day: 1)!)
            let period = whole.contains(day: today.daysSinceEpoch) ? Period(kind: .year, from: whole.from, to: today) : whole
            return Match(start: start, end: i + 1, group: .period, name: "year", period: untilToday(period), origin: origin)
        }
        return nil
    }

    private func yearValue(_ word: String) -> Int? {
        guard word.count == 4, QuestionWords.isDigits(word), let year = Int(word), (1900...2100).contains(year) else { return nil }
        return year
    }

    // MARK: - Periods

    private func resolvePeriods(_ matches: [Match], into query: inout Query, today: CivilDate) {
        var said: [(period: Period?, afterThan: Bool)] = []
        for (index, match) in matches.enumerated() where match.group == .period {
            // "this and last month" compared: this one with the one before.
            if query.kind == .compare, let (now, before) = PeriodWord(rawValue: match.name)?.pair {
                said += [(now.period(today: today), false), (before.period(today: today), true)]
                continue
            }
            let period = self.period(of: match, today: today)
            let afterThan = QuestionReader.namesPrevious(matches, at: index)
            said.append((period, afterThan))
        }
        let thisMonth = PeriodWord.thisMonth.period(today: today)
        switch query.kind {
        case .compare:
            if said.count >= 2 {
                query.period = said[0].period
                query.previous = said[1].period
            } else if let one = said.first, let period = one.period {
                if one.afterThan {
                    query.previous = period
                    query.period = QuestionReader.current(matching: period, today: today)
                } else {
                    query.period = period
                    query.previous = QuestionReader.before(period)
                }
            } else {
                query.period = thisMonth
                query.previous = thisMonth.map(QuestionReader.before)
            }
        case .total, .count, .top, .net:
            query.period = said.isEmpty ? thisMonth : said[0].period
        case .average:
            if let first = said.first { query.period = first.period }
            else if query.unit == .month {
                // The three whole months before this one.
                query.period = Period(kind: .range, from: Period.month(year: today.year, month: today.month - 3).from,
                                      to: Period.month(year: today.year, month: today.month - 1).to)
            } else {
                query.period = thisMonth
            }
        case .last:
            query.period = said.first?.period
        case .upcoming:
            query.period = PeriodWord.ahead(said.first?.period ?? nil, today: today)
        case .balance, .budget, .due, .subscriptions, .unknown:
            query.period = said.first?.period
        }
    }

    /// The match at `index` is a period said right after "than" (or a comparison cue ending in
    /// it, "больше чем"): the period compared with.
    static func namesPrevious(_ matches: [Match], at index: Int) -> Bool {
        guard index > 0, matches[index].group == .period else { return false }
        let before = matches[index - 1]
        return before.end == matches[index].start
            && (before.group == .than || (before.group == .kind && before.name == QueryKind.compare.rawValue))
    }

    /// The match at `index` opens the period before ("last", «прошлом») right after "than" (a
    /// filler between: «чем в прошлом») with no period word of its own: the period compared with
    /// is the one before the period said.
    static func namesPreviousUnsaid(_ matches: [Match], at index: Int) -> Bool {
        guard matches[index].group == .opener, matches[index].name == QuestionGroup.previous else { return false }
        if index + 1 < matches.count, matches[index + 1].start == matches[index].end, matches[index + 1].group == .period { return false }
        var k = index - 1
        if k >= 0, matches[k].group == .filler, matches[k].end == matches[index].start { k -= 1 }
        guard k >= 0 else { return false }
        let before = matches[k]
        return before.end == matches[k + 1].start
            && (before.group == .than || (before.group == .kind && before.name == QueryKind.compare.rawValue))
    }

    /// The name of the last phrase of `group` anywhere in the words, outside the `skipping`
    /// stretches (a top cue's own words: "основные траты" asks for categories).
    private func anywhere(_ group: QuestionGroup, in words: [String], skipping: [Match], named: String? = nil) -> String? {
        var found: String?
        for start in words.indices where !skipping.contains(where: { $0.start <= start && start < $0.end }) {
            for index in grammar.candidates(startingWith: words[start], isNumber: false)
            where grammar.phrases[index].group == group && (named == nil || grammar.phrases[index].name == named) {
                if match(grammar.phrases[index].elements, words: words, at: start) != nil { found = grammar.phrases[index].name }
            }
        }
        return found
    }

    /// The period before `period` to compare with: the whole previous week, month or year for a
    /// calendar period (even one that runs only to today), the same number of days for a range.
    static func before(_ period: Period) -> Period {
        switch period.kind {
        case .week: return Period.week(containing: period.from.adding(days: -7))
        case .month: return Period.month(year: period.from.year, month: period.from.month - 1)
        case .year: return Period.year(containing: CivilDate(year: period.from.year - 1, month: 1, day: 1)!)
        case .range: return period.previous
        }
    }

    /// "than last month": the period now of the same kind as the one compared with.
    static func current(matching previous: Period, today: CivilDate) -> Period {
        switch previous.kind {
        case .week: return PeriodWord.thisWeek.period(today: today)!
        case .year: return PeriodWord.thisYear.period(today: today)!
        case .month: return PeriodWord.thisMonth.period(today: today)!
        case .range: return Period(kind: .range, from: today.adding(days: 1 - previous.dayCount), to: today)
        }
    }
}
