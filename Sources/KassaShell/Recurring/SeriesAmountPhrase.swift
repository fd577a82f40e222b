// SeriesAmountPhrase: a series' new amount said in words — "netflix is 5490 from april",
// «нетфликс теперь 5490 с апреля» — is `recurring amount ID AMOUNT --from DATE` (RecurringCommand,
// Series.changeAmount): one undoable journal change that leaves the past as it was. A line of
// another shape, or naming no series, stays an entry.

import KassaCore
import KassaLedger

enum SeriesAmountPhrase: LinePhrase {
    /// The events of a series' new amount said in words; nil when the line is not of that shape.
    ///
    /// The shape, in words of session.rules `seriesphrase.*`: the series' words, one or more `now`
    /// words ("is now", "теперь стоит"), the amount, one or more `from` words ("начиная с"), the
    /// date ("netflix now 5490 from 1 april", "подписка на netflix теперь стоит 5490 с 1 апреля").
    /// A line of another shape — no `now` word after the first word, no amount, or no date after
    /// the `from` word — is not this phrase ("netflix 5490", "lunch now 3000 from kaspi").
    ///
    /// The series is the one (not archived) whose words hold every word said, leaving out `link`
    /// words and subscription words ("подписка на netflix" → "netflix"), compared as the parser
    /// compares words (case and ё ignored), in the script the series was saved in; one whose words
    /// are exactly those wins over others that hold more. Several: a message, nothing changed.
    /// None: the line is an entry after all — dictation says "lunch is 500 from yesterday" too,
    /// and a spoken entry must never be lost to a phrase it only looks like (the draft shows what
    /// was understood).
    static func events(for line: String, in session: Session) -> [SessionEvent]? {
        let tokens = PhraseWords.split(line)
        let role = { (k: Int) in session.words.name(in: "seriesphrase", for: tokens[k]) }
        guard let now = tokens.indices.dropFirst().first(where: { role($0) == "now" }) else { return nil }
        var amountStart = now
        while amountStart < tokens.count, role(amountStart) == "now" { amountStart += 1 }
        // The last `from` word: an amount may hold one ("две с половиной тысячи с апреля").
        guard let fromEnd = tokens.indices.last(where: { $0 > amountStart && role($0) == "from" }),
              fromEnd + 1 < tokens.count else { return nil }
        var fromStart = fromEnd
        while fromStart - 1 > amountStart, role(fromStart - 1) == "from" { fromStart -= 1 }
        let amountText = tokens[amountStart..<fromStart].joined(separator: " ")
        guard session.parser.amount(in: amountText, context: session.parseContext) != nil,
              let date = Self.date(tokens[(fromEnd + 1)...].joined(separator: " "), in: session) else { return nil }

        let named = (0..<now).filter { role($0) != "link" && session.words.name(in: "recurring", for: tokens[$0]) != "subscription" }
            .map { tokens[$0] }
        let name = tokens[..<now].joined(separator: " ")
        let said = Parser.learningKey(named.joined(separator: " "))
        let candidates = said.isEmpty ? [] : SeriesDialog.all(session.journal).filter { $0.status != .archived }
            .map { ($0, Parser.learningKey($0.note)) }
        let exact = candidates.filter { $0.1 == said }
        let saidWords = Set(said.split(separator: " "))
        let found = exact.isEmpty ? candidates.filter { saidWords.isSubset(of: Set($0.1.split(separator: " "))) } : exact
        guard let series = found.first?.0 else { return nil }
        guard found.count == 1 else {
            let ids = found.map { "#" + String($0.0.id) }.sorted().joined(separator: ", ")
            return session.reject(SessionError("recurring.phrase-ambiguous", ["name": name, "ids": ids]))
        }
        // The amount again, in the series' currency unless another is said.
        var context = session.parseContext
        context.defaultCurrency = series.amount.currency
        guard let amount = session.parser.amount(in: amountText, context: context), amount.currency == series.amount.currency else {
            return session.reject(SessionError("recurring.phrase-currency",
                                               ["id": String(series.id), "note": series.note, "currency": series.amount.currency.code]))
        }
        return session.run(RecurringCommand.self, words: ["amount", String(series.id), amount.decimalString, "--from", date.iso])
    }

    /// The date after a `from` word. A month named without a day means its 1st. A date with a
    /// month name or in digits but without a year ("april", "1 апреля", "01.04") is the next such
    /// date counting the current month: on 20 March "from april" is 1 April this year; on 15 April
    /// still 1 April this year (the price of this month: its due payments not yet recorded take
    /// it); on 20 May it is 1 April next year. Other dates ("from today", "from tomorrow",
    /// "2026-04-01") are read as the parser reads them.
    private static func date(_ text: String, in session: Session) -> CivilDate? {
        let parser = session.parser
        let monthNamed = PhraseWords.split(text).contains { !parser.grammar.values(of: $0, inClass: "month").isEmpty }
        guard monthNamed || !text.contains(where: \.isLetter) else { return parser.date(in: text, context: session.parseContext) }
        // The parser reads a day and month as the most recent one on or before its today; with
        // today the last day of the 11th month ahead, that is one from this month's 1st on.
        let today = session.configuration.today
        let ahead = today.month - 1 + 11
        let year = today.year + ahead / 12, month = ahead % 12 + 1
        guard let end = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month)) else { return nil }
        var context = session.parseContext
        context.today = end
        if let date = parser.date(in: text, context: context) { return date }
        return monthNamed ? parser.date(in: "1 " + text, context: context) : nil
    }
}
